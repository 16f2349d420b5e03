// Managing operators (admin): create, change roles, disable, set a new password; the demo operators
// outside production; the first admin in production (scripts/ops-create-admin.ts). Every change writes an
// audit entry (the lifecycle's append-only log) in the same transaction.
import type { Actor, CreateOperatorBody, Operator, OperatorRole, UpdateOperatorBody } from '../../contracts/ops.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { writeAudit } from '../lifecycle/index.ts';
import { revokeOperatorSessions } from '../auth/operator-sessions.ts';
import { existingOperatorEmails, insertOperator, lockOperators, operatorView, updateOperator as updateOperatorRow, type OperatorRow } from './repository.ts';

function auditedView(row: OperatorRow) {
  return { email: row.email, name: row.name, roles: row.roles, disabled: row.disabled };
}

/** Creates an operator: 409 operator_email_taken when the e-mail is taken (whatever its case). */
/**
 * An admin's change of another operator: both rows locked, in one order (two admins changing each other at the
 * same moment must not leave the shop without an admin: the second waits, then finds its own admin right gone).
 * Answers the target's row; 404 operator_not_found, or 403 operator_role_required when the actor is no longer an
 * enabled admin.
 */
export async function lockTargetForAdmin(tx: Db, id: string, actor: Actor): Promise<OperatorRow> {
  const locked = await lockOperators(tx, actor.type === 'operator' ? [id, actor.id] : [id]);
  const before = locked.get(id);
  if (!before) fail('operator_not_found');
  const self = actor.type === 'operator' ? locked.get(actor.id) : undefined;
  if (actor.type === 'operator' && (!self || self.disabled || !self.roles.includes('admin'))) fail('operator_role_required');
  return before;
}

export async function createOperator(db: Db, body: CreateOperatorBody, actor: Actor, now: Date): Promise<Operator> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const row = await insertOperator(tx, { email: body.email, name: body.name, passwordHash, roles: body.roles, now });
    if (!row) fail('operator_email_taken');
    await writeAudit(tx, {
      orderId: null, orderNumber: null, actor, action: 'operator_created', before: null, after: null,
      details: { operatorId: row.id, ...auditedView(row) },
    }, now);
    return operatorView(row);
  });
}

/**
 * Changes an operator. An admin cannot take its own admin role or disable itself (409
 * operator_self_lockout): the shop would otherwise risk having no admin left. A new password or disabling
 * ends the operator's sessions at once.
 */
export async function changeOperator(db: Db, id: string, body: UpdateOperatorBody, actor: Actor, now: Date): Promise<Operator> {
  const self = actor.type === 'operator' && actor.id === id;
  if (self && (body.disabled === true || (body.roles !== undefined && !body.roles.includes('admin')))) {
    fail('operator_self_lockout');
  }
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : undefined;
  return db.transaction(async (tx) => {
    // Both rows locked, in one order: two admins disabling each other at the same moment must not leave the
    // shop without an admin. The second waits, then finds its own admin right gone.
    const before = await lockTargetForAdmin(tx, id, actor);
    const after = await updateOperatorRow(tx, id, { roles: body.roles, disabled: body.disabled, passwordHash, name: body.name }, now);
    const endsSessions = passwordHash !== undefined || (after.disabled && !before.disabled);
    if (endsSessions) await revokeOperatorSessions(tx, id, now);
    await writeAudit(tx, {
      orderId: null, orderNumber: null, actor, action: 'operator_updated', before: null, after: null,
      // never the password, only that it changed
      details: { operatorId: id, before: auditedView(before), after: auditedView(after), passwordChanged: passwordHash !== undefined, sessionsEnded: endsSessions },
    }, now);
    return operatorView(after);
  });
}

export const DEMO_OPERATORS: { email: string; name: string; roles: OperatorRole[] }[] = [
  { email: 'admin@ops.example', name: 'Ada Admin', roles: ['admin'] },
  { email: 'finance@ops.example', name: 'Felix Finanz', roles: ['finance'] },
  { email: 'warehouse@ops.example', name: 'Lena Lager', roles: ['warehouse'] },
  { email: 'support@ops.example', name: 'Sam Support', roles: ['support'] },
];

/**
 * Outside production: one operator per role with OPS_DEMO_PASSWORD. Idempotent and creating only what is
 * missing: a demo operator whose password, roles or "disabled" someone changed keeps the change (a restart
 * must not undo what an admin did, e.g. lock a demo account away on a shared test system).
 */
export async function seedDemoOperators(db: Db, password: string, now: Date): Promise<void> {
  const existing = await existingOperatorEmails(db, DEMO_OPERATORS.map((o) => o.email));
  const missing = DEMO_OPERATORS.filter((o) => !existing.has(o.email));
  if (missing.length === 0) return;
  const passwordHash = await hashPassword(password);
  const actor: Actor = { type: 'system', id: 'demo-operators', email: null };
  await db.transaction(async (tx) => {
    for (const o of missing) {
      const row = await insertOperator(tx, { email: o.email, name: o.name, passwordHash, roles: o.roles, now });
      if (row) {
        await writeAudit(tx, {
          orderId: null, orderNumber: null, actor, action: 'operator_created', before: null, after: null,
          details: { operatorId: row.id, ...auditedView(row) },
        }, now);
      }
    }
  });
}
