// Signed-in visitors get the public pages from the page cache (render/page-cache.ts), over real HTTP with the
// real commerce service: the shared pages are rendered once per session level and served to every other
// visitor of that level; account, cart, checkout and wishlist stay rendered per request; a visitor's name
// and e-mail never reach a kept page, so no other visitor can get them.
import t from 'tap';
import { Browser, PASSWORD, registerVerified, startShop, type Shop } from '../api/helpers.ts';

/** The cache compresses a page in the background: ask until it is served from it (bounded). */
async function waitForHit(b: Browser, path: string) {
  for (let i = 0; i < 100; i++) {
    const res = await b.get(path);
    if (res.headers['x-page-cache'] === 'hit') return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never served from the cache`);
}

/** A signed-in customer with a name no page contains by chance. */
async function customer(shop: Shop, firstName: string, lastName: string): Promise<{ b: Browser; email: string }> {
  const b = shop.browser();
  await b.open('/kontakt');
  const { email } = await registerVerified(shop, b, { firstName, lastName });
  const res = await b.post('/api/login', { email, password: PASSWORD });
  t.equal(res.status, 200, 'signed in');
  return { b, email };
}

const PUBLIC = ['/', '/shop', '/shop?metal=gold&sort=price-asc', '/produkt/kruegerrand-1-unze-gold', '/datenschutz', '/blog/erste-unze-gold'];

t.test('signed-in visitors', async (t) => {
  const shop = await startShop(t, { env: { CMS_CACHE_TTL_S: '30' } });
  const anna = await customer(shop, 'Zyxwina', 'Quorndorffer');
  const ben = await customer(shop, 'Bertholdus', 'Vexenkamp');

  t.test('get the public pages from the cache, with nothing of the first visitor in them', async (t) => {
    for (const path of PUBLIC) {
      const first = await anna.b.get(path);
      t.equal(first.status, 200, `${path} answers`);
      t.equal(first.headers['x-page-cache'], 'miss', `${path}: the first signed-in visitor's page is rendered`);
      t.match(first.text, /"level":"user"/, 'for a signed-in visitor');
      const other = await waitForHit(ben.b, path);
      t.pass(`${path}: the next signed-in visitor gets it from the cache`);
      for (const personal of ['Zyxwina', 'Quorndorffer', anna.email]) {
        t.notOk(first.text.includes(personal), `${path}: the rendered page holds nothing of its visitor (${personal})`);
        t.notOk(other.text.includes(personal), `${path}: nor does the kept one another visitor gets`);
      }
      const guest = await shop.browser().get(path);
      t.match(guest.text, /"level":"guest"/, `${path}: guests keep their own page (log in, not my account)`);
    }
  });

  t.test('get their personal pages rendered for them alone', async (t) => {
    const overview = await anna.b.get('/kundenkonto');
    t.equal(overview.status, 200);
    t.ok(overview.text.includes('Zyxwina'), 'the account overview names its customer');
    for (const path of ['/kundenkonto', '/kundenkonto/meine-daten', '/warenkorb', '/checkout/buy', '/wunschliste', '/suche?q=gold']) {
      for (let i = 0; i < 2; i++) {
        const res = await anna.b.get(path);
        t.equal(res.headers['x-page-cache'], undefined, `${path} is never kept (visit ${i + 1})`);
      }
    }
    const bens = await ben.b.get('/kundenkonto');
    t.notOk(bens.text.includes('Zyxwina'), 'another customer\'s overview is their own');
    t.ok(bens.text.includes('Bertholdus'));
  });

  t.test('an anonymous session (a cart) gets the public pages from the cache too', async (t) => {
    const b = shop.browser();
    await b.open('/kontakt');
    b.setCookie('ctTokenLevel', 'Anonymous');
    b.setCookie('ctToken', 'a'.repeat(32));
    b.setCookie('ctRefreshToken', 'b'.repeat(32));
    b.setCookie('ctUserId', '0f8fad5b-d9cb-469f-a165-70867728950e');
    b.setCookie('ctTokenExpiresAt', '2099-01-01T00:00:00.000Z');
    await b.get('/datenschutz');
    const hit = await waitForHit(b, '/datenschutz');
    t.match(hit.text, /"level":"anonymous"/);
  });
});
