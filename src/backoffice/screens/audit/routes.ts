// The audit log: a page of entries, filtered by order (id or number) or operator (id, or name or e-mail).
import { createElement } from 'react';
import type { Screen } from '../../screen.ts';
import { refused } from '../../session.ts';
import { send } from '../../ui/page.ts';
import { offsetOf, UUID } from '../../ui/request.ts';
import { AuditView } from './view.tsx';

const AUDIT_PAGE_SIZE = 50;

export const auditScreen: Screen = async (app, { ops, signedIn }) => {
  app.get('/audit', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const q = req.query as Record<string, string>;
    const orderId = typeof q.orderId === 'string' && UUID.test(q.orderId.trim()) ? q.orderId.trim() : undefined;
    const operatorId = typeof q.operatorId === 'string' && UUID.test(q.operatorId.trim()) ? q.operatorId.trim() : undefined;
    // issue 24: an order number and an operator's name or e-mail, as typed (cut to what the service takes)
    const orderNumber = typeof q.orderNumber === 'string' ? q.orderNumber.trim().slice(0, 40) || undefined : undefined;
    const operator = typeof q.operator === 'string' ? q.operator.trim().slice(0, 120) || undefined : undefined;
    const offset = offsetOf(q);
    const res = await ops.audit(req.bo.token, { orderId, operatorId, orderNumber, operator, limit: AUDIT_PAGE_SIZE, offset });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('audit.title'), 'audit');
    const notice = q.orderId && !orderId ? { kind: 'error' as const, text: f.t('audit.badOrderId') }
      : q.operatorId && !operatorId ? { kind: 'error' as const, text: f.t('audit.badOperatorId') } : null;
    const filters = { orderId, operatorId, orderNumber, operator };
    return send(reply, notice ? 400 : 200, f.t('audit.title'), createElement(AuditView, { f, data: res.data, filters, limit: AUDIT_PAGE_SIZE, offset }), req, viewer, notice);
  }));
};
