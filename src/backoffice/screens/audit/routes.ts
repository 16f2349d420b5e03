// The audit log: a page of entries, filtered by order or operator.
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
    const offset = offsetOf(q);
    const res = await ops.audit(req.bo.token, { orderId, operatorId, limit: AUDIT_PAGE_SIZE, offset });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('audit.title'), 'audit');
    const notice = q.orderId && !orderId ? { kind: 'error' as const, text: f.t('audit.badOrderId') }
      : q.operatorId && !operatorId ? { kind: 'error' as const, text: f.t('audit.badOperatorId') } : null;
    return send(reply, notice ? 400 : 200, f.t('audit.title'), createElement(AuditView, { f, data: res.data, orderId, operatorId, limit: AUDIT_PAGE_SIZE, offset }), req, viewer, notice);
  }));
};
