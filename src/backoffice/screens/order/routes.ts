// The order page and its steps: each step's form becomes the /ops call's body (or the fields the operator must
// correct); a refusal shows the page again with the form as sent and the API's messages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { carrierOf, carrierText, OTHER_CARRIER } from '../../../contracts/carriers.ts';
import { cancelReasonCodes, ORDER_NOTE_MAX, type CancelBody, type OpsAction, type OpsOrderDetail } from '../../../contracts/ops.ts';
import { priceCurrencies } from '../../../contracts/prices.ts';
import { parseAmount, parseMilligrams, type Fmt } from '../../format.ts';
import { sendFile } from '../../files.ts';
import { stepPaths, type OpsClient, type StepRequest } from '../../ops-client.ts';
import type { Screen } from '../../screen.ts';
import { refused, toSignIn } from '../../session.ts';
import type { FieldMessages } from '../../ui/form.tsx';
import type { Viewer } from '../../ui/frame.tsx';
import { fieldMessages, notFound, refusalText, send, shownStatus } from '../../ui/page.ts';
import { str, UUID, type Body, type Notice } from '../../ui/request.ts';
import { stepAnswers } from './answers.ts';
import { documentTypes, OrderDetailView, type ActionFormState, type OrderWorkbench } from './view.tsx';

/**
 * The order page: the detail, and beside it (issue 24) the notes, the customer card and the mails, asked at
 * the same time. The detail a step answered (answers.ts) is shown as it came, not asked for again.
 * Decision: a failed side read leaves its section out rather than the page (the detail is what the operator
 * needs to act).
 */
async function showOrder(
  ops: OpsClient, req: FastifyRequest, reply: FastifyReply, viewer: Viewer, id: string, status: number, form: ActionFormState, notice: Notice | null,
  extra: { known?: OpsOrderDetail | null; noteForm?: OrderWorkbench['noteForm'] } = {},
) {
  const { f, csrf } = req.bo;
  const token = req.bo.token;
  const [res, notes, customer, mails, documents] = await Promise.all([
    extra.known ? { data: extra.known, error: null } : ops.order(token, id, { languageTag: f.lang }),
    ops.notes(token, id),
    ops.customerCard(token, id, { languageTag: f.lang }),
    ops.mails(token, id),
    ops.orderDocuments(token, id),
  ]);
  if (res.error) return refused(req, reply, viewer, res.error, f.t('detail.title', { number: '' }));
  const workbench: OrderWorkbench = {
    notes: notes.data?.results ?? null, customer: customer.data, mails: mails.data?.results ?? null, documents: documents.data?.results ?? null, noteForm: extra.noteForm,
  };
  return send(reply, status, f.t('detail.title', { number: res.data.summary.orderNumber }), createElement(OrderDetailView, { f, csrf, detail: res.data, form, workbench }), req, viewer, notice);
}

/** The carrier the shipment form chose: a listed carrier's name, or "other" with the typed name. */
function shipmentCarrier(f: Fmt, b: Body, fields: FieldMessages): string {
  const choice = str(b.carrier);
  const text = carrierText(choice, str(b.carrierOther)) ?? (choice !== OTHER_CARRIER ? carrierOf(choice)?.name ?? null : null);
  if (text === null) {
    if (choice === OTHER_CARRIER) fields.carrierOther = f.t('field.carrierOther');
    else fields.carrier = f.tAny('validation.required');
  }
  return text ?? '';
}

/** The API body of a step from the form, or the fields the operator must correct. */
function actionBody(f: Fmt, action: OpsAction, b: Body): { step: StepRequest; fields: FieldMessages } {
  const fields: FieldMessages = {};
  const required = f.tAny('validation.required');
  const need = (name: string) => {
    const v = str(b[name]);
    if (!v) fields[name] = required;
    return v;
  };
  const date = (name: string) => {
    const v = need(name);
    if (v && !/^\d{4}-\d{2}-\d{2}$/.test(v)) fields[name] = f.tAny('validation.invalid_date');
    return v;
  };
  const amount = (name: string) => {
    const v = need(name);
    const cents = v ? parseAmount(v) : null;
    if (v && cents === null) fields[name] = f.t('field.amount');
    return cents ?? 0;
  };
  /** one of the values a select offered (a hand-made form may send another) */
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T => {
    const v = need(name);
    const hit = allowed.find((x) => x === v);
    if (v && !hit) fields[name] = f.tAny('validation.invalid_value');
    return hit ?? allowed[0];
  };
  const note = str(b.note);
  // the identity document checked at the counter (pickup, cash payout): all four fields or none (the service
  // says when the order needs it: identity_check_required)
  const identity = () => {
    if (![b.idType, b.idCountry, b.idNumber, b.idExpiry].some((x) => str(x))) return {};
    return { identityCheck: { documentType: oneOf('idType', documentTypes), issuingCountry: need('idCountry').toUpperCase(), documentNumber: need('idNumber'), expiryDate: date('idExpiry') } };
  };
  switch (action) {
    case 'payment':
      return { step: { action, body: { centAmount: amount('amount'), currency: oneOf('currency', priceCurrencies), reference: need('reference'), valueDate: date('valueDate') } }, fields };
    case 'shipment':
      return { step: { action, body: { carrier: shipmentCarrier(f, b, fields), trackingNumber: need('trackingNumber') } }, fields };
    case 'pickup':
      return { step: { action, body: { collectedBy: need('collectedBy'), ...(note ? { note } : {}), ...identity() } }, fields };
    case 'cancel': {
      // issue 28: a listed reason (translated for the customer by the service), free text only in addition,
      // and the operator's confirmation
      const reasonCode = oneOf('reasonCode', cancelReasonCodes);
      const reason = str(b.reason);
      if (reason && reason.length < 3) fields.reason = f.tAny('validation.min_length', { length: 3 });
      if (b.confirm !== '1') fields.confirm = f.t('action.cancel.confirmRequired');
      const body: CancelBody = { reasonCode, ...(reason ? { reason } : {}) };
      return { step: { action, body }, fields };
    }
    case 'payment-failed':
      return { step: { action, body: { reason: need('reason') } }, fields };
    case 'goods-received':
      return { step: { action, body: note ? { note } : {} }, fields };
    case 'assay': {
      const lines = Object.keys(b).filter((k) => k.startsWith('line.')).map((k) => {
        const v = need(k);
        const mg = v ? parseMilligrams(v) : null;
        if (v && mg === null) fields[k] = f.t('field.grams');
        return { lineId: k.slice(5), finalFineWeightMg: mg ?? 0 };
      });
      return { step: { action, body: { lines, ...(note ? { note } : {}), ...(b.confirmDeviation === '1' ? { confirmDeviation: true } : {}) } }, fields };
    }
    case 'goods-returned': {
      const trackingNumber = str(b.trackingNumber).trim();
      return { step: { action, body: { ...(trackingNumber ? { trackingNumber } : {}), ...(note ? { note } : {}) } }, fields };
    }
    case 'payout':
    {
      // the account field the form showed: IBAN, a US account number, or none for a cash payout
      const account = (name: 'iban' | 'accountNumber') => (typeof b[name] === 'string' ? { [name]: need(name).replace(/\s+/g, '') } : {});
      return { step: { action, body: { ...account('iban'), ...account('accountNumber'), centAmount: amount('amount'), valueDate: date('valueDate'), ...identity() } }, fields };
    }
  }
}

export const orderScreen: Screen = async (app, { ops, signedIn }) => {
  const answers = stepAnswers();

  app.get('/orders/:id', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const q = req.query as Record<string, string>;
    const done = q.done;
    const notice = done && (Object.hasOwn(stepPaths, done) || done === 'note' || done === 'resent' || done === 'payout-prepared') ? { kind: 'success' as const, text: f.t(`done.${done}`) } : null;
    return showOrder(ops, req, reply, viewer, id, 200, {}, notice, { known: answers.take(req.bo.token, f.lang, id, q.shown) });
  }));

  // issue 25: the order's documents as stored, and its packing slip (in the order's language), through the ops API
  app.get('/orders/:id/documents/:documentId', signedIn(async (req, reply, viewer) => {
    const { id, documentId } = req.params as { id: string; documentId: string };
    if (!UUID.test(id) || !UUID.test(documentId)) return notFound(req, reply, viewer);
    const res = await ops.documentPdf(req.bo.token, documentId);
    if (res.error) return refused(req, reply, viewer, res.error, req.bo.f.t('detail.documents.title'));
    return sendFile(reply, res.data);
  }));

  app.get('/orders/:id/packing-slip.pdf', signedIn(async (req, reply, viewer) => {
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const res = await ops.packingSlipsPdf(req.bo.token, { orderIds: [id] });
    if (res.error) return refused(req, reply, viewer, res.error, req.bo.f.t('slips.title'));
    return sendFile(reply, res.data);
  }));

  app.post('/orders/:id/:action', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id, action } = req.params as { id: string; action: string };
    if (!UUID.test(id) || !Object.hasOwn(stepPaths, action)) return notFound(req, reply, viewer);
    const a = action as OpsAction;
    const b = req.body as Body;
    const values = Object.fromEntries(Object.entries(b).filter(([k]) => k !== '_csrf').map(([k, v]) => [k, str(v)]));
    const { step, fields } = actionBody(f, a, b);
    if (Object.keys(fields).length > 0) return showOrder(ops, req, reply, viewer, id, 400, { action: a, values, fields }, { kind: 'error', text: f.t('refusal.validation') });
    const res = await ops.step(req.bo.token, id, step, { languageTag: f.lang });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      const rename: Record<string, string> = {
        centAmount: 'amount', 'identityCheck.documentType': 'idType', 'identityCheck.issuingCountry': 'idCountry', 'identityCheck.documentNumber': 'idNumber', 'identityCheck.expiryDate': 'idExpiry',
      };
      if (step.action === 'assay') res.error.fields?.forEach((fe) => {
        const m = /^\/?lines[./](\d+)/.exec(fe.field);
        const line = m ? step.body.lines[Number(m[1])] : undefined;
        if (line) rename[fe.field.replace(/^\/?(body\.)?/, '').replace(/\//g, '.')] = `line.${line.lineId}`;
      });
      const fm = res.error.status === 400 ? fieldMessages(f, res.error, rename) : {};
      return showOrder(ops, req, reply, viewer, id, shownStatus(res.error), { action: a, values, fields: fm }, { kind: 'error', text: refusalText(f, res.error, a) });
    }
    // the step's answer is the page after it: the GET it redirects to shows it (answers.ts)
    const shown = req.bo.token ? answers.put(req.bo.token, f.lang, res.data) : '';
    // issue 26: a payout above the four-eyes limit is only prepared by the first finance operator (still Accepted)
    const done = a === 'payout' && res.data.summary.orderState !== 'Complete' ? 'payout-prepared' : a;
    return reply.redirect(`/orders/${id}?${new URLSearchParams({ done, ...(shown ? { shown } : {}) })}`, 303);
  }));

  // issue 24: an internal note on the timeline (any role; staff only)
  app.post('/orders/:id/notes', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const text = typeof (req.body as Body).body === 'string' ? ((req.body as Body).body as string) : '';
    const refusedNote = (status: number, error: string, notice: string) =>
      showOrder(ops, req, reply, viewer, id, status, {}, { kind: 'error', text: notice }, { noteForm: { value: text, error } });
    if (text.trim() === '' || text.trim().length > ORDER_NOTE_MAX) return refusedNote(400, f.t('field.note'), f.t('refusal.validation'));
    const res = await ops.addNote(req.bo.token, id, { body: text.trim() });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      if (res.error.status === 404) return refused(req, reply, viewer, res.error, f.t('detail.title', { number: '' }));
      return refusedNote(shownStatus(res.error), res.error.status === 400 ? f.t('field.note') : refusalText(f, res.error), refusalText(f, res.error));
    }
    return reply.redirect(`/orders/${id}?done=note`, 303);
  }));

  // issue 24: one of the order's mails sent again (any role), within the service's budget
  app.post('/orders/:id/mails/:mailId/resend', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id, mailId } = req.params as { id: string; mailId: string };
    if (!UUID.test(id) || !/^\d{1,18}$/.test(mailId)) return notFound(req, reply, viewer);
    const res = await ops.resendMail(req.bo.token, id, Number(mailId));
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      const retryAfter = Number(res.error.details?.retryAfter);
      const text = res.error.code === 'too_many_requests' && retryAfter > 0
        ? f.t('refusal.resendBudget', { minutes: Math.ceil(retryAfter / 60) }) : refusalText(f, res.error);
      return showOrder(ops, req, reply, viewer, id, shownStatus(res.error), {}, { kind: 'error', text });
    }
    return reply.redirect(`/orders/${id}?done=resent`, 303);
  }));
};
