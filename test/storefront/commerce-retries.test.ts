// The storefront's call wrapper for the commerce API (spec 7), against a faked commerce service (undici's
// MockAgent at the HTTP boundary) on a fake clock: a read that meets 408, 409, 425, 429, 500, 502, 503 or
// 504 (or no answer) is asked once more after a short pause, honouring Retry-After up to 2 s; a write
// (POST, PUT, PATCH, DELETE) is never repeated, so an order or payment cannot happen twice; other errors
// are not retried; every call ends in one { data, error } pair.
import t, { type Test } from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import { MockAgent } from 'undici';
import { CommerceHttp } from '../../src/storefront/commerce-client/http.ts';

const BASE = 'http://commerce.test';

function setup(t: Test) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(BASE);
  const http = new CommerceHttp({ baseUrl: BASE, dispatcher: agent });
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  t.teardown(async () => {
    clock.uninstall();
    await agent.close();
  });
  let asked = 0;
  let queue: (number | 'no answer')[] = [];
  let headers: Record<string, string> = {};
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    pool.intercept({ path: '/thing', method }).reply<object>(() => {
      asked++;
      const next = queue.shift();
      if (next === 'no answer') throw new Error('connection reset');
      if (next === undefined) return { statusCode: 200, data: { ok: true } };
      return { statusCode: next, data: { statusCode: next, code: 'busy', message: 'try later' }, responseOptions: { headers } };
    }).persist();
  }
  /** the service answers `statuses` in turn, then 200 */
  const answer = (statuses: (number | 'no answer')[], withHeaders: Record<string, string> = {}) => {
    queue = [...statuses];
    headers = withHeaders;
  };
  return { http, clock, answer, asked: () => asked };
}

for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
  t.test(`a read answered ${status} is asked once more, and the second answer counts`, async (t) => {
    const { http, clock, answer, asked } = setup(t);
    answer([status]);
    const call = http.call<{ ok: boolean }>({ path: '/thing', store: 'ch' });
    await clock.tickAsync(99);
    t.equal(asked(), 1, 'one request, then a pause');
    await clock.tickAsync(1);
    const result = await call;
    t.equal(asked(), 2, 'retried after 100 ms');
    t.same(result, { data: { ok: true }, error: null });
  });
}

t.test('a read is retried once only: a second failure is the answer', async (t) => {
  const { http, clock, answer, asked } = setup(t);
  answer([503, 503, 503]);
  const call = http.call({ path: '/thing', store: 'ch' });
  await clock.runAllAsync();
  const result = await call;
  t.equal(asked(), 2, 'spec 7: one retry for reads');
  t.same(result, { data: null, error: { code: 'busy', status: 503, message: 'try later' } });
});

t.test('a read without an answer (connection lost) is retried too', async (t) => {
  const { http, clock, answer, asked } = setup(t);
  answer(['no answer']);
  const call = http.call({ path: '/thing', store: 'ch' });
  await clock.runAllAsync();
  t.same(await call, { data: { ok: true }, error: null });
  t.equal(asked(), 2);
});

t.test('Retry-After is honoured up to 2 s', async (t) => {
  const { http, clock, answer, asked } = setup(t);
  answer([429], { 'retry-after': '1' });
  const call = http.call({ path: '/thing', store: 'ch' });
  await clock.tickAsync(999);
  t.equal(asked(), 1, 'the service asked for a second: not sooner');
  await clock.tickAsync(1);
  await call;
  t.equal(asked(), 2);

  answer([503], { 'retry-after': '120' });
  const long = http.call({ path: '/thing', store: 'ch' });
  await clock.tickAsync(2000);
  t.equal(asked(), 4, 'a long Retry-After is cut to 2 s: the customer is waiting');
  await clock.runAllAsync();
  t.same(await long, { data: { ok: true }, error: null });
});

for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  t.test(`a ${method} is never repeated, whatever the failure`, async (t) => {
    const { http, clock, answer, asked } = setup(t);
    answer([503]);
    const first = http.call({ method, path: '/thing', store: 'ch', body: {} });
    await clock.runAllAsync();
    t.equal((await first).error?.status, 503, 'the failure is the answer');
    t.equal(asked(), 1, 'asked once');
    answer(['no answer']);
    const second = http.call({ method, path: '/thing', store: 'ch', body: {} });
    await clock.runAllAsync();
    t.same(await second, { data: null, error: { code: 'UnknownError', status: 0, message: 'An unknown error occured while making a request' } }, 'no answer: the unknown error (spec 8)');
    t.equal(asked(), 2, 'asked once: it may have arrived');
  });
}

t.test('other errors are the answer at once', async (t) => {
  const { http, clock, answer, asked } = setup(t);
  for (const status of [400, 401, 403, 404, 422]) {
    const before = asked();
    answer([status]);
    const call = http.call({ path: '/thing', store: 'ch' });
    await clock.runAllAsync();
    t.equal((await call).error?.status, status);
    t.equal(asked() - before, 1, `${status}: not retried`);
  }
});
