// A shop that heals itself (issue 27): a part that hangs without exiting (here: SIGSTOP, as a process
// spinning in a WAL flush on a full disk would) used to stay hung for good, since the supervisor restarted
// only parts that exited. On the shop as `npm start` runs it (dist/, every part; ports 4170-4174), with
// the liveness polls every 500 ms: the hung storefront is noticed after 4 unanswered polls (2 s: a busy
// test machine must not make a healthy part miss them), killed, started again with back-off, and the
// shop answers again.
import t from 'tap';
import { request } from 'undici';
import { built, sleep, startShop } from './built-shop.ts';

const answers = (port: number) =>
  request(`http://127.0.0.1:${port}/health/live`, { headersTimeout: 500, bodyTimeout: 500 }).then((r) => (r.body.dump(), r.statusCode === 200), () => false);

t.test('a storefront that hangs (SIGSTOP) is noticed by the liveness polls, restarted with back-off, and the shop answers again', { skip: built ? false : 'needs `npm run build` first' }, async (t) => {
  const shop = await startShop(t, 4170, { SUPERVISOR_LIVENESS_INTERVAL_MS: '500', SUPERVISOR_LIVENESS_FAILURES: '4' });
  t.ok(await answers(shop.port), 'the shop answers');
  await sleep(1_000);
  t.same(shop.lines.filter((l) => l.msg === 'part not answering; killed to restart it'), [], 'parts that answer are left alone');
  const hung = shop.lines.find((l) => l.msg === 'part ready' && l.child === 'storefront')!.childPid as number;
  process.kill(hung, 'SIGSTOP');
  t.teardown(() => { try { process.kill(hung, 'SIGKILL'); } catch { /* gone */ } });
  const stoppedAt = Date.now();
  t.notOk(await answers(shop.port), 'the hung storefront does not answer');

  const end = Date.now() + 60_000;
  while (!(await answers(shop.port))) {
    if (Date.now() > end) throw new Error('the shop did not answer again');
    await sleep(200);
  }
  const tookMs = Date.now() - stoppedAt;
  t.ok(tookMs < 60_000, `the shop answers again ${tookMs} ms after the storefront hung`);
  t.match(shop.lines.filter((l) => l.child === 'storefront' && /not answering|exited/.test(l.msg)), [
    { msg: 'part not answering; killed to restart it', childPid: hung, missed: 4, intervalMs: 500, level: 50 },
    { msg: 'part exited; restarting', childPid: hung, signal: 'SIGKILL', restartInMs: 500 },
  ], 'the log says which process stopped answering, how many polls it missed, and when it comes back');
  const again = shop.lines.find((l) => l.msg === 'part ready' && l.child === 'storefront' && l.childPid !== hung);
  t.ok(again, 'a new storefront process is ready');
  const result = await shop.stop();
  t.equal(result.code, 0, 'and the shop still stops cleanly');
});
