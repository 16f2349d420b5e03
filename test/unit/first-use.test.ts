// Code loaded on the visitor's first use of the page (views/lib/first-use.ts): once, on the first focus, tap
// or key; a chunk that failed to load is asked for again on the next use. The IBAN check of the payout
// account (views/components/forms/bank-rules.ts) lets a value pass until it has arrived (the service decides
// then) and refuses what the service refuses once it is there.
import 'global-jsdom/register';
import t from 'tap';
import { chunk, loadOnFirstUse, onFirstUse } from '../../views/lib/first-use.ts';
import { bicValid, ibanValid, loadBankChecks, routingNumberValid } from '../../views/components/forms/bank-rules.ts';

const use = (type = 'focusin') => window.dispatchEvent(new window.Event(type));
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

// first, before a use of the page (the tests below) loads the check
t.test('the IBAN and BIC checks let a value pass until they have arrived, then refuse what the service refuses', async (t) => {
  t.ok(ibanValid('CH93 0076 2011 6238 5295 8'), 'before: left to the service');
  t.ok(bicValid('NOTABIC'), 'before: left to the service');
  t.notOk(routingNumberValid('123456789'), 'the routing number is checked at once (no library)');
  await loadBankChecks();
  t.notOk(ibanValid('CH93 0076 2011 6238 5295 8'));
  t.ok(ibanValid('CH93 0076 2011 6238 5295 7'));
  t.notOk(bicValid('NOTABIC'));
  t.ok(bicValid('UBSWCHZH80A'));
});

t.test('onFirstUse calls back once, on the first use, and not after it was stopped', async (t) => {
  let calls = 0;
  onFirstUse(() => calls++);
  use('keydown');
  use('pointerdown');
  t.equal(calls, 1);
  let stoppedCalls = 0;
  const stop = onFirstUse(() => stoppedCalls++);
  stop();
  use();
  t.equal(stoppedCalls, 0);
});

t.test('a chunk loads once; one that failed to load is asked for again on the next use', async (t) => {
  let asked = 0;
  const c = chunk(async () => {
    asked++;
    if (asked === 1) throw new Error('network dropped');
    return { value: 42 };
  });
  loadOnFirstUse([c]);
  t.equal(asked, 0, 'nothing before the first use');
  use();
  await settled();
  t.equal(asked, 1);
  t.equal(c.current, null, 'not there after a failed load');
  use('pointerdown');
  await settled();
  t.equal(asked, 2, 'asked for again on the next use');
  t.same(c.current, { value: 42 });
  use();
  await c.load();
  t.equal(asked, 2, 'a loaded chunk is not asked for again');
});
