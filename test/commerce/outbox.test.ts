// The outbox: GET /admin/outbox for the development mailbox (loopback only, never in production), and
// real delivery over SMTP when SMTP_URL is set, failures logged without personal data.
import t from 'tap';
import type { Test } from 'tap';
import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { loggerOptions } from '../../src/lib/service.ts';
import { commerceHarness, testClock, testConfig, uniqueEmail, PASSWORD } from './helpers.ts';

const h = await commerceHarness(t);

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server: accepts everything, or refuses recipients with 554 when refuse is set. */
async function smtpServer(t: Test, opts: { refuse?: boolean } = {}): Promise<{ url: string; mails: ReceivedMail[] }> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    let buf = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    sock.write('220 test ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(current);
            current = { from: '', to: [], data: '' };
            sock.write('250 queued\r\n');
          } else current.data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250 test\r\n');
        else if (cmd === 'MAIL') {
          current.from = line;
          sock.write('250 ok\r\n');
        } else if (cmd === 'RCPT') {
          if (opts.refuse) sock.write('554 no such user\r\n');
          else {
            current.to.push(line);
            sock.write('250 ok\r\n');
          }
        } else if (cmd === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  const port = (server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, mails };
}

async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 5000): Promise<T> {
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
  const row = await until(async () => (await api.db.query<{ sent_at: Date | null }>('select sent_at from outbox where "to" = $1 and sent_at is not null', [email]))[0]);
  t.ok(row.sent_at);
});

t.test('an SMTP failure is logged without the address and leaves the message unsent', async (t) => {
  const smtp = await smtpServer(t, { refuse: true });
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _e, cb) { lines.push(String(chunk)); cb(); } });
  const app = await buildCommerceApp({
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
