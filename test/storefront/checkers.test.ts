// What checkers and auditors read in the storefront's answers (issue 28, "Search engines and checkers"):
// noindex on the account forms and the wishlist, HEAD as GET for a CMS path, web manifests with an id and
// PNG icons (the English pages of the European stores link the English one), the CSP naming the shop's own
// socket origin and reporting violations to an endpoint that logs them boundedly and without personal data.
import t from 'tap';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { request } from 'undici';
import { startHarness, type Harness } from './harness.ts';
import { registerCspReports, REPORTS_PER_MINUTE } from '../../src/storefront/routes/csp-reports.ts';

let h: Harness;
t.before(async () => {
  h = await startHarness();
});
t.teardown(() => h.close());

const NOINDEX = /<meta name="robots" content="noindex">/;

t.test('login, registration, wishlist and password pages are noindex in both languages; the shop\'s pages are not', async (t) => {
  for (const path of ['/login', '/registrierung', '/wunschliste', '/passwort-vergessen', '/en/login', '/en/register', '/en/wishlist', '/en/forgot-password']) {
    const res = await h.get('ch.localhost', path);
    t.equal(res.status, 200, path);
    t.match(res.text, NOINDEX, `${path} is noindex`);
  }
  for (const path of ['/', '/en', '/kontakt', '/en/privacy-policy']) t.notMatch((await h.get('ch.localhost', path)).text, NOINDEX, `${path} may be indexed`);
});

t.test('HEAD of a path only the CMS catch-all matches answers 404 when there is no story, as GET does', async (t) => {
  const head = async (path: string) => (await request(`http://127.0.0.1:${h.port}${path}`, { method: 'HEAD', headers: { host: `ch.localhost:${h.port}` } })).statusCode;
  for (const path of ['/gibt-es-nicht', '/en/no-such-page', '/news?page=999']) {
    const get = await h.get('ch.localhost', path);
    t.equal(get.status, 404, `GET ${path}`);
    t.equal(await head(path), 404, `HEAD ${path}`);
  }
  t.equal(await head('/datenschutz'), 200);
});

/** width and height of a PNG (its IHDR chunk) */
const pngSize = (b: Buffer) => ({ png: b.subarray(1, 4).toString() === 'PNG', width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

t.test('web manifests: an id, PNG icons of 192 and 512 and a maskable one; an apple-touch-icon', async (t) => {
  for (const file of ['/manifest.webmanifest', '/manifest-en.webmanifest', '/manifest-us.webmanifest']) {
    const m = JSON.parse((await h.get('ch.localhost', file)).text);
    t.type(m.id, 'string', `${file}: id`);
    t.equal(m.id, m.start_url, `${file}: the app is its start page`);
    const png = (m.icons as { src: string; sizes: string; type: string; purpose: string }[]).filter((i) => i.type === 'image/png');
    t.ok(png.some((i) => i.sizes === '192x192' && i.purpose.includes('any')), `${file}: 192`);
    t.ok(png.some((i) => i.sizes === '512x512' && i.purpose.includes('any')), `${file}: 512`);
    t.ok(png.some((i) => i.sizes === '512x512' && i.purpose.includes('maskable')), `${file}: maskable`);
    for (const i of png) {
      const res = await h.getRaw('ch.localhost', i.src);
      t.equal(res.status, 200, i.src);
      const [w, hgt] = i.sizes.split('x').map(Number);
      t.same(pngSize(res.body), { png: true, width: w, height: hgt }, `${i.src} is a ${i.sizes} PNG`);
    }
  }
  t.equal(JSON.parse((await h.get('ch.localhost', '/manifest-en.webmanifest')).text).lang, 'en-GB');
  const home = (await h.get('ch.localhost', '/')).text;
  const touch = /<link rel="apple-touch-icon" href="([^"]+)">/.exec(home)?.[1];
  t.ok(touch, 'the head names an apple-touch-icon');
  const icon = await h.getRaw('ch.localhost', touch!);
  t.same(pngSize(icon.body), { png: true, width: 180, height: 180 });
});

t.test('each page links the manifest of its language; the English pages of the European stores the English one', async (t) => {
  const manifest = async (host: string, path: string) => /<link rel="manifest" href="([^"]+)">/.exec((await h.get(host, path)).text)?.[1];
  for (const store of ['ch', 'at', 'de', 'li']) {
    t.equal(await manifest(`${store}.localhost`, '/en'), '/manifest-en.webmanifest', `${store} English`);
    t.equal(await manifest(`${store}.localhost`, '/kontakt'), '/manifest.webmanifest', `${store} German`);
  }
  t.equal(await manifest('us.localhost', '/en'), '/manifest-us.webmanifest');
});

t.test('the CSP allows sockets to the shop\'s own origin only, and reports violations', async (t) => {
  for (const [host, path] of [['ch.localhost', '/'], ['us.localhost', '/en'], ['ch.localhost', '/favicon.svg']]) {
    const res = await h.get(host, path);
    const csp = String(res.headers['content-security-policy']);
    const connect = /connect-src ([^;]+)/.exec(csp)![1].trim().split(/\s+/);
    t.same(connect, ["'self'", `ws://${host}:${h.port}`], `${host}${path}: connect-src names the page's own socket origin`);
    t.notOk(connect.some((s) => s === 'ws:' || s === 'wss:'), 'no scheme-wide socket source');
    t.match(csp, /report-uri \/csp-reports/);
    t.match(csp, /report-to csp(;|$)/);
    t.equal(res.headers['reporting-endpoints'], 'csp="/csp-reports"');
  }
  const odd = await h.get('ch.localhost', '/', { host: 'evil;script-src *' });
  t.notMatch(String(odd.headers['content-security-policy']), /evil/, 'a Host header that is no host name is not copied into the policy');
  const post = (type: string, body: string) => request(`http://127.0.0.1:${h.port}/csp-reports`, { method: 'POST', headers: { host: `ch.localhost:${h.port}`, 'content-type': type }, body });
  const r1 = await post('application/csp-report', JSON.stringify({ 'csp-report': { 'document-uri': 'http://ch.localhost/suche?q=x', 'blocked-uri': 'inline', 'effective-directive': 'script-src-elem' } }));
  t.equal(r1.statusCode, 204);
  const r2 = await post('application/reports+json', JSON.stringify([{ type: 'csp-violation', url: 'http://ch.localhost/', body: { effectiveDirective: 'connect-src', blockedURL: 'wss://evil.example/x', documentURL: 'http://ch.localhost/' } }]));
  t.equal(r2.statusCode, 204);
  t.equal((await post('application/csp-report', 'x'.repeat(20_000))).statusCode, 413, 'a body over 16 KiB is refused');
});

function logSink() {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({ write(chunk, _e, cb) { for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l)); cb(); } });
  return { lines, stream };
}

t.test('a violation report is logged with its directive, the blocked origin and the page\'s path, nothing personal', async (t) => {
  const log = logSink();
  let now = 1_000_000;
  const app = Fastify({ logger: { level: 'info', stream: log.stream } });
  registerCspReports(app, { now: () => now });
  t.teardown(() => app.close());
  const send = (type: string, body: unknown) => app.inject({ method: 'POST', url: '/csp-reports', headers: { 'content-type': type, 'user-agent': 'Mozilla/5.0 jane@example.com', referer: 'http://ch.localhost/kundenkonto?mail=jane@example.com' }, payload: JSON.stringify(body) });
  await send('application/csp-report', {
    'csp-report': {
      'document-uri': 'https://www.example.ch/suche?q=jane.doe%40example.com#top',
      referrer: 'https://www.example.ch/login?email=jane@example.com',
      'blocked-uri': 'https://tracker.example/collect?email=jane@example.com',
      'effective-directive': 'img-src',
      'violated-directive': 'img-src',
      'source-file': 'https://www.example.ch/build/entry-ABC.js?token=secret',
      'line-number': 12,
      'column-number': 7,
      'script-sample': 'jane@example.com',
      disposition: 'enforce',
    },
  });
  await send('application/reports+json', [{ type: 'csp-violation', age: 1, url: 'https://www.example.ch/kundenkonto/meine-daten?x=1', user_agent: 'Mozilla jane', body: { effectiveDirective: 'script-src-elem', blockedURL: 'inline', documentURL: 'https://www.example.ch/kundenkonto/meine-daten?x=1', sample: 'alert("jane")', disposition: 'report' } }, { type: 'deprecation', body: {} }]);
  const reports = log.lines.filter((l) => l.msg === 'csp violation');
  t.same(reports.map((l) => l.csp), [
    { directive: 'img-src', blocked: 'https://tracker.example', page: '/suche', source: 'https://www.example.ch/build/entry-ABC.js', line: 12, column: 7, disposition: 'enforce' },
    { directive: 'script-src-elem', blocked: 'inline', page: '/kundenkonto/meine-daten', disposition: 'report' },
  ]);
  t.notMatch(JSON.stringify(log.lines), /jane|secret|example\.com/, 'no address, query, sample, referrer or user agent in the log');

  // the budget: REPORTS_PER_MINUTE lines a minute, the rest counted and summed up once the minute is over
  for (let i = 0; i < REPORTS_PER_MINUTE + 5; i++) await send('application/csp-report', { 'csp-report': { 'document-uri': 'https://www.example.ch/', 'blocked-uri': 'eval', 'effective-directive': 'script-src' } });
  t.equal(log.lines.filter((l) => l.msg === 'csp violation').length, REPORTS_PER_MINUTE, 'no more lines than the budget within the minute');
  now += 60_000;
  await send('application/csp-report', { 'csp-report': { 'document-uri': 'https://www.example.ch/', 'blocked-uri': 'eval', 'effective-directive': 'script-src' } });
  t.match(log.lines.find((l) => /over the limit/.test(l.msg)), { dropped: 7 }, 'the dropped ones are counted once');
  t.equal(log.lines.filter((l) => l.msg === 'csp violation').length, REPORTS_PER_MINUTE + 1, 'a new minute, a new budget');
  const bad = await app.inject({ method: 'POST', url: '/csp-reports', headers: { 'content-type': 'application/csp-report' }, payload: '{not json' });
  t.equal(bad.statusCode, 204, 'a malformed report is ignored, never a 500');
});
