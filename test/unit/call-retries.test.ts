// spec 7: the call wrapper retries on 408, 409, 425, 429, 500, 502, 503, 504 (and no answer at all): once
// for a read, never for a write (PATCH, POST, PUT, DELETE); other errors come back at once. A real HTTP
// server answers with the statuses; the test counts what arrives.
import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommerceHttp, RETRY_STATUSES, type Method } from '../../src/storefront/commerce-client/http.ts';

async function serverAnswering(statuses: number[]) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.method ?? '');
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)];
    res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '0' });
    res.end(status < 300 ? '{"ok":true}' : JSON.stringify({ statusCode: status, code: `e${status}`, message: 'no' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const http = new CommerceHttp({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  return { seen, http, close: async () => { await http.close(); await new Promise((r) => server.close(r)); } };
}

t.same([...RETRY_STATUSES].sort(), [408, 409, 425, 429, 500, 502, 503, 504]);

t.test('a read is tried once more on each retryable status, and then answers', async (t) => {
  for (const status of [...RETRY_STATUSES]) {
    const s = await serverAnswering([status, 200]);
    t.teardown(s.close);
    const r = await s.http.call({ path: '/x', store: 'ch' });
    t.same(r.data, { ok: true }, `${status}: the second try answers`);
    t.equal(s.seen.length, 2);
  }
});

t.test('a read that keeps failing gives up after one retry with the server\'s error', async (t) => {
  const s = await serverAnswering([503]);
  t.teardown(s.close);
  const r = await s.http.call({ path: '/x', store: 'ch' });
  t.equal(s.seen.length, 2);
  t.match(r.error, { status: 503, code: 'e503' });
});

t.test('writes are never retried: a second order or payment must not come from a passing error', async (t) => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as Method[]) {
    const s = await serverAnswering([503, 200]);
    t.teardown(s.close);
    const r = await s.http.call({ method, path: '/x', store: 'ch', body: {} });
    t.equal(s.seen.length, 1, `${method}: one request`);
    t.match(r.error, { status: 503 });
  }
});

t.test('other errors are not retried', async (t) => {
  for (const status of [400, 401, 403, 404, 422]) {
    const s = await serverAnswering([status, 200]);
    t.teardown(s.close);
    const r = await s.http.call({ path: '/x', store: 'ch' });
    t.equal(s.seen.length, 1, `${status}`);
    t.match(r.error, { status });
  }
});

t.test('no answer at all (connection refused) is retried for a read', async (t) => {
  const http = new CommerceHttp({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
  t.teardown(() => http.close());
  const r = await http.call({ path: '/x', store: 'ch' });
  t.match(r.error, { code: 'UnknownError', status: 0 });
});
