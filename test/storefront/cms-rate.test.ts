// Spec 9: the storefront asks the content API at most 5 times per second. The other storefront tests raise
// the rate (TEST_CMS_RATE_LIMIT) so that their page views do not queue; this one keeps the default.
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { buildContentApp } from '../../src/content/app.ts';
import { Cms } from '../../src/storefront/cms/reader.ts';

t.test('the CMS client sends at most 5 requests in any second; every read still arrives', async (t) => {
  const content = buildContentApp({ publicToken: 'pub', previewToken: 'prev', logger: false, rateLimitPerSecond: 10_000 });
  await content.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => content.close());
  // when each request leaves (storyblok-js-client calls the global fetch); sent could bunch on a busy machine
  const sent: number[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    sent.push(performance.now());
    return realFetch(...args);
  };
  t.teardown(() => {
    globalThis.fetch = realFetch;
  });
  const cms = new Cms({ endpoint: `http://127.0.0.1:${(content.server.address() as AddressInfo).port}/v2`, token: 'pub', cacheTtlMs: 0 });

  const pages = await Promise.all(Array.from({ length: 12 }, () => cms.reader('ch', 'de').pageByPath('/')));
  t.ok(pages.every((p) => p !== null && p.blocks.length > 0), 'all twelve reads get the home page');
  t.ok(sent.length >= 12, `${sent.length} requests`);
  // the client counts a second from the moment it lets a request go; the fetch call follows a moment later
  const busiest = Math.max(...sent.map((start) => sent.filter((a) => a >= start && a < start + 900).length));
  t.ok(busiest <= 5, `at most 5 requests within 0.9 s (busiest: ${busiest})`);
  t.ok(sent.at(-1)! - sent[0] >= 1000, 'the requests after the fifth waited for the next second');
});
