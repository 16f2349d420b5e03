// Streaming, observed over real HTTP with a slow content upstream in front of the real content service:
// the shell arrives at once and the deferred part later in the same response; bots get one complete
// document; a client that goes away aborts the render.
import t from 'tap';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { startHarness } from './harness.ts';

const DELAY_MS = 400;

/** A proxy that answers news listings after DELAY_MS and everything else at once. */
async function slowNewsProxy(target: string): Promise<{ url: string; close: () => Promise<void>; inFlight: () => number }> {
  const upstream = new URL(target);
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    const slow = /starts_with=[^&]*news/.test(req.url ?? '');
    inFlight++;
    const forward = () => {
      const p = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        up.on('end', () => inFlight--);
      });
      p.end();
    };
    if (slow) setTimeout(forward, DELAY_MS);
    else forward();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`,
    close: () => new Promise((r) => server.close(() => r())),
    inFlight: () => inFlight,
  };
}

t.test('people get the shell at once and the news section streams in later', async (t) => {
  let proxy!: Awaited<ReturnType<typeof slowNewsProxy>>;
  const h = await startHarness({ cmsUrl: async (real) => (proxy = await slowNewsProxy(real)).url });
  t.teardown(async () => {
    await h.close();
    await proxy.close();
  });
  // The first page a fresh process renders loads and compiles its modules; measure a warm server.
  await h.get('ch.localhost', '/');
  const started = performance.now();
  const res = await request(`http://127.0.0.1:${h.port}/`, { headers: { host: `ch.localhost:${h.port}` } });
  const chunks: { at: number; text: string }[] = [];
  for await (const chunk of res.body) chunks.push({ at: performance.now() - started, text: chunk.toString() });
  const first = chunks[0];
  const all = chunks.map((c) => c.text).join('');
  t.ok(first.at < DELAY_MS, `first bytes after ${first.at.toFixed(0)} ms, before the slow part (${DELAY_MS} ms)`);
  const shellEnd = chunks.findIndex((c) => c.text.includes('aria-busy="true"'));
  t.ok(shellEnd >= 0 && chunks[shellEnd].at < DELAY_MS, 'the shell carries the news placeholder');
  const newsChunk = chunks.find((c) => c.text.includes('window.__d'));
  t.ok(newsChunk && newsChunk.at >= DELAY_MS - 20, 'the news content arrives later in the same response');
  t.match(all, /<\/html>$/, 'the document is closed at the end');
});

t.test('bots get the complete document in one piece, without placeholders', async (t) => {
  let proxy!: Awaited<ReturnType<typeof slowNewsProxy>>;
  const h = await startHarness({ cmsUrl: async (real) => (proxy = await slowNewsProxy(real)).url });
  t.teardown(async () => {
    await h.close();
    await proxy.close();
  });
  const started = performance.now();
  const res = await request(`http://127.0.0.1:${h.port}/`, { headers: { host: `ch.localhost:${h.port}`, 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' } });
  const text = await res.body.text();
  t.ok(performance.now() - started >= DELAY_MS - 20, 'the answer waits for all data');
  t.notMatch(text, /aria-busy="true"/, 'no placeholder');
  t.notMatch(text, /<template/, 'no streamed swap markers');
  t.match(text, /class="news-list"/);
});

t.test('a client that goes away aborts the render and the server stays healthy', async (t) => {
  let proxy!: Awaited<ReturnType<typeof slowNewsProxy>>;
  const h = await startHarness({ cmsUrl: async (real) => (proxy = await slowNewsProxy(real)).url });
  t.teardown(async () => {
    await h.close();
    await proxy.close();
  });
  // Read the shell, then keep the connection open without reading further.
  const req = http.get({ host: '127.0.0.1', port: h.port, path: '/', headers: { host: `ch.localhost:${h.port}` } });
  const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  await new Promise<void>((resolve) => res.once('data', () => resolve()));
  res.pause();
  const during = JSON.parse((await h.get('ch.localhost', '/health')).text).renders;
  t.equal(during.inFlight, 1, 'one render is streaming');
  req.destroy();
  await new Promise((r) => setTimeout(r, 50));
  const after = JSON.parse((await h.get('ch.localhost', '/health')).text).renders;
  t.same(after, { inFlight: 0, aborted: 1 }, 'the render stopped long before its slow data arrived');
  const again = await h.get('ch.localhost', '/en');
  t.equal(again.status, 200, 'the next request renders normally');
});
