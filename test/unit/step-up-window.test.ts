// STEP_UP_WINDOW_S (src/commerce/auth/step-up.ts) shortens issue 26's 5-minute step-up window and never lengthens
// it: the browser tests' shop runs with 2 minutes; a value outside 60..300 s, or none, keeps the 5 minutes.
import t from 'tap';
import { stepUpWindowS } from '../../src/commerce/auth/step-up.ts';

t.test('the step-up window: 60 to 300 whole seconds are taken, anything else keeps 5 minutes', async (t) => {
  t.equal(stepUpWindowS({}), 300, 'nothing set: 5 minutes');
  t.equal(stepUpWindowS({ STEP_UP_WINDOW_S: '120' }), 120, 'shortened to 2 minutes');
  t.equal(stepUpWindowS({ STEP_UP_WINDOW_S: '60' }), 60, 'the shortest');
  t.equal(stepUpWindowS({ STEP_UP_WINDOW_S: '300' }), 300);
  t.equal(stepUpWindowS({ STEP_UP_WINDOW_S: '3600' }), 300, 'never longer than 5 minutes');
  t.equal(stepUpWindowS({ STEP_UP_WINDOW_S: '30' }), 300, 'not shorter than a minute: a typo does not lock customers out');
  t.equal(stepUpWindowS({ STEP_UP_WINDOW_S: '90.5' }), 300, 'whole seconds only');
  t.equal(stepUpWindowS({ STEP_UP_WINDOW_S: 'five' }), 300);
  t.equal(stepUpWindowS({ STEP_UP_WINDOW_S: '' }), 300);
});
