// Whistleblower cases (admin): the list, a case, and the office's answer (optionally closing the case).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { OpsClient } from '../../ops-client.ts';
import type { Screen } from '../../screen.ts';
import { refused, toSignIn } from '../../session.ts';
import type { Viewer } from '../../ui/frame.tsx';
import { notFound, refusalText, send, shownStatus } from '../../ui/page.ts';
import { offsetOf, PAGE_SIZE, str, type Body, type Notice } from '../../ui/request.ts';
import { CaseView, CasesView } from './view.tsx';

// the cases' routes log from warn up only: their request lines name a case (the path, its reference), and
// nothing of a case belongs in the logs (as at the commerce service's /ops/whistleblower)
const quiet = { logLevel: 'warn' as const };
const REFERENCE = /^[A-Z0-9-]{4,40}$/;
const caseStates = ['received', 'in-progress', 'closed'] as const;

async function showCase(ops: OpsClient, req: FastifyRequest, reply: FastifyReply, viewer: Viewer, reference: string, status: number, message?: string, error?: string, notice?: Notice) {
  const { f, csrf } = req.bo;
  const res = await ops.case(req.bo.token, reference);
  if (res.error) return refused(req, reply, viewer, res.error, f.t('cases.title'), 'cases');
  return send(reply, status, f.t('cases.case', { reference: res.data.caseReference }), createElement(CaseView, { f, csrf, c: res.data, message, error }), req, viewer, notice);
}

export const casesScreen: Screen = async (app, { ops, signedIn }) => {
  app.get('/cases', quiet, signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const q = req.query as Record<string, string>;
    const status = caseStates.find((s) => s === q.status);
    const offset = offsetOf(q);
    const res = await ops.cases(req.bo.token, { status, limit: PAGE_SIZE, offset });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('cases.title'), 'cases');
    return send(reply, 200, f.t('cases.title'), createElement(CasesView, { f, cases: res.data.results, total: res.data.total, status, limit: PAGE_SIZE, offset }), req, viewer);
  }));

  app.get('/cases/:reference', quiet, signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { reference } = req.params as { reference: string };
    if (!REFERENCE.test(reference)) return notFound(req, reply, viewer);
    const done = (req.query as Record<string, string>).done;
    return showCase(ops, req, reply, viewer, reference, 200, undefined, undefined, done === 'answered' || done === 'closed' ? { kind: 'success', text: f.t(`cases.done.${done}`) } : undefined);
  }));

  app.post('/cases/:reference/answers', quiet, signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { reference } = req.params as { reference: string };
    if (!REFERENCE.test(reference)) return notFound(req, reply, viewer);
    const b = req.body as Body;
    const message = str(b.message);
    const close = str(b.close) === '1';
    if (!message) return showCase(ops, req, reply, viewer, reference, 400, message, f.tAny('validation.required'), { kind: 'error', text: f.t('refusal.validation') });
    const res = await ops.answerCase(req.bo.token, reference, { message: message.slice(0, 5000), ...(close ? { close: true } : {}) });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      return showCase(ops, req, reply, viewer, reference, shownStatus(res.error), message, undefined, { kind: 'error', text: refusalText(f, res.error, 'cases') });
    }
    return reply.redirect(`/cases/${encodeURIComponent(reference)}?done=${close ? 'closed' : 'answered'}`, 303);
  }));
};
