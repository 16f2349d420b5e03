// The order page as a workbench (issue 24) over HTTP: internal notes (staff only, audited, never in the
// customer's answers), the customer card (the order's store only; a guest says so), the order's mails and
// their resend (a new mail in the outbox, audited, with a budget), and the audit log filtered by order
// number and by operator name.
import t from 'tap';
import type { AuditEntry, CustomerCard, OrderMail, OrderNote } from '../../src/contracts/ops.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, guest, openShop } from '../orders/helpers.ts';
import { order } from '../lifecycle/helpers.ts';
import { customerWithAddress, giveLimitOrder, inDays } from '../account/helpers.ts';
import { demoToken, opsCall } from './helpers.ts';

const h = await commerceHarness(t);

t.test('an internal note: staff read it on the timeline, audited with its author; the customer never sees it', async (t) => {
  const { api } = await openShop(h, t);
  const support = await demoToken(api, 'support');
  const warehouse = await demoToken(api, 'warehouse');
  const c = await customer(api, 'ch');
  const o = await order(c);
  const text = 'Kunde rief an: <b>bitte</b> neutral verpacken & nicht vor Montag';

  const added = await opsCall(api, 'POST', `/ops/orders/${o.id}/notes`, support, { body: `  ${text}  ` });
  t.equal(added.statusCode, 201, added.body);
  const note = added.json() as OrderNote;
  t.equal(note.body, text, 'kept as typed (trimmed), markup and all: the page escapes it');
  t.equal(note.by.email, 'support@ops.example');
  t.equal(note.by.name, 'Sam Support', 'the author by name');

  const read = await opsCall(api, 'GET', `/ops/orders/${o.id}/notes`, warehouse);
  t.same((read.json().results as OrderNote[]).map((n) => n.body), [text], 'every role reads the notes');
  const detail = (await opsCall(api, 'GET', `/ops/orders/${o.id}`, warehouse)).json();
  const entry = (detail.timeline as AuditEntry[]).find((e) => e.action === 'note_added');
  t.match(entry, { actor: { type: 'operator', email: 'support@ops.example' }, details: { noteId: note.id, length: text.length } }, 'on the timeline, naming its author');

  const mine = await c.call('GET', `/orders/${o.id}`);
  t.equal(mine.statusCode, 200);
  t.notOk(mine.body.includes('neutral verpacken'), 'the customer\'s order answer never carries the note');
  t.notOk(mine.body.includes('note_added'), 'nor its timeline entry');
  const list = await c.call('GET', '/orders');
  t.notOk(list.body.includes('neutral verpacken'));
  const mails = await api.db.query<{ text: string }>('select text from outbox where "to" = $1', [o.customerEmail]);
  t.notOk(mails.some((m) => m.text.includes('neutral verpacken')), 'nor any mail');
});

t.test('a note: blank, too long, no operator, a customer token, another order id: refused, nothing written', async (t) => {
  const { api } = await openShop(h, t);
  const support = await demoToken(api, 'support');
  const c = await customer(api, 'ch');
  const o = await order(c);
  const blank = await opsCall(api, 'POST', `/ops/orders/${o.id}/notes`, support, { body: '   \n ' });
  t.equal(blank.statusCode, 400);
  t.match(blank.json(), { code: 'validation_failed', details: { fields: [{ field: 'body', code: 'required' }] } });
  const long = await opsCall(api, 'POST', `/ops/orders/${o.id}/notes`, support, { body: 'x'.repeat(2001) });
  t.equal(long.statusCode, 400);
  t.equal(long.json().code, 'validation_failed');
  t.equal((await opsCall(api, 'POST', `/ops/orders/${o.id}/notes`, null, { body: 'hi' })).statusCode, 401);
  t.equal((await opsCall(api, 'POST', `/ops/orders/${o.id}/notes`, c.token, { body: 'hi' })).statusCode, 401, 'a customer\'s token is no operator\'s');
  t.equal((await c.call('POST', `/ops/orders/${o.id}/notes`, { body: 'hi' })).statusCode, 401);
  const missing = await opsCall(api, 'POST', '/ops/orders/00000000-0000-4000-8000-000000000000/notes', support, { body: 'hi' });
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().code, 'order_not_found');
  const [{ n }] = await api.db.query<{ n: number }>('select count(*)::int as n from order_notes where order_id = $1', [o.id]);
  t.equal(n, 0, 'nothing was written');
  const [{ a }] = await api.db.query<{ a: number }>(`select count(*)::int as a from order_audit where order_id = $1 and action = 'note_added'`, [o.id]);
  t.equal(a, 0, 'nor audited');
});

t.test('the customer card: the account\'s other orders, depot and limit orders on this store only; a guest says so', async (t) => {
  const { api } = await openShop(h, t);
  const support = await demoToken(api, 'support');
  const finance = await demoToken(api, 'finance');
  const c = await customerWithAddress(api, 'ch');
  const first = await order(c);
  const depot = await order(c, { lines: [{ sku: 'AU-BAR-HERAEUS-100G', quantity: 1 }], shippingMethodId: 'deposit' });
  const paid = await opsCall(api, 'POST', `/ops/orders/${depot.id}/payments`, finance, {
    centAmount: depot.totalGrossPrice.centAmount, currency: depot.totalGrossPrice.currencyCode, reference: depot.orderNumber, valueDate: '2026-11-23',
  });
  t.equal(paid.statusCode, 200, paid.body);
  const limit = await giveLimitOrder(c, { sku: 'AU-KRUG-1OZ', quantity: 2, targetCentAmount: 100_00, expiresAt: inDays(api, 30) });
  const current = await order(c);

  // the same person with an account on the German store: another company, another customer
  const elsewhere = await customer(api, 'de');
  await api.db.query('update customers set email = $1, email_lower = lower($1) where id = $2', [c.email, elsewhere.ownerId]);
  const foreign = await order(elsewhere);

  const res = await opsCall(api, 'GET', `/ops/orders/${current.id}/customer?languageTag=en`, support);
  t.equal(res.statusCode, 200, res.body);
  const card = res.json() as CustomerCard;
  t.match(card, { kind: 'account', customerId: c.ownerId, email: c.email, store: 'ch' });
  t.same(card.orders.results.map((r) => r.orderNumber), [depot.orderNumber, first.orderNumber], 'the other orders, newest first, not this one');
  t.equal(card.orders.total, 2);
  t.notOk(res.body.includes(foreign.orderNumber), 'the German store\'s order of the same e-mail is not shown');
  t.notOk(res.body.includes(elsewhere.ownerId), 'nor that customer');
  t.ok(card.depot, 'the depot');
  t.match(card.depot!.holdings, [{ sku: 'AU-BAR-HERAEUS-100G', quantity: 1 }]);
  t.same(card.limitOrders.results.map((l) => [l.number, l.status, l.quantity, l.limitPrice.centAmount]), [[limit.number, limit.status, 2, 100_00]]);

  const g = await guest(api, 'ch');
  const guestOrder = await order(g);
  const guestCard = (await opsCall(api, 'GET', `/ops/orders/${guestOrder.id}/customer`, support)).json() as CustomerCard;
  t.match(guestCard, { kind: 'guest', customerId: null, accountSince: null, depot: null, orders: { results: [], total: 0 }, limitOrders: { results: [], total: 0 } });
  t.equal(guestCard.email, 'anna.muster@example.ch', 'the e-mail given with the order');

  const missing = await opsCall(api, 'GET', '/ops/orders/00000000-0000-4000-8000-000000000000/customer', support);
  t.equal(missing.statusCode, 404);
  t.equal((await opsCall(api, 'GET', `/ops/orders/${current.id}/customer`, c.token)).statusCode, 401, 'a customer cannot read it');
});

t.test('resend a mail of the order: a new mail in the outbox, the same text, audited; a budget; another order\'s mail is not found', async (t) => {
  const { api } = await openShop(h, t);
  const support = await demoToken(api, 'support');
  const c = await customer(api, 'ch');
  const o = await order(c);
  const other = await order(c);

  const mails = (await opsCall(api, 'GET', `/ops/orders/${o.id}/mails`, support)).json().results as OrderMail[];
  t.equal(mails.length, 1, 'the order confirmation');
  t.match(mails[0], { to: o.customerEmail, resentFrom: null });
  t.ok(mails[0].subject.includes(o.orderNumber));

  const res = await opsCall(api, 'POST', `/ops/orders/${o.id}/mails/${mails[0].id}/resend`, support);
  t.equal(res.statusCode, 201, res.body);
  const resent = res.json() as OrderMail;
  t.match(resent, { subject: mails[0].subject, to: o.customerEmail, resentFrom: mails[0].id });
  const rows = await api.db.query<{ id: string; text: string; html: string | null }>('select id, text, html from outbox where id = any($1::bigint[]) order by id', [[mails[0].id, resent.id]]);
  t.equal(rows.length, 2, 'a new row in the outbox');
  t.equal(rows[1].text, rows[0].text, 'the same mail as written then');
  t.equal(rows[1].html, rows[0].html);
  const audit = await api.db.query<{ actor_email: string; details: Record<string, unknown> }>(`select actor_email, details from order_audit where order_id = $1 and action = 'mail_resent'`, [o.id]);
  t.match(audit, [{ actor_email: 'support@ops.example', details: { mailId: mails[0].id, resendId: resent.id } }], 'audited, naming the operator');

  const again = await opsCall(api, 'POST', `/ops/orders/${o.id}/mails/${mails[0].id}/resend`, support);
  t.equal(again.statusCode, 429, 'the same mail again at once');
  t.match(again.json(), { code: 'too_many_requests', details: { retryAfter: 600 } });
  const viaCopy = await opsCall(api, 'POST', `/ops/orders/${o.id}/mails/${resent.id}/resend`, support);
  t.equal(viaCopy.statusCode, 429, 'resending the copy counts as the original');
  api.clock.advance(10 * 60);
  t.equal((await opsCall(api, 'POST', `/ops/orders/${o.id}/mails/${mails[0].id}/resend`, support)).statusCode, 201, 'ten minutes later it goes');

  const foreign = (await opsCall(api, 'GET', `/ops/orders/${other.id}/mails`, support)).json().results as OrderMail[];
  const wrong = await opsCall(api, 'POST', `/ops/orders/${o.id}/mails/${foreign[0].id}/resend`, support);
  t.equal(wrong.statusCode, 404);
  t.equal(wrong.json().code, 'order_mail_not_found', 'another order\'s mail through this order: not found');
  const bad = await opsCall(api, 'POST', `/ops/orders/${o.id}/mails/abc/resend`, support);
  t.equal(bad.statusCode, 400, 'not a mail id');
  const [{ n }] = await api.db.query<{ n: number }>('select count(*)::int as n from outbox where order_id = $1 and resent_from is not null', [o.id]);
  t.equal(n, 2, 'only the two resends that were allowed');
});

t.test('an order\'s mails: at most 5 resends an hour', async (t) => {
  const { api } = await openShop(h, t);
  const support = await demoToken(api, 'support');
  const c = await customer(api, 'ch');
  const o = await order(c);
  const [mail] = (await opsCall(api, 'GET', `/ops/orders/${o.id}/mails`, support)).json().results as OrderMail[];
  for (let i = 0; i < 5; i++) {
    t.equal((await opsCall(api, 'POST', `/ops/orders/${o.id}/mails/${mail.id}/resend`, support)).statusCode, 201, `resend ${i + 1}`);
    api.clock.advance(10 * 60);
  }
  const sixth = await opsCall(api, 'POST', `/ops/orders/${o.id}/mails/${mail.id}/resend`, support);
  t.equal(sixth.statusCode, 429);
  t.equal(sixth.json().details.retryAfter, 10 * 60, 'until the first of the hour is an hour old');
  api.clock.advance(10 * 60);
  t.equal((await opsCall(api, 'POST', `/ops/orders/${o.id}/mails/${mail.id}/resend`, support)).statusCode, 201);
});

t.test('the audit log filtered by order number and by operator name; operators listed by name', async (t) => {
  const { api } = await openShop(h, t);
  const admin = await demoToken(api, 'admin');
  const support = await demoToken(api, 'support');
  const warehouse = await demoToken(api, 'warehouse');
  const c = await customer(api, 'ch');
  const o = await order(c);
  const other = await order(c);
  await opsCall(api, 'POST', `/ops/orders/${o.id}/notes`, support, { body: 'one' });
  await opsCall(api, 'POST', `/ops/orders/${other.id}/notes`, warehouse, { body: 'two' });

  const byNumber = await opsCall(api, 'GET', `/ops/audit?orderNumber=${encodeURIComponent(o.orderNumber.toLowerCase())}`, support);
  t.equal(byNumber.statusCode, 200, byNumber.body);
  const entries = byNumber.json().results as AuditEntry[];
  t.ok(entries.length >= 2, 'placed and the note');
  t.ok(entries.every((e) => e.orderNumber === o.orderNumber), 'only that order, whatever the case typed');

  // issue 26: her enrolment of the second factor at the first sign-in is an entry of hers too (no order)
  const byName = ((await opsCall(api, 'GET', '/ops/audit?operator=lena', support)).json().results as AuditEntry[]).filter((e) => e.orderNumber !== null);
  t.same(byName.map((e) => [e.orderNumber, e.action]), [[other.orderNumber, 'note_added']], 'Lena Lager\'s entries, by part of her name');
  t.equal(byName[0].actor.name, 'Lena Lager', 'entries name the operator');
  const byEmail = (await opsCall(api, 'GET', '/ops/audit?operator=SUPPORT%40ops', support)).json().results as AuditEntry[];
  t.ok(byEmail.length >= 1 && byEmail.every((e) => e.actor.email === 'support@ops.example'), 'or part of the e-mail');
  const both = (await opsCall(api, 'GET', `/ops/audit?operator=lena&orderNumber=${o.orderNumber}`, support)).json();
  t.equal(both.total, 0, 'both filters together');
  const wild = (await opsCall(api, 'GET', '/ops/audit?operator=%25', support)).json();
  t.equal(wild.total, 0, 'a % is a character, not a wildcard');
  t.equal((await opsCall(api, 'GET', `/ops/audit?orderNumber=${'x'.repeat(41)}`, support)).statusCode, 400);

  const operators = (await opsCall(api, 'GET', '/ops/operators', admin)).json();
  t.same(operators.results.map((r: { name: string; roles: string[] }) => [r.name, r.roles]), [
    ['Ada Admin', ['admin']], ['Felix Finanz', ['finance']], ['Lena Lager', ['warehouse']], ['Sam Support', ['support']],
  ], 'by name, with their roles');
  const created = await opsCall(api, 'POST', '/ops/operators', admin, { email: 'zoe@ops.example', name: 'Zoë Zimmermann', password: 'Zoe-Operator-2026', roles: ['support'] });
  t.equal(created.statusCode, 201, created.body);
  t.equal(created.json().name, 'Zoë Zimmermann');
  const renamed = await opsCall(api, 'PUT', `/ops/operators/${created.json().id}`, admin, { name: 'Zoë Meier' });
  t.equal(renamed.json().name, 'Zoë Meier');
  const audit = (await opsCall(api, 'GET', '/ops/audit?operator=ada', admin)).json().results as AuditEntry[];
  t.match(audit[0], { action: 'operator_updated', details: { before: { name: 'Zoë Zimmermann' }, after: { name: 'Zoë Meier' } } }, 'a new name is audited');
  t.teardown(() => api.db.query('delete from operators where email = $1', ['zoe@ops.example']));
});
