// Issue 25, the accountant's screen "Documents" (finance and admin: commerce refuses the others with 403, and the
// navigation shows it only to them): the filtered list, its CSV and the ZIP of its PDFs, through the ops API.
// Decision: without a period the screen shows the current month up to today (the accountant's usual question),
// today being the latest day any store has reached (documents are filed under their store's local day).
import { createElement } from 'react';
import type { OpsDocumentsFilter } from '../../../contracts/ops-documents.ts';
import { latestStoreDay } from '../../../stores.ts';
import { sendFile } from '../../files.ts';
import type { Screen } from '../../screen.ts';
import { refused } from '../../session.ts';
import { refusalText, send } from '../../ui/page.ts';
import { COMPANIES, DocumentsView, KINDS, type DocumentFilters } from './view.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** The filter as typed; unreadable days are named (the form shows them again), an unknown company or kind dropped. */
function filtersOf(q: Record<string, string>, today: string): { filters: DocumentFilters; errors: { from?: string; to?: string } } {
  const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const from = s(q.from) || `${today.slice(0, 8)}01`;
  const to = s(q.to) || today;
  const company = COMPANIES.find((c) => c === s(q.company));
  const kind = KINDS.find((k) => k === s(q.kind));
  const errors: { from?: string; to?: string } = {};
  if (!isDay(from)) errors.from = 'invalid_date';
  if (!isDay(to)) errors.to = 'invalid_date';
  return { filters: { from, to, company, kind }, errors };
}

const apiFilter = (x: DocumentFilters): OpsDocumentsFilter => ({ from: x.from, to: x.to, company: x.company, kind: x.kind as OpsDocumentsFilter['kind'] });

export const documentsScreen: Screen = async (app, { ops, signedIn }) => {
  app.get('/documents', signedIn(async (req, reply, viewer) => {
    const { f, token } = req.bo;
    const q = req.query as Record<string, string>;
    const { filters, errors } = filtersOf(q, latestStoreDay());
    const messages = Object.fromEntries(Object.entries(errors).map(([k]) => [k, f.tAny('validation.invalid_date')]));
    const title = f.t('documents.title');
    if (errors.from || errors.to) return send(reply, 400, title, createElement(DocumentsView, { f, data: null, filters, errors: messages }), req, viewer);
    const page = Math.max(1, Math.min(100000, Number.parseInt(q.page ?? '1', 10) || 1));
    const res = await ops.documents(token, { ...apiFilter(filters), page });
    if (res.error?.status === 400) {
      const notice = { kind: 'error' as const, text: refusalText(f, res.error) };
      return send(reply, 400, title, createElement(DocumentsView, { f, data: null, filters, errors: {} }), req, viewer, notice);
    }
    if (res.error) return refused(req, reply, viewer, res.error, title);
    return send(reply, 200, title, createElement(DocumentsView, { f, data: res.data, filters, errors: {} }), req, viewer);
  }));

  for (const kind of ['csv', 'zip'] as const) {
    app.get(`/documents.${kind}`, signedIn(async (req, reply, viewer) => {
      const { f, token } = req.bo;
      const { filters, errors } = filtersOf(req.query as Record<string, string>, latestStoreDay());
      if (errors.from || errors.to) return reply.redirect(`/documents?${new URLSearchParams(req.query as Record<string, string>)}`, 303);
      const res = kind === 'csv' ? await ops.documentsCsv(token, { ...apiFilter(filters), languageTag: f.lang }) : await ops.documentsZip(token, apiFilter(filters));
      if (res.error) return refused(req, reply, viewer, res.error, f.t('documents.title'));
      return sendFile(reply, res.data);
    }));
  }
};
