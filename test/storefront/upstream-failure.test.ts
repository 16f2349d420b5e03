import t from 'tap';
import { startHarness } from './harness.ts';

t.test('with the CMS unreachable, a CMS page answers a 500 page in the customer language and home still renders', { timeout: 60_000 }, async (t) => {
  const h = await startHarness({ cmsUrl: () => 'http://127.0.0.1:9/v2' });
  t.teardown(() => h.close());
  const de = await h.get('ch.localhost', '/datenschutz');
  t.equal(de.status, 500);
  t.match(de.text, 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.');
  t.notMatch(de.text, /ECONNREFUSED|at .*\.ts:\d+/, 'no internals or stack trace');
  const en = await h.get('us.localhost', '/en/privacy-policy');
  t.equal(en.status, 500);
  t.match(en.text, 'Something went wrong. Please try again later.');
  const home = await h.get('ch.localhost', '/');
  t.equal(home.status, 200, 'the home page stays up without the CMS');
  t.match(home.text, /<h1[^>]*>Aurum Edelmetalle<\/h1>/, 'with the shop name as its heading');
  const health = await h.get('ch.localhost', '/health');
  t.equal(health.status, 503);
  t.equal(JSON.parse(health.text).upstreams.cms.state, 'down');
});
