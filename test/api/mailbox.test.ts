// The development mailbox: the outbox's mails and SMS, newest first, for people (/dev/mailbox, links
// clickable) and scripts (/dev/mailbox.json); absent in production.
import t from 'tap';
import { linkify } from '../../src/storefront/routes/dev-mailbox.ts';
import { PASSWORD, startShop, uniqueEmail } from './helpers.ts';

t.test('development mailbox', async (t) => {
  const shop = await startShop(t);
  const b = shop.browser();
  await b.open();
  const first = uniqueEmail('first');
  const second = uniqueEmail('second');
  await b.post('/api/register', { email: first, password: PASSWORD, firstName: 'Erst', lastName: 'Kunde' });
  await b.post('/api/register', { email: second, password: PASSWORD, firstName: 'Zweit', lastName: 'Kundin' });

  t.test('/dev/mailbox.json lists the messages newest first with to, subject, text and createdAt', async (t) => {
    const res = await b.get('/dev/mailbox.json');
    t.equal(res.status, 200);
    t.equal(res.headers['cache-control'], 'no-store');
    const mine = res.json.messages.filter((m: { to: string }) => m.to === first || m.to === second);
    t.same(mine.map((m: { to: string }) => m.to), [second, first], 'newest first');
    const m = mine[0];
    t.match(m, { to: second, subject: /E-Mail-Adresse/, text: /activate-user\?token=ev_/, createdAt: /^\d{4}-\d{2}-\d{2}T/ });
    const all = res.json.messages as { createdAt: string }[];
    t.same(all.map((x) => x.createdAt), [...all.map((x) => x.createdAt)].sort().reverse(), 'the whole list is newest first');
    t.equal((await b.get('/dev/mailbox.json?limit=1')).json.messages.length, 1);
  });

  t.test('/dev/mailbox shows them to a person, with clickable links and nothing executable', async (t) => {
    const res = await b.get('/dev/mailbox');
    t.equal(res.status, 200);
    t.match(res.headers['content-type'], /text\/html/);
    t.match(res.text, /<h1>Development mailbox<\/h1>/);
    t.match(res.text, new RegExp(`<a href="http://ch\\.localhost:${shop.port}/activate-user\\?token=ev_[\\w-]+">`));
    t.ok(res.text.indexOf(second) < res.text.indexOf(first), 'newest first');
    t.notMatch(res.text, /<script/, 'no script at all');
    t.match(res.text, /<time datetime="/);
  });

  t.test('message text is escaped and only http(s) links become anchors', async (t) => {
    t.equal(
      linkify('Hi <b>you</b>: https://ch.localhost/x?token=a&b=1 and javascript:alert(1)'),
      'Hi &lt;b&gt;you&lt;/b&gt;: <a href="https://ch.localhost/x?token=a&amp;b=1">https://ch.localhost/x?token=a&amp;b=1</a> and javascript:alert(1)',
    );
  });

  t.test('only visitors on this machine may read it', async (t) => {
    // every test request comes from loopback; a forwarded address must not change that decision
    const res = await b.fetch('GET', '/dev/mailbox.json', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    t.equal(res.status, 200);
  });
});

t.test('in production there is no mailbox', async (t) => {
  const shop = await startShop(t, { env: { NODE_ENV: 'production' } });
  const b = shop.browser();
  t.equal((await b.get('/dev/mailbox.json')).status, 404);
  t.equal((await b.get('/dev/mailbox')).status, 404);
});
