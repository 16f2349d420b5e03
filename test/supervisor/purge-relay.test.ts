// Issue 27: a purge one storefront worker received (POST /internal/purge) reaches every other worker of the
// instance through the supervisor (src/supervisor.ts), and not the worker that sent it again. Stand-in
// workers (fixtures/purge-part.mjs) start in milliseconds, so the test watches the supervisor's relay itself.
import t from 'tap';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createSupervisor } from '../../src/supervisor.ts';

const partFile = fileURLToPath(new URL('./fixtures/purge-part.mjs', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('a purge sent by one storefront worker reaches each other worker once, and only them', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'sup-purge-'));
  const events = join(dir, 'events.jsonl');
  const go = join(dir, 'go');
  const log = pino({ level: 'silent' }, new Writable({ write: (_c, _e, cb) => cb() }));
  const storefront = { name: 'storefront', file: partFile, count: 3, env: { EVENTS_FILE: events, GO_FILE: go } };
  const other = { name: 'content', file: partFile, env: { EVENTS_FILE: events, GO_FILE: go, SHOP_WORKER: 'content' } };
  const sup = createSupervisor({ parts: [other, storefront], log });
  t.teardown(() => sup.stop());
  await sup.start();
  writeFileSync(go, '1');
  type Event = { worker: string; what: string; keys: string[] };
  const read = (): Event[] => (existsSync(events) ? readFileSync(events, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event) : []);
  const end = Date.now() + 10_000;
  while (read().filter((e) => e.what === 'purged').length < 2 && Date.now() < end) await sleep(20);
  await sleep(200); // a relay to a worker that should not get it would have arrived by now
  const seen = read();
  t.same(seen.filter((e) => e.what === 'sent').map((e) => e.worker), ['0'], 'worker 0 received the purge call');
  t.same(seen.filter((e) => e.what === 'purged').map((e) => e.worker).sort(), ['1', '2'], 'workers 1 and 2 are told, once each; not the sender, not other parts');
  for (const e of seen.filter((x) => x.what === 'purged')) t.same(e.keys, ['story:42', 'folder:ch/blog'], 'with the keys');
});
