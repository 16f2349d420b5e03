// Errors as Storyblok sends them (401, 404, 422, 429), caching headers, and the promise that no
// malformed request is ever answered with a 5xx.
import fc from 'fast-check';
import t from 'tap';
import { clientError, PREVIEW_TOKEN, PUBLIC_TOKEN, q, startContent } from './helpers.ts';

const svc = await startContent(t);

t.test('a missing or wrong token is a 401 with a JSON error', async (t) => {
  const missing = await svc.get('/cdn/stories/ch/home');
  t.equal(missing.status, 401);
  t.match(missing.body, { statusCode: 401, code: 'token_missing', error: /Unauthorized/ });
  const wrong = await clientError(svc.client({ token: 'not-a-token' }).getStory('ch/home'));
  t.equal(wrong.status, 401);
  t.match(wrong.message, /Unauthorized/);
  const links = await svc.get('/cdn/links?token=nope');
  t.equal(links.status, 401);
});

t.test('unknown stories and routes are 404 with a JSON error', async (t) => {
  const story = await svc.get(`/cdn/stories/ch/nothing-here?${q({})}`);
  t.equal(story.status, 404);
  t.match(story.body, { statusCode: 404, code: 'story_not_found' });
  const route = await svc.get(`/cdn/datasources?${q({})}`);
  t.equal(route.status, 404);
  t.equal(route.body.code, 'not_found');
  const link = await svc.get(`/cdn/links/00000000-0000-5000-8000-000000000000?${q({})}`);
  t.equal(link.status, 404);
});

t.test('bad parameters are 422 naming the problem', async (t) => {
  const client = svc.client();
  const tooMany = await clientError(client.getStories({ per_page: 101 }));
  t.equal(tooMany.status, 422);
  t.match(tooMany.message, /per_page/);
  const cases: [Record<string, string>, RegExp][] = [
    [{ per_page: '0' }, /per_page/],
    [{ page: 'two' }, /page/],
    [{ 'filter_query[title][between]': 'a' }, /Unknown filter operation/],
    [{ filter_query: 'title' }, /filter_query/],
    [{ 'filter_query[title]': 'x' }, /needs an operation/],
    [{ 'filter_query[reading_time][gt_int]': 'many' }, /integer/],
    [{ 'filter_query[gold_price_usd][lt_float]': '1,5' }, /number/],
    [{ 'filter_query[date][gt_date]': 'yesterday' }, /date/],
    [{ 'filter_query[date][gt_date]': '2026-02-30 10:00' }, /date/],
    [{ 'filter_query[__or]': 'x' }, /__or/],
    [{ sort_by: 'content.title:sideways' }, /sort_by/],
    [{ sort_by: 'secret_field:asc' }, /sort_by/],
    [{ version: 'latest' }, /version/],
    [{ cv: 'yesterday' }, /cv/],
    [{ resolve_links: 'everything' }, /resolve_links/],
    [{ published_at_gt: '31.12.2025' }, /published_at_gt/],
    [{ excluding_story_fields: 'content' }, /excluding_story_fields/],
    [{ colour: 'gold' }, /Unknown parameter: colour/],
  ];
  for (const [params, message] of cases) {
    const res = await svc.get(`/cdn/stories?${q(params)}`);
    t.equal(res.status, 422, JSON.stringify(params));
    t.match(res.body, { statusCode: 422, code: 'invalid_parameter', error: message }, JSON.stringify(params));
  }
  const links = await svc.get(`/cdn/links?${q({ per_page: '1001' })}`);
  t.equal(links.status, 422, 'links allow at most 1000 per page');
});

t.test('the draft version with the public token is a 401', async (t) => {
  const res = await svc.get(`/cdn/stories?${q({ version: 'draft' })}`);
  t.equal(res.status, 401);
  t.equal(res.body.code, 'preview_token_required');
});

t.test('published responses are briefly cacheable with an ETag; draft and errors are not stored', async (t) => {
  const first = await svc.get(`/cdn/stories/ch/home?${q({})}`);
  t.match(first.headers.get('cache-control'), /public, max-age=60/);
  const etag = first.headers.get('etag');
  t.match(etag, /^"[\w-]+"$/);
  const again = await fetch(`${svc.endpoint}/cdn/stories/ch/home?${q({})}`, { headers: { 'if-none-match': etag! } });
  t.equal(again.status, 304, 'unchanged content revalidates without a body');
  const other = await svc.get(`/cdn/stories/ch/home?${q({ language: 'en' })}`);
  t.not(other.headers.get('etag'), etag, 'another language is another representation');
  const draft = await svc.get(`/cdn/stories/ch/home?${new URLSearchParams({ token: PREVIEW_TOKEN, version: 'draft' })}`);
  t.equal(draft.headers.get('cache-control'), 'no-store');
  const error = await svc.get(`/cdn/stories/ch/nothing?${q({})}`);
  t.equal(error.headers.get('cache-control'), 'no-store');
  t.equal(first.headers.get('access-control-allow-origin'), '*');
});

t.test('over the rate limit the service answers 429 and the client retries until it succeeds', async (t) => {
  // The limiter's time is the test's: it moves a second when the test says, and half a second (one token
  // at 2 per second) with every refusal, as if the client's 300 ms retry pause had passed on the service.
  let now = 0;
  let moveWithRefusals = false;
  const statuses: number[] = [];
  const tight = await startContent(t, { rateLimitPerSecond: 2, clock: () => now }, (app) => {
    app.addHook('onResponse', async (_req, reply) => {
      statuses.push(reply.statusCode);
      if (reply.statusCode === 429 && moveWithRefusals) now += 500;
    });
  });
  const raw = await Promise.all([1, 2, 3].map(() => tight.get(`/cdn/stories/ch/home?${q({})}`)));
  t.same(raw.map((r) => r.status).sort(), [200, 200, 429], 'a burst beyond the bucket of two is refused');
  const limited = raw.find((r) => r.status === 429);
  t.match(limited?.body, { statusCode: 429, code: 'rate_limited' });
  t.equal(limited?.headers.get('retry-after'), '1');
  now += 1000; // the bucket refills
  statuses.length = 0;
  moveWithRefusals = true;

  const client = tight.client(); // storefront settings: 5 per second, 10 retries at 300 ms
  const slugs = ['ch/home', 'ch/404', 'ch/maintenance', 'ch/legal/agb-not-here', 'ch/stores/filialen', 'ch/legal/privacy-policy'];
  const results = await Promise.allSettled(slugs.map((s) => client.getStory(s)));
  t.ok(statuses.includes(429), `the service refused some calls (${statuses.join(',')})`);
  t.same(results.map((r) => r.status), ['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled'], 'every call completes after retries');
  t.equal((results[3] as PromiseRejectedResult).reason.status, 404, 'a real 404 is not retried into something else');
});

t.test('no malformed query or path is ever answered with a 5xx', async (t) => {
  const names = ['token', 'version', 'cv', 'starts_with', 'by_slugs', 'excluding_slugs', 'by_uuids', 'by_uuids_ordered', 'excluding_ids', 'by_ids',
    'filter_query', 'sort_by', 'per_page', 'page', 'language', 'resolve_relations', 'resolve_links', 'resolve_level', 'with_tag', 'is_startpage',
    'search_term', 'level', 'content_type', 'published_at_gt', 'first_published_at_lt', 'excluding_fields', 'excluding_story_fields',
    'find_by', 'include_dates', 'with_parent', 'paginated', '__proto__', 'constructor'];
  const fields = ['title', 'path', 'date', 'metals', 'reading_time', 'body.0.component', '__or', '__proto__', '', 'a.b.c', 'content'];
  const ops = ['is', 'in', 'not_in', 'like', 'not_like', 'any_in_array', 'all_in_array', 'gt_int', 'lt_int', 'gt_float', 'lt_float', 'gt_date', 'lt_date', 'between', ''];
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('', '*', 'ch/*', 'ch/news/', '0', '-1', '2', '25', '101', '1e9', '4300.5', 'true', 'draft', 'en', 'gold,silver', 'Gold*', '2026-01-01 10:00',
      'content.title:asc', 'content.reading_time:desc:int', 'first_published_at:desc', 'content.title:asc:int', 'a.b,c.d', '%', '%zz', 'null', 'empty_array'),
  );
  const validOps = ops.filter((o) => o !== '' && o !== 'between');
  const key = fc.oneof(
    // near-valid filters get past parameter checks and exercise the filter, sort and paging code
    { arbitrary: fc.tuple(fc.constantFrom('title', 'date', 'metals', 'reading_time', 'gold_price_usd', 'path', 'body.0.component'), fc.constantFrom(...validOps))
      .map(([f, o]) => `filter_query[${f}][${o}]`), weight: 3 },
    { arbitrary: fc.constantFrom('filter_query[__or][][title][like]', 'filter_query[__or][][date][gt_date]', 'sort_by', 'per_page', 'page', 'starts_with', 'by_slugs', 'language'), weight: 3 },
    fc.constantFrom(...names),
    fc.tuple(fc.constantFrom(...names), fc.array(fc.oneof(fc.constantFrom(...fields, ...ops), fc.string({ maxLength: 4 })), { maxLength: 4 }))
      .map(([n, segs]) => n + segs.map((s) => `[${s}]`).join('')),
    fc.constantFrom('filter_query[__or][][title][like]', 'filter_query[__or][0][x][is]', 'a[', ']]', '[x]', 'filter_query[][]'),
  );
  const token = fc.oneof({ arbitrary: fc.constant(PUBLIC_TOKEN), weight: 6 }, fc.constantFrom(PREVIEW_TOKEN, 'wrong', ''));
  const path = fc.oneof(
    fc.constantFrom('/cdn/stories', '/cdn/stories', '/cdn/stories', '/cdn/stories/', '/cdn/links', '/cdn/tags', '/cdn/spaces/me', '/cdn/stories/ch/home', '/cdn/stories/123', '/cdn/stories/ch/'),
    fc.string({ maxLength: 20 }).map((s) => `/cdn/stories/${encodeURIComponent(s)}`),
    fc.string({ maxLength: 20 }).map((s) => `/cdn/links/${encodeURIComponent(s)}`),
  );
  const rawPart = fc.constantFrom('&&', '=', '&=x', '&a[=1', '&%5B%5D=1', '&token', '&filter_query[title][in]=%E0%A4%A');
  await fc.assert(fc.asyncProperty(path, token, fc.array(fc.tuple(key, text), { maxLength: 3 }), fc.option(rawPart), async (p, tok, pairs, raw) => {
    const query = [`token=${encodeURIComponent(tok)}`, ...pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`)].join('&') + (raw ?? '');
    const res = await fetch(`${svc.endpoint}${p}?${query}`);
    const body = await res.text();
    if (res.status >= 500) throw new Error(`${res.status} for ${p}?${query}: ${body}`);
    JSON.parse(body); // always JSON
  }), { numRuns: 600 });
  t.pass('600 random requests, none answered 5xx');
});
