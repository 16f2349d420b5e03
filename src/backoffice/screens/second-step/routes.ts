// The second step of a staff sign-in (issue 26): after the password the session cookie holds a token that
// opens only this step (commerce decides: 403 operator_second_step_required with the step). GET
// /sign-in/second-step shows the enrolment (first sign-in) or asks for the code; the forms post to
// /sign-in/enrol and /sign-in/second-step. Wrong codes count toward the sign-in lock in commerce; the lock
// sends the operator back to the sign-in page with the same message a locked password gets.
// Decision: the QR code is made here with qrcode (the maintained Node library, SVG output without script
// or style, so the page keeps its CSP), inline in the page: the secret never goes to a URL or an image cache.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import QRCode from 'qrcode';
import type { OpsClient, OpsError } from '../../ops-client.ts';
import type { Screen } from '../../screen.ts';
import { COOKIE, cookieBase, toSignIn } from '../../session.ts';
import { SignInView } from '../sign-in/view.tsx';
import { refusalText, send, shownStatus } from '../../ui/page.ts';
import { MessageView } from '../../ui/frame.tsx';
import { str, type Body } from '../../ui/request.ts';
import { CodeView, EnrolView, RecoveryCodesView } from './view.tsx';

/** The lock (429): back to the sign-in page, signed out, with the locked message the password gets. */
function locked(req: FastifyRequest, reply: FastifyReply, e: OpsError) {
  const { f } = req.bo;
  reply.clearCookie(COOKIE.token, cookieBase);
  const minutes = Math.max(1, Math.ceil(Number(e.details?.retryAfter ?? 900) / 60));
  return send(reply, 429, f.t('signIn.title'), createElement(SignInView, { f, csrf: req.bo.csrf, message: f.t('signIn.locked', { minutes }) }), req, null);
}

/** Any other refusal: the session ended (401) or is fully signed in already (409: on to the orders). */
function otherRefusal(req: FastifyRequest, reply: FastifyReply, e: OpsError) {
  if (e.status === 401) return toSignIn(reply, 'expired');
  if (e.code === 'operator_second_step_done') return reply.redirect('/orders', 303);
  if (e.status === 429) return locked(req, reply, e);
  return send(reply, shownStatus(e), req.bo.f.t('refusal.title'), createElement(MessageView, { f: req.bo.f, text: refusalText(req.bo.f, e) }), req, null);
}

async function showEnrolment(ops: OpsClient, req: FastifyRequest, reply: FastifyReply, status: number, error?: string) {
  const { f, csrf, token } = req.bo;
  const res = await ops.startEnrolment(token);
  if (res.error) return otherRefusal(req, reply, res.error);
  const qrSvg = await QRCode.toString(res.data.otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return send(reply, status, f.t('signIn.enrolTitle'), createElement(EnrolView, { f, csrf, qrSvg, secret: res.data.secret, error }), req, null);
}

function showCode(req: FastifyRequest, reply: FastifyReply, status: number, error?: string) {
  const { f, csrf } = req.bo;
  return send(reply, status, f.t('signIn.secondStepTitle'), createElement(CodeView, { f, csrf, error }), req, null);
}

export const secondStepScreen: Screen = async (app, { ops }) => {
  app.get('/sign-in/second-step', async (req, reply) => {
    if (!req.bo.token) return toSignIn(reply, 'required');
    const me = await ops.me(req.bo.token);
    if (me.data) return reply.redirect('/orders', 303);
    if (me.error.code !== 'operator_second_step_required') return otherRefusal(req, reply, me.error);
    return me.error.details?.step === 'enrol' ? showEnrolment(ops, req, reply, 200) : showCode(req, reply, 200);
  });

  app.post('/sign-in/enrol', async (req, reply) => {
    if (!req.bo.token) return toSignIn(reply, 'required');
    const code = str((req.body as Body).code).slice(0, 40);
    if (!code) return showEnrolment(ops, req, reply, 400, req.bo.f.t('signIn.codeMissing'));
    const res = await ops.confirmEnrolment(req.bo.token, { code }, req.ip);
    if (res.error) {
      if (res.error.code === 'invalid_code') return showEnrolment(ops, req, reply, 400, req.bo.f.t('signIn.codeInvalid'));
      return otherRefusal(req, reply, res.error);
    }
    // shown once: this answer is the only place the codes ever appear (no-store, as every page)
    return send(reply, 200, req.bo.f.t('signIn.recoveryTitle'), createElement(RecoveryCodesView, { f: req.bo.f, codes: res.data.recoveryCodes ?? [] }), req, null);
  });

  app.post('/sign-in/second-step', async (req, reply) => {
    if (!req.bo.token) return toSignIn(reply, 'required');
    const code = str((req.body as Body).code).slice(0, 40);
    if (!code) return showCode(req, reply, 400, req.bo.f.t('signIn.codeMissing'));
    const res = await ops.passSecondFactor(req.bo.token, { code }, req.ip);
    if (res.error) {
      if (res.error.code === 'invalid_code') return showCode(req, reply, 400, req.bo.f.t('signIn.codeInvalid'));
      return otherRefusal(req, reply, res.error);
    }
    if (res.data.recoveryCodesLeft !== undefined) {
      // a recovery code spent: the operator learns how many are left before going on
      const { f } = req.bo;
      return send(reply, 200, f.t('signIn.secondStepTitle'), createElement(MessageView, { f, text: f.t('signIn.recoveryUsed', { count: res.data.recoveryCodesLeft }), link: { href: '/orders', label: f.t('signIn.recoveryContinue') } }), req, null);
    }
    return reply.redirect('/orders', 303);
  });
};
