// Operators (admin): the list by name with roles, a new operator, the name, roles and disabling of one, and
// (issue 26) the reset of another operator's second factor after a confirmation.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { OperatorRole } from '../../../contracts/ops.ts';
import { operatorRoles } from '../../../contracts/ops.ts';
import type { OpsClient } from '../../ops-client.ts';
import type { Screen } from '../../screen.ts';
import { refused, toSignIn } from '../../session.ts';
import type { FieldMessages } from '../../ui/form.tsx';
import type { Viewer } from '../../ui/frame.tsx';
import { fieldMessages, notFound, refusalText, send, shownStatus } from '../../ui/page.ts';
import { list, str, UUID, type Body, type Notice } from '../../ui/request.ts';
import { OperatorsView } from './view.tsx';

async function showOperators(
  ops: OpsClient, req: FastifyRequest, reply: FastifyReply, viewer: Viewer, status: number, notice: Notice | null, values?: Body, fields?: FieldMessages,
  reset?: { operator?: string; fields?: FieldMessages },
) {
  const { f, csrf } = req.bo;
  const res = await ops.operators(req.bo.token);
  if (res.error) return refused(req, reply, viewer, res.error, f.t('operators.title'), 'operators');
  const view = createElement(OperatorsView, { f, csrf, operators: res.data.results, values, fields, viewerEmail: viewer.email, reset });
  return send(reply, status, f.t('operators.title'), view, req, viewer, notice);
}

const DONE = ['created', 'saved', 'factorReset'];

const rolesOf = (b: Body): OperatorRole[] => list(b.roles).filter((r): r is OperatorRole => (operatorRoles as string[]).includes(r));

export const operatorsScreen: Screen = async (app, { ops, signedIn }) => {
  app.get('/operators', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const done = (req.query as Record<string, string>).done;
    return showOperators(ops, req, reply, viewer, 200, DONE.includes(done) ? { kind: 'success', text: f.t(`operators.done.${done}`) } : null);
  }));

  app.post('/operators', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const b = req.body as Body;
    const { _csrf: _c, password: _p, ...values } = b;
    const fields: FieldMessages = {};
    const email = str(b.email);
    const password = typeof b.password === 'string' ? b.password : '';
    const roles = rolesOf(b);
    if (!email) fields.email = f.tAny('validation.required');
    if (password.length < 12) fields.password = f.tAny('validation.min_length', { length: 12 });
    if (roles.length === 0) fields.roles = f.t('field.roles');
    if (Object.keys(fields).length) return showOperators(ops, req, reply, viewer, 400, { kind: 'error', text: f.t('refusal.validation') }, values, fields);
    const name = str(b.name);
    const res = await ops.createOperator(req.bo.token, { email, password, roles, ...(name ? { name } : {}) });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      const fm = res.error.status === 400 ? fieldMessages(f, res.error) : res.error.code === 'operator_email_taken' ? { email: refusalText(f, res.error, 'operators') } : {};
      return showOperators(ops, req, reply, viewer, shownStatus(res.error), { kind: 'error', text: refusalText(f, res.error, 'operators') }, values, fm);
    }
    return reply.redirect('/operators?done=created', 303);
  }));

  // issue 26: commerce decides (admins only, never the own factor, audited); the form asks for the confirmation first
  app.post('/operators/second-factor-reset', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const b = req.body as Body;
    const operator = str(b.operator);
    const fields: FieldMessages = {};
    if (!UUID.test(operator)) fields.operator = f.tAny('validation.required');
    if (str(b.confirm) !== '1') fields.confirm = f.t('operators.resetConfirmRequired');
    if (Object.keys(fields).length) {
      return showOperators(ops, req, reply, viewer, 400, { kind: 'error', text: f.t('refusal.validation') }, undefined, undefined, { operator, fields });
    }
    const res = await ops.resetSecondFactor(req.bo.token, operator);
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      return showOperators(ops, req, reply, viewer, shownStatus(res.error), { kind: 'error', text: refusalText(f, res.error, 'operators') }, undefined, undefined, { operator });
    }
    return reply.redirect('/operators?done=factorReset', 303);
  }));

  app.post('/operators/:id', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const b = req.body as Body;
    const roles = rolesOf(b);
    if (roles.length === 0) return showOperators(ops, req, reply, viewer, 400, { kind: 'error', text: f.t('field.roles') });
    // issue 24: a name typed is kept (an empty field keeps the one the operator has)
    const name = str(b.name);
    const res = await ops.updateOperator(req.bo.token, id, { roles, disabled: str(b.disabled) === '1', ...(name ? { name } : {}) });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      return showOperators(ops, req, reply, viewer, shownStatus(res.error), { kind: 'error', text: refusalText(f, res.error, 'operators') });
    }
    return reply.redirect('/operators?done=saved', 303);
  }));
};
