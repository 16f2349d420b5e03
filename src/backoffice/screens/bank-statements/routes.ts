// Bank statements (camt.053): the upload starts an import job in commerce; its progress page shows the result
// once done.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { BankStatementImport, BankStatementResult } from '../../../contracts/ops.ts';
import type { Screen } from '../../screen.ts';
import { refused, toSignIn } from '../../session.ts';
import type { Viewer } from '../../ui/frame.tsx';
import { notFound, refusalText, send, shownStatus } from '../../ui/page.ts';
import { offsetOf, str, UUID, type Body, type Notice } from '../../ui/request.ts';
import { StatementsView } from './view.tsx';

const STATEMENT_PAGE = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function showImport(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, job: BankStatementImport, offset: number) {
  const { f, csrf } = req.bo;
  const page = (status: number, result: BankStatementResult | null, error?: string, notice?: Notice | null) =>
    send(reply, status, f.t('statements.title'), createElement(StatementsView, { f, csrf, result, error, job, offset, limit: STATEMENT_PAGE }), req, viewer, notice);
  if (job.status === 'failed') {
    const e = job.error;
    if (e?.code === 'invalid_bank_statement') {
      const text = e.details?.reason === 'foreign_account' ? f.t('statements.foreignAccount', { account: String(e.details.account ?? '') }) : f.t('statements.invalid');
      return page(400, null, text, { kind: 'error', text });
    }
    const text = f.t('statements.failed', { code: e?.code ?? 'internal_error' });
    return page(200, null, undefined, { kind: 'error', text });
  }
  if (job.status === 'running' || !job.result) return page(200, null);
  return page(200, job.result, undefined, { kind: 'success', text: f.t('statements.result', { applied: job.result.applied, flagged: job.result.flagged }) });
}

export const bankStatementsScreen: Screen = async (app, { ops, signedIn, statementWaitMs }) => {
  app.get('/bank-statements', signedIn(async (req, reply, viewer) => {
    const { f, csrf } = req.bo;
    return send(reply, 200, f.t('statements.title'), createElement(StatementsView, { f, csrf, result: null }), req, viewer);
  }));

  // Decision: an upload starts an import job in commerce (a statement of 14,000 entries takes minutes; no
  // request waits for it, so the page never shows "unavailable" for an import still running). A small
  // statement is done in a moment: the upload waits up to statementWaitMs and shows the result at once;
  // a longer one goes to its progress page, which shows the result once done.
  app.post('/bank-statements', signedIn(async (req, reply, viewer) => {
    const { f, csrf } = req.bo;
    const xml = str((req.body as Body).file);
    const page = (status: number, error?: string, notice?: Notice) =>
      send(reply, status, f.t('statements.title'), createElement(StatementsView, { f, csrf, result: null, error }), req, viewer, notice);
    if (!xml) return page(400, f.t('statements.missing'), { kind: 'error', text: f.t('statements.missing') });
    const res = await ops.startStatementImport(req.bo.token, xml);
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      const text = res.error.status === 400 || res.error.status === 422 ? f.t('statements.invalid') : refusalText(f, res.error, 'statement');
      return page(shownStatus(res.error), res.error.status === 400 ? text : undefined, { kind: 'error', text });
    }
    let job = res.data;
    for (const until = Date.now() + statementWaitMs; job.status === 'running' && Date.now() < until;) {
      await sleep(200);
      const next = await ops.statementImport(req.bo.token, job.id, { limit: STATEMENT_PAGE });
      if (next.error) break;
      job = next.data;
    }
    if (job.status === 'running') return reply.redirect(`/bank-statements/imports/${job.id}`, 303);
    return showImport(req, reply, viewer, job, 0);
  }));

  app.get('/bank-statements/imports/:id', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const offset = offsetOf(req.query as Record<string, string>);
    const res = await ops.statementImport(req.bo.token, id, { offset, limit: STATEMENT_PAGE });
    if (res.error) return res.error.status === 404 ? notFound(req, reply, viewer) : refused(req, reply, viewer, res.error, f.t('statements.title'), 'statement');
    return showImport(req, reply, viewer, res.data, offset);
  }));
};
