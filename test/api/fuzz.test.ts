// Property: whatever a browser (or anyone) sends to the shop's API, malformed bodies, queries, path values
// or cookies, the answer is never a 5xx: bad input gets a 4xx with a stable code and a message.
import fc from 'fast-check';
import t from 'tap';
import { signedIn, startShop, type Browser } from './helpers.ts';

const ID = '{id}';
const routes: [string, string, string[]][] = [
  ['GET', '/api/session', []],
  ['POST', '/api/login', ['email', 'password']],
  ['POST', '/api/logout', []],
  ['POST', '/api/register', ['email', 'password', 'passwordRepeat', 'salutation', 'title', 'firstName', 'lastName', 'phone', 'accountType', 'companyName', 'vatId', 'language', 'newsletterOptIn']],
  ['POST', '/api/activation-mail', ['email']],
  ['POST', '/api/activate', ['token']],
  ['POST', '/api/password/forgot', ['email']],
  ['POST', '/api/password/reset', ['token', 'newPassword', 'newPasswordRepeat']],
  ['GET', '/api/check-email', ['email']],
  ['GET', '/api/me', []],
  ['PUT', '/api/me', ['salutation', 'title', 'firstName', 'lastName', 'phone', 'accountType', 'companyName', 'vatId', 'language', 'newsletterOptIn']],
  ['PUT', '/api/me/password', ['currentPassword', 'newPassword', 'newPasswordRepeat']],
  ['DELETE', '/api/me', ['password']],
  ['POST', '/api/me/addresses', ['title', 'firstName', 'lastName', 'company', 'streetName', 'streetNumber', 'apartment', 'zipCode', 'city', 'state', 'country', 'phone', 'defaultShipping', 'defaultBilling']],
  ['PUT', `/api/me/addresses/${ID}`, ['firstName', 'lastName', 'streetName', 'streetNumber', 'zipCode', 'city', 'country', 'state', 'phone', 'defaultShipping']],
  ['DELETE', `/api/me/addresses/${ID}`, []],
  ['PUT', `/api/me/addresses/${ID}/default`, ['shipping', 'billing']],
  ['POST', '/api/me/phone/verification', []],
  ['POST', '/api/me/phone/verification/verify', ['code']],
  // issue 26: the authenticator app (the sign-in's second step; enrolment and removal)
  ['POST', '/api/login/second-factor', ['code', 'rememberDevice']],
  ['GET', '/api/me/second-factor', []],
  ['POST', '/api/me/totp/confirmation', ['code']],
  ['DELETE', '/api/me/totp', ['code']],
  // carts, checkout, orders, wishlist (issue 9)
  ['GET', '/api/carts', []],
  ['POST', '/api/cart/items', ['transactionType', 'sku', 'quantity', 'deposit']],
  ['POST', '/api/cart/scrap-items', ['metal', 'fineness', 'weightGrams']],
  ['PUT', `/api/carts/${ID}/line-items`, ['sku', 'quantity', 'version']],
  ['DELETE', `/api/carts/${ID}/line-items`, ['sku', 'version']],
  ['DELETE', `/api/carts/${ID}/scrap-items/${ID}`, []],
  ['PUT', `/api/carts/${ID}`, ['locale', 'shippingMethodId', 'paymentMethod', 'pickupStore', 'version']],
  ['PUT', `/api/carts/${ID}/addresses`, ['email', 'shippingAddress', 'billingAddress', 'version']],
  ['PUT', `/api/carts/${ID}/payout-account`, ['accountOwner', 'iban', 'bic', 'accountNumber', 'routingNumber']],
  ['PUT', `/api/carts/${ID}/identity-document`, ['documentType', 'documentNumber', 'issuingCountry', 'expiryDate', 'dateOfBirth', 'placeOfBirth', 'nationality']],
  ['POST', `/api/carts/${ID}/recalculate`, []],
  ['PUT', `/api/carts/${ID}/coupon`, ['code']],
  ['DELETE', `/api/carts/${ID}/coupon`, ['discountCodeId']],
  ['GET', `/api/carts/${ID}/shipping-methods`, []],
  ['POST', '/api/orders', ['cartId', 'comment', 'optInTrustedShops', 'utmParams', 'idempotencyKey']],
  ['GET', `/api/orders/${ID}`, []],
  ['GET', '/api/wishlist', []],
  ['POST', '/api/wishlist/toggle', ['sku']],
  ['DELETE', `/api/wishlist/items/${ID}`, []],
];

/** Values of every JSON shape, plus strings that tend to break parsers, paths and SQL. */
const nasty = fc.oneof(
  fc.jsonValue(),
  // issue 14: quantities that JSON body coercion used to accept (true, "5", [5]) and numbers out of range
  fc.constantFrom<unknown>(true, '5', [5], 1.5, -1, 0, 1e308, '1e999'),
  fc.constantFrom('', ' ', '\u0000', '<script>', "' or 1=1 --", '../../etc/passwd', '%00', '😀'.repeat(40), 'a'.repeat(300), '+41 44 668 18 00', 'CH', 'us', 'company', 'mr', '8001'),
  fc.string({ maxLength: 80 }),
);

const body = (fields: string[]) => fc.oneof(
  // the route's own fields with values of any kind
  fields.length ? fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: fields.length }).map((o) => ({ json: o })) : fc.constant({ json: {} }),
  // any JSON at all
  fc.jsonValue().map((v) => ({ json: v })),
  // not JSON, or JSON that the content type does not announce
  fc.record({ raw: fc.string({ maxLength: 200 }), type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1') }),
  // bigger than the body limit
  fc.constant({ raw: JSON.stringify({ email: 'x'.repeat(70 * 1024) }), type: 'application/json' }),
);

const query = fc.dictionary(fc.oneof(fc.constantFrom('email', 'limit', 'redirect', '__proto__', 'constructor'), fc.string({ maxLength: 10 })), fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '%', '%ZZ', '[]')), { maxKeys: 3 });
const pathValue = fc.oneof(fc.uuid(), fc.string({ maxLength: 60 }), fc.constantFrom('..', '%2e%2e', '%', '00000000-0000-0000-0000-000000000000', 'x'.repeat(600)));

function encodeQuery(q: Record<string, string>): string {
  const parts = Object.entries(q).map(([k, v]) => `${encodeURIComponent(k)}=${/%/.test(v) ? v : encodeURIComponent(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

t.test('no /api route answers 5xx to malformed input', async (t) => {
  const shop = await startShop(t);
  const { b: user } = await signedIn(shop);
  const guest = shop.browser();
  await guest.open();

  const send = async (b: Browser, method: string, path: string, q: Record<string, string>, id: string, input: { json?: unknown; raw?: string; type?: string }) => {
    const url = path.replace(ID, encodeURIComponent(id)) + encodeQuery(q);
    const opts = input.raw !== undefined ? { raw: input.raw, headers: { 'content-type': input.type ?? 'application/json' } }
      : method === 'GET' ? {} : { body: input.json };
    return b.fetch(method, url, opts);
  };

  for (const [method, path, fields] of routes) {
    await t.test(`${method} ${path}`, async (t) => {
      await fc.assert(
        fc.asyncProperty(fc.boolean(), query, pathValue, body(fields), async (signedInUser, q, id, input) => {
          const b = signedInUser ? user : guest;
          const res = await send(b, method, path, q, id, input);
          if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
          if (res.status >= 400) {
            if (typeof res.json?.code !== 'string' || typeof res.json?.message !== 'string') throw new Error(`${res.status} without code and message: ${res.text.slice(0, 200)}`);
          }
        }),
        { numRuns: 40 },
      );
      t.pass('no 5xx');
    });
  }

  await t.test('malformed session cookies never cause a 5xx either', async (t) => {
    const cookieValue = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('User', 'Anonymous', 'at_' + 'a'.repeat(43), '2026-13-45T99:99:99Z', '9'.repeat(30)));
    await fc.assert(
      fc.asyncProperty(fc.record({ ctToken: cookieValue, ctRefreshToken: cookieValue, ctUserId: cookieValue, ctTokenExpiresAt: cookieValue, ctTokenLevel: cookieValue }, { requiredKeys: [] }),
        fc.constantFrom('/api/me', '/kundenkonto', '/', '/__data/kundenkonto/adressen'), async (cookies, path) => {
          const b = shop.browser();
          const header = Object.entries(cookies).map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`).join('; ');
          const res = await b.fetch('GET', path, { headers: header ? { cookie: header } : {} });
          if (res.status >= 500) throw new Error(`${path} with ${header} answered ${res.status}`);
        }),
      { numRuns: 60 },
    );
    t.pass('no 5xx');
  });
});
