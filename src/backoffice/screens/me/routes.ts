// The signed-in operator's own page (issue 26): GET /me shows who is signed in; POST /me/password changes the
// own password after the current one and the second factor's code; its sessions, each of which it can end (POST /me/sessions/end, end-others). Commerce decides (PUT /ops/me/password: the sign-in lock counts wrong
// current passwords, the other sessions end); this screen checks what the form can check first (every field
// filled, at least 12 characters, both new ones alike) so a typo costs no attempt of the lock.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { OpsClient } from '../../ops-client.ts';
import type { Screen } from '../../screen.ts';
import { refused, toSignIn } from '../../session.ts';
import type { FieldMessages } from '../../ui/form.tsx';
import type { Viewer } from '../../ui/frame.tsx';
import { fieldMessages, refusalText, send, shownStatus } from '../../ui/page.ts';
import type { Body, Notice } from '../../ui/request.ts';
import { MeView } from './view.tsx';

/** The operators' password rule (the contract's minimum: src/contracts/ops.ts). */
const MIN_PASSWORD = 12;

async function showMe(ops: OpsClient, req: FastifyRequest, reply: FastifyReply, viewer: Viewer, status: number, notice: Notice | null, fields?: FieldMessages) {
  const { f, csrf } = req.bo;
  const [res, sessions] = await Promise.all([ops.me(req.bo.token), ops.sessions(req.bo.token)]);
  const error = res.error ?? sessions.error;
  if (error) {
    if (error.status === 401) return toSignIn(reply, 'expired');
    return refused(req, reply, viewer, error, f.t('me.title'));
  }
  return send(reply, status, f.t('me.title'), createElement(MeView, { f, csrf, me: res.data!, sessions: sessions.data!.results, fields }), req, viewer, notice);
}

const text = (v: string | string[] | undefined): string => (typeof v === 'string' ? v : '');

export const meScreen: Screen = async (app, { ops, signedIn }) => {
  app.get('/me', signedIn(async (req, reply, viewer) => {
    const q = req.query as Record<string, string>;
    const { f } = req.bo;
    const ended = Number(q.ended);
    const notice: Notice | null = q.done === 'password' ? { kind: 'success', text: f.t('me.passwordChanged') }
      : q.done === 'session' ? { kind: 'success', text: f.t('me.sessionEnded') }
      : q.done === 'sessions' && Number.isInteger(ended) && ended >= 0 ? { kind: 'success', text: f.t('me.sessionsEnded', { count: ended }) }
      : null;
    return showMe(ops, req, reply, viewer, 200, notice);
  }));

  // issue 26: ending one of the own sessions (commerce answers 404 for another's) or all others, at once
  app.post('/me/sessions/end', signedIn(async (req, reply, viewer) => {
    const id = text((req.body as Body).session);
    const res = await ops.endSession(req.bo.token, id);
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      return showMe(ops, req, reply, viewer, shownStatus(res.error), { kind: 'error', text: refusalText(req.bo.f, res.error) });
    }
    return reply.redirect('/me?done=session', 303);
  }));

  app.post('/me/sessions/end-others', signedIn(async (req, reply, viewer) => {
    const res = await ops.endOtherSessions(req.bo.token);
    if (res.error) return refused(req, reply, viewer, res.error, req.bo.f.t('me.title'));
    return reply.redirect(`/me?done=sessions&ended=${res.data.ended}`, 303);
  }));

  app.post('/me/password', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const b = req.body as Body;
    // passwords are taken as typed: never trimmed, never shown again in the form
    const currentPassword = text(b.currentPassword);
    const newPassword = text(b.newPassword);
    const repeatPassword = text(b.repeatPassword);
    const code = text(b.code).trim().slice(0, 40);
    const fields: FieldMessages = {};
    if (!currentPassword) fields.currentPassword = f.tAny('validation.required');
    if (newPassword.length < MIN_PASSWORD) fields.newPassword = f.tAny('validation.min_length', { length: MIN_PASSWORD });
    else if (newPassword.length > 200) fields.newPassword = f.tAny('validation.too_long', { length: 200 });
    if (!repeatPassword) fields.repeatPassword = f.tAny('validation.required');
    else if (repeatPassword !== newPassword) fields.repeatPassword = f.tAny('validation.password_mismatch');
    if (!code) fields.code = f.t('signIn.codeMissing');
    if (Object.keys(fields).length) return showMe(ops, req, reply, viewer, 400, { kind: 'error', text: f.t('refusal.validation') }, fields);
    const res = await ops.changeOwnPassword(req.bo.token, { currentPassword, newPassword, code });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      if (res.error.code === 'too_many_attempts') {
        const minutes = Math.max(1, Math.ceil(Number(res.error.details?.retryAfter ?? 60) / 60));
        return showMe(ops, req, reply, viewer, 429, { kind: 'error', text: f.t('signIn.locked', { minutes }) });
      }
      // issue 26: a wrong or spent code is marked on its field with the sign-in's words
      if (res.error.code === 'invalid_code') return showMe(ops, req, reply, viewer, 400, { kind: 'error', text: f.t('refusal.validation') }, { code: f.t('signIn.codeInvalid') });
      return showMe(ops, req, reply, viewer, shownStatus(res.error), { kind: 'error', text: refusalText(f, res.error) }, res.error.status === 400 ? fieldMessages(f, res.error) : undefined);
    }
    return reply.redirect('/me?done=password', 303);
  }));
};
