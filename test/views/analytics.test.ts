// The analytics loader (spec 1: analytics only outside development, consent defaults denied): nothing
// without a container; with one, consent mode defaults to denied (waiting 500 ms for the choice, spec 9)
// before GTM loads, and every choice of the visitor follows as a consent update.
import 'global-jsdom/register';
import t from 'tap';
import { startAnalytics, CONSENT_WAIT_MS } from '../../client/state/analytics.ts';
import { resetConsentForTests, saveConsent, grantedChoice } from '../../client/state/consent.ts';

const layer = () => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []);
const commands = () => layer().filter((e): e is IArguments => Object.prototype.toString.call(e) === '[object Arguments]').map((a) => [...a]);

t.test('without a container id (development, test, or none configured) nothing loads', async (t) => {
  t.equal(startAnalytics(null), false);
  t.equal(startAnalytics(''), false);
  t.equal(startAnalytics('not-a-container'), false);
  t.equal(document.querySelector('script[src*="googletagmanager"]'), null);
  t.same(layer(), []);
});

t.test('with a container: consent defaults denied first, then GTM, then the visitor\'s choices', async (t) => {
  resetConsentForTests();
  t.equal(startAnalytics('GTM-TEST123'), true);
  const [first] = commands();
  t.same(first, ['consent', 'default', {
    security_storage: 'granted', analytics_storage: 'denied', functionality_storage: 'denied', personalization_storage: 'denied',
    ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: CONSENT_WAIT_MS,
  }]);
  t.equal(CONSENT_WAIT_MS, 500);
  t.equal(commands().length, 1, 'no update before the visitor chose');
  t.equal(document.querySelector('script[src*="googletagmanager"]')?.getAttribute('src'), 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST123');
  saveConsent({ ...grantedChoice, social: false });
  t.same(commands()[1], ['consent', 'update', {
    security_storage: 'granted', analytics_storage: 'granted', functionality_storage: 'granted', personalization_storage: 'granted',
    ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted',
  }]);
  t.match(layer().at(-1), { event: 'consent_update', consent: { targeting: true, social: false } }, 'Social travels as an event of its own');
  t.equal(startAnalytics('GTM-TEST123'), false, 'loaded once per page');
});
