// The order list as a workbench (issue 24): the queues with their counts, filters, the date range and
// pickup store, sortable columns, the operator's saved views, the CSV of exactly this list, the bulk steps
// (ship, payments) with their outcome per order, the packing slips, and the Scrap Metal Box sent from its
// queue. Every step is commerce's (/ops); the screen parses, calls one call and answers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { BULK_MAX, type BulkResult, type SavedView } from '../../../contracts/ops-lists.ts';
import { priceCurrencies, type CurrencyCode } from '../../../contracts/prices.ts';
import type { OpsOrderDetail } from '../../../contracts/ops.ts';
import { parseAmount, todayIso, type Fmt } from '../../format.ts';
import type { OpsError, OpsResult } from '../../ops-client.ts';
import type { Screen } from '../../screen.ts';
import { refused } from '../../session.ts';
import { MessageView, type Viewer } from '../../ui/frame.tsx';
import { notFound, refusalText, send } from '../../ui/page.ts';
import { list, offsetOf, PAGE_SIZE, UUID, type Body, type Notice as PageNotice } from '../../ui/request.ts';
import { PackingSlipsView } from '../packing-slips/view.tsx';
import { sendFile } from '../../files.ts';
import { BulkFormView, BulkResultView, type BulkKind, type BulkValues } from './bulk-view.tsx';
import { allOrders, CSV_MAX_ROWS, csvFileName, ordersCsv } from './csv.ts';
import { listQueryOf, listSearch } from './list-query.ts';
import { OrdersListView } from './view.tsx';

type Notice = PageNotice | null;
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The selected orders of a bulk page: valid ids, each once, at most BULK_MAX. */
const idsOf = (v: string | string[] | undefined) => [...new Set(list(v).filter((id) => UUID.test(id)))].slice(0, BULK_MAX);

export const ordersScreen: Screen = async (app, { ops, signedIn }) => {

  /** The list's notice after a redirect (?notice=...), in the operator's language. */
  function noticeOf(f: Fmt, q: Record<string, string>, views: SavedView[]): Notice {
    switch (q.notice) {
      case 'view-saved': return { kind: 'success', text: f.t('queue.views.saved', { name: views.find((v) => v.id === q.view)?.name ?? '' }) };
      case 'view-deleted': return { kind: 'success', text: f.t('queue.views.deleted') };
      case 'bulk-none': return { kind: 'error', text: f.t('queue.bulk.none') };
      case 'box-sent': return { kind: 'success', text: f.t('queue.box.sent', { number: /^[A-Z]{2}-[BS]-\d{4}-\d{6}$/.test(q.number ?? '') ? q.number : '' }) };
      default: return null;
    }
  }

  app.get('/orders', signedIn(async (req, reply, viewer) => {
    const { f, csrf, token } = req.bo;
    const q = req.query as Record<string, string>;
    const query = listQueryOf(q);
    const offset = offsetOf(q);
    const [res, views, stores] = await Promise.all([
      ops.orders(token, { ...query, limit: PAGE_SIZE, offset }),
      ops.savedViews(token),
      ops.pickupStores(token),
    ]);
    if (res.error) return refused(req, reply, viewer, res.error, f.t('queue.title'));
    const saved = views.data?.results ?? [];
    const pickupStores = (stores.data?.results ?? []).map((s): [string, string] => [s.slug, s.name[f.lang]]);
    return send(reply, 200, f.t('queue.title'), createElement(OrdersListView, { f, csrf, viewer, data: res.data, query, views: saved, pickupStores, limit: PAGE_SIZE, offset }), req, viewer, noticeOf(f, q, saved));
  }));

  // ---------------------------------------------------------------- CSV of exactly this list

  app.get('/orders.csv', signedIn(async (req, reply, viewer) => {
    const { f, token } = req.bo;
    const query = listQueryOf(req.query as Record<string, string>);
    const all = await allOrders(ops, token, query);
    if (all.error) return refused(req, reply, viewer, all.error, f.t('queue.title'));
    if (all.tooMany !== null) {
      const text = f.t('queue.csvTooMany', { count: all.tooMany, max: CSV_MAX_ROWS });
      return send(reply, 422, f.t('queue.title'), createElement(MessageView, { f, text, link: { href: `/orders${listSearch(query)}`, label: f.t('queue.bulk.back') } }), req, viewer, { kind: 'error', text });
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(query, todayIso())}"`)
      .send(ordersCsv(f, all.orders));
  }));

  // ---------------------------------------------------------------- saved views

  app.post('/orders/views', signedIn(async (req, reply, viewer) => {
    const { f, token } = req.bo;
    const b = req.body as Body;
    const query = listQueryOf(Object.fromEntries(new URLSearchParams(str(b.query).replace(/^\?/, ''))));
    const name = str(b.name).slice(0, 60);
    if (!name) return reply.redirect(`/orders${listSearch(query)}`, 303);
    const res = await ops.saveView(token, { name, query });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('queue.views.title'));
    const search = listSearch(query);
    return reply.redirect(`/orders${search}${search ? '&' : '?'}notice=view-saved&view=${res.data.id}`, 303);
  }));

  app.post('/orders/views/:id/delete', signedIn(async (req, reply, viewer) => {
    const { f, token } = req.bo;
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const res = await ops.deleteView(token, id);
    if (res.error) return refused(req, reply, viewer, res.error, f.t('queue.views.title'));
    return reply.redirect('/orders?notice=view-deleted', 303);
  }));

  // ---------------------------------------------------------------- bulk steps

  async function details(token: string | null, f: Fmt, ids: string[]): Promise<{ orders: OpsOrderDetail[]; error: OpsError | null }> {
    const answers = await Promise.all(ids.map((id) => ops.order(token, id, { languageTag: f.lang })));
    const failed = answers.find((a) => a.error);
    return failed?.error ? { orders: [], error: failed.error } : { orders: answers.map((a) => a.data as OpsOrderDetail), error: null };
  }

  async function showBulkForm(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, kind: BulkKind, ids: string[], status = 200, values?: BulkValues, notice: Notice = null) {
    const { f, csrf, token } = req.bo;
    const title = f.t(kind === 'ship' ? 'queue.bulk.shipTitle' : 'queue.bulk.payTitle');
    const { orders, error } = await details(token, f, ids);
    if (error) return refused(req, reply, viewer, error, title);
    return send(reply, status, title, createElement(BulkFormView, { f, csrf, kind, orders, today: todayIso(), values, missing: status === 400 && !notice }), req, viewer, notice);
  }

  app.get('/orders/bulk', signedIn(async (req, reply, viewer) => {
    const q = req.query as Record<string, string | string[]>;
    const ids = idsOf(q.id);
    if (ids.length === 0) return reply.redirect('/orders?notice=bulk-none', 303);
    const kind = str(q.do);
    if (kind === 'slips') return reply.redirect(`/orders/packing-slips?${ids.map((id) => `id=${id}`).join('&')}`, 303);
    if (kind !== 'ship' && kind !== 'pay') return notFound(req, reply, viewer);
    return showBulkForm(req, reply, viewer, kind, ids);
  }));

  // the language links of a result page lead here: back to the list
  app.get('/orders/bulk/:kind', async (_req, reply) => reply.redirect('/orders', 303));

  /** The rows as posted (parallel lists, one entry per row), by order id. */
  function rowsOf(b: Body, fields: string[]): { ids: string[]; values: BulkValues } {
    const ids = list(b.orderId).slice(0, BULK_MAX);
    const cols = Object.fromEntries(fields.map((k) => [k, list(b[k])]));
    const values: BulkValues = {};
    ids.forEach((id, i) => { values[id] = Object.fromEntries(fields.map((k) => [k, str(cols[k][i])])); });
    return { ids: ids.filter((id) => UUID.test(id)), values };
  }

  /** The order numbers the form carried beside the ids (for the rows commerce refused: it names them by id). */
  function numbersOf(b: Body): Record<string, string> {
    const ids = list(b.orderId);
    const numbers = list(b.orderNumber);
    return Object.fromEntries(ids.map((id, i) => [id, /^[A-Z]{2}-[BS]-\d{4}-\d{6}$/.test(numbers[i] ?? '') ? numbers[i] : id]));
  }

  async function showResult(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, kind: BulkKind, result: BulkResult, numbers: Record<string, string>) {
    const { f } = req.bo;
    const reason = (e: NonNullable<BulkResult['results'][number]['error']>) => refusalText(f, e, kind === 'ship' ? 'shipment' : 'payment');
    return send(reply, 200, f.t(kind === 'ship' ? 'queue.bulk.shipTitle' : 'queue.bulk.payTitle'), createElement(BulkResultView, { f, kind, result, numbers, reason }), req, viewer,
      { kind: result.failed > 0 ? 'error' : 'success', text: f.t('queue.bulk.result', { done: result.done, failed: result.failed }) });
  }

  app.post('/orders/bulk/shipments', signedIn(async (req, reply, viewer) => {
    const { f, token } = req.bo;
    const { ids, values } = rowsOf(req.body as Body, ['carrier', 'trackingNumber']);
    if (ids.length === 0) return reply.redirect('/orders?notice=bulk-none', 303);
    if (ids.some((id) => !values[id].carrier || !values[id].trackingNumber)) return showBulkForm(req, reply, viewer, 'ship', ids, 400, values);
    const items = ids.map((orderId) => ({ orderId, carrier: values[orderId].carrier.slice(0, 60), trackingNumber: values[orderId].trackingNumber.slice(0, 60) }));
    const res = await ops.bulkShipments(token, { items });
    if (res.error) {
      if (res.error.status === 400) return showBulkForm(req, reply, viewer, 'ship', ids, 400, values, { kind: 'error', text: refusalText(f, res.error, 'shipment') });
      return refused(req, reply, viewer, res.error, f.t('queue.bulk.shipTitle'), 'shipment');
    }
    return showResult(req, reply, viewer, 'ship', res.data, numbersOf(req.body as Body));
  }));

  app.post('/orders/bulk/payments', signedIn(async (req, reply, viewer) => {
    const { f, token } = req.bo;
    const { ids, values } = rowsOf(req.body as Body, ['amount', 'currency', 'reference', 'valueDate']);
    if (ids.length === 0) return reply.redirect('/orders?notice=bulk-none', 303);
    const currencyOf = (c: string) => priceCurrencies.find((x) => x === c);
    const incomplete = ids.some((id) => !currencyOf(values[id].currency) || !values[id].reference || !/^\d{4}-\d{2}-\d{2}$/.test(values[id].valueDate) || parseAmount(values[id].amount) === null);
    if (incomplete) return showBulkForm(req, reply, viewer, 'pay', ids, 400, values);
    const items = ids.map((orderId) => {
      const v = values[orderId];
      return { orderId, centAmount: parseAmount(v.amount) as number, currency: currencyOf(v.currency) as CurrencyCode, reference: v.reference.slice(0, 140), valueDate: v.valueDate };
    });
    const res = await ops.bulkPayments(token, { items });
    if (res.error) {
      if (res.error.status === 400) return showBulkForm(req, reply, viewer, 'pay', ids, 400, values, { kind: 'error', text: refusalText(f, res.error, 'payment') });
      return refused(req, reply, viewer, res.error, f.t('queue.bulk.payTitle'), 'payment');
    }
    return showResult(req, reply, viewer, 'pay', res.data, numbersOf(req.body as Body));
  }));

  // ---------------------------------------------------------------- packing slips, the Scrap Metal Box

  app.get('/orders/packing-slips', signedIn(async (req, reply, viewer) => {
    const { f, token } = req.bo;
    const ids = idsOf((req.query as Record<string, string | string[]>).id);
    if (ids.length === 0) return reply.redirect('/orders?notice=bulk-none', 303);
    const res = await ops.packingSlips(token, { orderIds: ids, languageTag: f.lang });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('slips.title'));
    return send(reply, 200, f.t('slips.title'), createElement(PackingSlipsView, { f, slips: res.data.slips, pdfHref: `/orders/packing-slips.pdf?${ids.map((id) => `id=${id}`).join('&')}` }), req, viewer);
  }));

  // issue 25: the same slips as one PDF, one page each, each in its order's language
  app.get('/orders/packing-slips.pdf', signedIn(async (req, reply, viewer) => {
    const { f, token } = req.bo;
    const ids = idsOf((req.query as Record<string, string | string[]>).id);
    if (ids.length === 0) return reply.redirect('/orders?notice=bulk-none', 303);
    const res = await ops.packingSlipsPdf(token, { orderIds: ids });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('slips.title'));
    return sendFile(reply, res.data);
  }));

  app.post('/orders/:id/scrap-box-sent', signedIn(async (req, reply, viewer) => {
    const { f, token } = req.bo;
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const res = await ops.scrapBoxSent(token, id, {});
    if (res.error) return refused(req, reply, viewer, res.error, f.t('queue.name.scrap_box_to_send'), 'scrapBoxSent');
    return reply.redirect(`/orders?queue=scrap_box_to_send&notice=box-sent&number=${encodeURIComponent(res.data.summary.orderNumber)}`, 303);
  }));
};
