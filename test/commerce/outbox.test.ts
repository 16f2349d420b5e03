// The outbox: GET /admin/outbox for the development mailbox (loopback only, never in production), and
// real delivery over SMTP when SMTP_URL is set, failures logged without personal data and retried with
// exponential back-off by the service's clock until the mail is sent or given up as failed.
import t from 'tap';
import { testCompanyFacts } from '../company-facts.ts';
import type { Test } from 'tap';
import { Writable } from 'node:stream';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { loggerOptions } from '../../src/lib/service.ts';
import { DELIVERY, retryDelayS } from '../../src/commerce/lib/outbox.ts';
import { commerceHarness, testClock, testConfig, uniqueEmail, PASSWORD } from './helpers.ts';
import { smtpServer } from './smtp-sink.ts';

const h = await commerceHarness(t);


// Waits for the first attempt, which runs after the request's commit; a generous bound, not a timing.
async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

t.test('GET /admin/outbox lists the newest messages first for the development mailbox', async (t) => {
  const api = await h.api(t);
  const a = uniqueEmail('first');
  const b = uniqueEmail('second');
  await api.call('POST', '/customers', { body: { email: a, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  await api.call('POST', '/customers', { store: 'de', body: { email: b, password: PASSWORD, firstName: 'C', lastName: 'D', language: 'en' } });
  const res = await api.call('GET', '/admin/outbox?limit=2');
  t.equal(res.statusCode, 200);
  const { messages } = res.json();
  t.equal(messages.length, 2);
  t.match(messages[0], { channel: 'mail', to: b, storeKey: 'de', subject: /confirm your e-mail/, text: /\/en\/activate-user\?token=/, sentAt: null });
  t.equal(messages[1].to, a);
  t.ok(Date.parse(messages[0].createdAt) > 0);
  await api.call('POST', '/customers', { body: { email: uniqueEmail('third'), password: PASSWORD, firstName: 'E', lastName: 'F' } });
  t.equal((await api.call('GET', '/admin/outbox')).json().messages.length, 3, 'without limit: up to 50');
  t.equal((await api.call('GET', '/admin/outbox?limit=0')).statusCode, 400);
  t.equal((await api.call('GET', '/admin/outbox?limit=abc')).statusCode, 400);
});

t.test('the mailbox does not exist in production or for remote callers', async (t) => {
  const prod = await h.api(t, { config: { NODE_ENV: 'production' } });
  const res = await prod.call('GET', '/admin/outbox');
  t.equal(res.statusCode, 404);
  t.equal(res.json().code, 'not_found');
  const dev = await h.api(t);
  const remote = await dev.app.inject({ method: 'GET', url: '/admin/outbox', remoteAddress: '192.0.2.10', headers: { 'x-store-key': 'ch' } });
  t.equal(remote.statusCode, 404);
  const forwarded = await dev.app.inject({ method: 'GET', url: '/admin/outbox', remoteAddress: '192.0.2.10', headers: { 'x-store-key': 'ch', 'x-forwarded-for': '127.0.0.1' } });
  t.equal(forwarded.statusCode, 404, 'a forwarded loopback address does not count');
});

t.test('with SMTP_URL the activation mail is also sent and marked sent', async (t) => {
  const smtp = await smtpServer(t);
  const api = await h.api(t, { config: { SMTP_URL: smtp.url } });
  const email = uniqueEmail('smtp');
  await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  const mail = await until(async () => smtp.mails.find((m) => m.to.some((r) => r.includes(email))));
  t.match(mail.from, /service@aurum\.example/);
  t.match(mail.data, /Subject: =\?UTF-8\?|Subject: Bitte/, 'a subject');
  t.match(mail.data, /activate-user\?token=/);
  t.match(mail.data, /multipart\/alternative/, 'text and HTML');
  t.match(mail.data, /^Auto-Submitted: auto-generated\r?$/m, 'marked as sent by the shop, not a person (RFC 3834): no auto-replies to it');
  const row = await until(async () => (await api.db.query<{ sent_at: Date | null }>('select sent_at from outbox where "to" = $1 and sent_at is not null', [email]))[0]);
  t.ok(row.sent_at);
});

t.test('an SMTP failure is logged without the address and leaves the message unsent', async (t) => {
  const smtp = await smtpServer(t, { refuse: true });
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _e, cb) { lines.push(String(chunk)); cb(); } });
  const app = await buildCommerceApp({ companyFacts: testCompanyFacts(),
    db: h.db, clock: testClock(), config: testConfig({ SMTP_URL: smtp.url }),
    logger: { ...(loggerOptions('info', 'commerce') as object), stream },
  });
  t.teardown(() => app.close());
  const email = uniqueEmail('refused');
  const res = await app.inject({ method: 'POST', url: '/customers', headers: { 'x-store-key': 'ch' }, payload: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  t.equal(res.statusCode, 201, 'registration does not depend on the mail server');
  const row = await until(async () => (await h.db.query<{ failed_attempts: number; sent_at: Date | null }>('select failed_attempts, sent_at from outbox where "to" = $1 and failed_attempts > 0', [email]))[0]);
  t.equal(row.sent_at, null);
  await until(async () => lines.some((l) => l.includes('mail delivery failed')));
  const failure = lines.find((l) => l.includes('mail delivery failed'))!;
  t.match(failure, /"outboxId":\d+/);
  t.notOk(lines.join('').includes(email), 'no address in the logs');
});

interface DeliveryRow {
  id: number;
  sent_at: Date | null;
  failed_at: Date | null;
  failed_attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
}

async function deliveryOf(db: typeof h.db, email: string): Promise<DeliveryRow> {
  const rows = await db.query<DeliveryRow>('select id, sent_at, failed_at, failed_attempts, next_attempt_at, last_error from outbox where "to" = $1', [email]);
  return rows[0];
}

t.test('a mail the server refuses for the moment is retried with back-off by the service clock and sent once it is accepted', async (t) => {
  // 451: "try again later", the first two times
  const smtp = await smtpServer(t, { answer: (n) => (n <= 2 ? '451 mailbox busy, try later' : '250 ok') });
  const api = await h.api(t, { config: { SMTP_URL: smtp.url } });
  const email = uniqueEmail('busy');
  const start = api.clock().getTime();
  await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  const first = await until(async () => { const r = await deliveryOf(api.db, email); return r.failed_attempts === 1 && r; });
  t.equal(first.next_attempt_at?.getTime(), start + 60_000, 'the first retry is due a minute later');
  t.match(first.last_error, /451/, 'the failure is kept (its code, no address)');

  api.clock.advance(59);
  await api.app.commerce.outbox.retryDue();
  t.equal((await deliveryOf(api.db, email)).failed_attempts, 1, 'not before it is due');
  t.equal(smtp.recipients(), 1);

  api.clock.advance(1);
  await api.app.commerce.outbox.retryDue();
  const second = await deliveryOf(api.db, email);
  t.equal(second.failed_attempts, 2, 'the second attempt failed too');
  t.equal(second.next_attempt_at?.getTime(), api.clock().getTime() + 180_000, 'the next wait is three times as long');

  api.clock.advance(180);
  await api.app.commerce.outbox.retryDue();
  const sent = await deliveryOf(api.db, email);
  t.ok(sent.sent_at, 'the third attempt delivered it');
  t.equal(sent.next_attempt_at, null);
  t.equal(smtp.mails.filter((m) => m.to.some((r) => r.includes(email))).length, 1, 'exactly one mail arrived');
  const listed = (await api.call('GET', '/admin/outbox?limit=1')).json().messages[0];
  t.match(listed, { to: email, status: 'sent', failedAttempts: 2 });

  api.clock.advance(3600);
  await api.app.commerce.outbox.retryDue();
  t.equal(smtp.mails.length, 1, 'a sent mail is never sent again');
});

t.test(`a mail that keeps failing is attempted ${DELIVERY.maxAttempts} times over about 18 hours, then it is failed`, async (t) => {
  const smtp = await smtpServer(t, { answer: () => '421 service not available' });
  const api = await h.api(t, { config: { SMTP_URL: smtp.url } });
  const email = uniqueEmail('down');
  const start = api.clock().getTime();
  await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  await until(async () => (await deliveryOf(api.db, email)).failed_attempts === 1);
  const waits: number[] = [];
  for (;;) {
    const row = await deliveryOf(api.db, email);
    if (!row.next_attempt_at) break;
    const waitS = (row.next_attempt_at.getTime() - api.clock().getTime()) / 1000;
    waits.push(waitS);
    api.clock.advance(waitS);
    await api.app.commerce.outbox.retryDue();
  }
  t.same(waits, [60, 180, 540, 1620, 4860, 14580, 43740], 'waits grow threefold from one minute');
  t.same(waits, Array.from({ length: DELIVERY.maxAttempts - 1 }, (_, i) => retryDelayS(i + 1)));
  const failed = await deliveryOf(api.db, email);
  t.equal(failed.failed_attempts, DELIVERY.maxAttempts);
  t.ok(failed.failed_at, 'given up');
  t.equal(failed.sent_at, null);
  const hours = (failed.failed_at!.getTime() - start) / 3_600_000;
  t.ok(hours > 18 && hours < 18.5, `the last attempt came ${hours.toFixed(1)} hours after the first`);
  t.equal(smtp.recipients(), DELIVERY.maxAttempts, 'the server was asked exactly that often');
  t.match((await api.call('GET', '/admin/outbox?limit=1')).json().messages[0], { to: email, status: 'failed', failedAttempts: DELIVERY.maxAttempts });

  api.clock.advance(7 * 86400);
  await api.app.commerce.outbox.retryDue();
  t.equal(smtp.recipients(), DELIVERY.maxAttempts, 'a failed mail stays failed');
});

t.test('a mail server that cannot be reached at all counts as a transient failure', async (t) => {
  // a port nothing listens on: the connection is refused
  const api = await h.api(t, { config: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  const email = uniqueEmail('unreachable');
  await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  const row = await until(async () => { const r = await deliveryOf(api.db, email); return r.failed_attempts === 1 && r; });
  t.equal(row.failed_at, null, 'not given up');
  t.ok(row.next_attempt_at, 'retried later');
  t.match(row.last_error, /ECONNREFUSED|ESOCKET|ECONNECTION/);
});

t.test('a mail the server refuses for good is failed after one attempt; without SMTP nothing is attempted', async (t) => {
  const smtp = await smtpServer(t, { refuse: true });
  const api = await h.api(t, { config: { SMTP_URL: smtp.url } });
  const email = uniqueEmail('nosuchuser');
  await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  const row = await until(async () => { const r = await deliveryOf(api.db, email); return r.failed_at && r; });
  t.equal(row.failed_attempts, 1, '554 is final: asking again gets the same answer');
  t.equal(row.next_attempt_at, null);

  const plain = await h.api(t);
  const other = uniqueEmail('nosmtp');
  await plain.call('POST', '/customers', { body: { email: other, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  plain.clock.advance(86400);
  await plain.app.commerce.outbox.retryDue();
  t.match(await deliveryOf(plain.db, other), { sent_at: null, failed_at: null, failed_attempts: 0, next_attempt_at: null }, 'it waits in the development mailbox');
});
