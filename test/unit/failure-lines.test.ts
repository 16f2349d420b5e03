// scripts/failure-lines.ts: the last lines of `npm test` name what failed (CI shows only the end of its output, and
// a tap failure in the first suite is 30,000 lines above it). The logs below are excerpts of real CI runs.
import t from 'tap';
import { failureLines } from '../../scripts/failure-lines.ts';

const tapLog = [
  '    ok 5 - a client that goes away aborts the render and the server stays healthy # time=5489.207ms',
  '    ',
  '    not ok 6 - read ECONNRESET',
  '      ---',
  '      errno: -104',
  '      code: ECONNRESET',
  '      syscall: read',
  '      tapCaught: uncaughtException',
  '      test: TAP',
  '      ...',
  '    ',
  '    1..6',
  '    # time=9246.163ms',
  'not ok 136 - test/storefront/streaming.test.ts # time=9246.163ms',
  '  ---',
  '  stdio: inherit',
  '  cwd: /tmp/ci-s12',
  '  command: /tmp/ci-s12/node_modules/node/bin/node',
  '  ...',
  'ok 137 - test/storefront/supervisor.test.ts # time=100ms',
  '    not ok 2 - a later feature # TODO',
  '# { total: 2, pass: 1, fail: 1 }',
].join('\n');

t.test('tap: the failed assertion with its diagnostics, and the file it is in, without the command line', async (t) => {
  t.same(failureLines(tapLog), [
    '    not ok 6 - read ECONNRESET',
    '      errno: -104',
    '      code: ECONNRESET',
    '      syscall: read',
    '      tapCaught: uncaughtException',
    '      test: TAP',
    'not ok 136 - test/storefront/streaming.test.ts # time=9246.163ms',
  ]);
});

t.test('Playwright: the numbered failures of its closing list, not the passing tests', async (t) => {
  const log = [
    '  ✓    2 [shop] › e2e/cart.pw.ts:10:1 › the cart (2.1s)',
    '  ✘    3 [waits] › e2e/misleading.pw.ts:24:5 › desktop › expired prices on the review step (desktop) (17.3s)',
    '',
    '  1) [waits] › e2e/misleading.pw.ts:24:5 › desktop › expired prices on the review step (desktop) ',
    '',
    '    Error: expect(locator).toBeVisible() failed',
    '  1 failed',
  ].join('\n');
  t.same(failureLines(log), ['  1) [waits] › e2e/misleading.pw.ts:24:5 › desktop › expired prices on the review step (desktop)']);
});

t.test('no more lines than there is room for; nothing when nothing failed', async (t) => {
  const many = Array.from({ length: 50 }, (_, i) => `not ok ${i + 1} - test/f${i}.test.ts`).join('\n');
  t.equal(failureLines(many, 10).length, 10);
  t.same(failureLines('ok 1 - test/a.test.ts\n# { total: 1, pass: 1 }\n'), []);
});
