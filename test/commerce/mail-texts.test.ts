// Every mail kind renders in both languages from the locale files: subject and body present, no missing key
// or unfilled placeholder, the languages differ, values a customer typed stay text in the HTML; dates,
// weekdays and amounts follow the store's locale (spec 9).
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import { messageTemplate } from '../../src/i18n.ts';
import { mailKinds, mailLink, renderMail, renderSms, type MailContent, type MailKind, type MailParams, type MailValues } from '../../src/commerce/mail/index.ts';
import en from '../../locales/en.json' with { type: 'json' };
import type { Language, StoreKey } from '../../src/stores.ts';

const evil = '<script>alert(1)</script>';
const chf = (centAmount: number) => ({ centAmount, currencyCode: 'CHF' });
const limitOrder = { number: 'LO-7K3M-Q9XZ', quantity: 2, productName: `Vreneli ${evil}`, currency: 'CHF', targetCents: 180_000 };

function sampleOrder(over: Partial<Order> = {}): Order {
  const address = { firstName: 'Anna', lastName: evil, streetName: 'Bahnhofstrasse', streetNumber: '1', zipCode: '8001', city: 'Zürich' };
  return {
    id: 'o1', orderNumber: '100234', createdAt: '2026-03-04T10:00:00Z', type: 'buy', paymentMethod: 'bankTransfer',
    lineItems: [{ kind: 'product', sku: 'KR1', name: `Krügerrand ${evil}`, quantity: 2, totalPrice: chf(370_000) }],
    totalPrice: chf(370_000), discount: null, totalTaxPrice: chf(0), totalGrossPrice: chf(371_500),
    shippingInfo: { key: 'standard', name: 'Versand', totalGrossPrice: chf(1_500) },
    pickupStore: null, billingAddress: address, shippingAddress: address,
    paymentInstructions: { amount: chf(371_500), accountOwner: 'Aurum AG', iban: 'CH3200700110004738291', bic: 'ZKBKCHZZ80A', reference: '100234' },
    payoutAccount: null, identityDocumentRecorded: false,
    ...over,
  } as unknown as Order;
}

const base = { store: 'ch' as StoreKey, shop: 'Aurum Edelmetalle', name: `Anna ${evil}` };
const samples: { [K in Exclude<MailKind, `lifecycle.${string}`>]: MailParams[K] } = {
  'account.activation': { ...base, link: 'https://www.aurum.ch/activate-user?token=ev_1', validHours: 48 },
  'account.passwordReset': { ...base, link: 'https://www.aurum.ch/passwort-zuruecksetzen?token=pr_1' },
  'account.passkeyAdded': { ...base, passkeyName: `Laptop ${evil}`, at: new Date('2026-03-04T12:00:00Z'), link: 'https://www.aurum.ch/kundenkonto/passkeys' },
  'account.passkeyRemoved': { ...base, passkeyName: `Laptop ${evil}`, at: new Date('2026-03-04T12:00:00Z'), link: 'https://www.aurum.ch/kundenkonto/passkeys' },
  'order.confirmation': { store: 'ch', shop: base.shop, order: sampleOrder() },
  'limitOrder.executed': { store: 'ch', shop: base.shop, order: sampleOrder(), limitOrder, unitCents: 179_500 },
  'limitOrder.failed': { ...base, limitOrder, code: 'product_out_of_stock', link: 'https://www.aurum.ch/konto/limit-orders/1' },
  'limitOrder.expired': { ...base, limitOrder, expiresAt: new Date('2026-03-04T12:00:00Z'), link: 'https://www.aurum.ch/konto/limit-orders/1' },
  'alert.confirmation': {
    ...base, name: null, productName: `Vreneli ${evil}`, validHours: 48,
    confirmLink: 'https://www.aurum.ch/produkt/vreneli?alertToken=a1', cancelLink: 'https://www.aurum.ch/produkt/vreneli?alertToken=a1&cancel=1',
  },
  'alert.backInStock': { ...base, productName: `Vreneli ${evil}`, link: 'https://www.aurum.ch/produkt/vreneli' },
  'newsletter.confirmation': { ...base, name: null, link: 'https://www.aurum.ch/?newsletterToken=nl_1', validHours: 48 },
  'newsletter.welcome': { ...base, name: null, link: 'https://www.aurum.ch/?newsletterUnsubscribe=nu_1' },
  'contact.receipt': { ...base, reference: 'CT-AB12-CD34' },
  'depot.statement': { ...base, number: 'DA-CH-2026-000001', from: '2026-01-01', to: '2026-06-30', link: 'https://www.aurum.ch/kundenkonto/depotverwaltung' },
};

/** The lifecycle's mails (mail.lifecycle.<name>): every placeholder gets a sample value, a lone one a link. */
function lifecycleSamples(): Array<[MailKind, MailParams[MailKind]]> {
  const tree = ((en as { mail?: { lifecycle?: Record<string, unknown> } }).mail?.lifecycle ?? {});
  return Object.keys(tree).map((name) => {
    const values: MailValues = {};
    for (const lang of ['en', 'de'] as const) {
      for (const part of ['subject', 'body']) {
        const s = messageTemplate(lang, `mail.lifecycle.${name}.${part}`) ?? '';
        for (const [, k] of s.matchAll(/{{\s*(\w+)\s*}}/g)) {
          const alone = part === 'body' && s.split('\n\n').some((p) => p.trim() === `{{${k}}}`);
          values[k] = alone ? mailLink(`https://www.aurum.ch/${k}`) : `${k}-${evil}`;
        }
      }
    }
    return [`lifecycle.${name}` as MailKind, { ...base, values }];
  });
}

const all: Array<[MailKind, MailParams[MailKind]]> = [...Object.entries(samples) as Array<[MailKind, MailParams[MailKind]]>, ...lifecycleSamples()];

function gaps(s: string): string[] {
  return [...s.matchAll(/{{[^}]*}}|(?<![\w-])mail\.[a-zA-Z]+\.[\w.]+/g)].map((m) => m[0]);
}

t.test('every mail kind has a sample here', async (t) => {
  t.same(mailKinds.filter((k) => !(k in samples)), [], 'kinds without a sample');
});

for (const [kind, params] of all) {
  t.test(`${kind}: both languages, no missing key, user values stay text`, async (t) => {
    const mails = {} as Record<Language, MailContent>;
    for (const lang of ['en', 'de'] as const) {
      const m = renderMail(kind, lang, params);
      mails[lang] = m;
      t.ok(m.subject.trim().length > 3, `${lang}: a subject`);
      t.ok(m.text.split('\n\n').length >= 3, `${lang}: greeting, body and closing`);
      t.match(m.html, /^<!doctype html><html lang="(en|de)">/, `${lang}: an HTML document`);
      t.match(m.html, `<html lang="${lang}">`);
      t.same(gaps(m.subject + m.text + m.html), [], `${lang}: no missing key or unfilled placeholder`);
      t.notMatch(m.html, '<script>', `${lang}: no markup from values`);
      if ((m.text + m.subject).includes(evil)) t.match(m.html, '&lt;script&gt;alert(1)&lt;/script&gt;', `${lang}: the value is shown as text`);
      t.notMatch(m.text, '&lt;', `${lang}: the plain text is not HTML-escaped`);
      for (const [, href] of m.text.matchAll(/^(https:\/\/\S+)$/gm)) {
        t.match(m.html, `<a href="${href.replace(/&/g, '&amp;')}">`, `${lang}: the link ${href} is an anchor`);
      }
    }
    t.not(mails.en.subject, mails.de.subject, 'the subjects differ by language');
    t.not(mails.en.text, mails.de.text, 'the texts differ by language');
    t.match(mails.en.text, /^Hello/);
    t.match(mails.de.text, /^Guten Tag/);
    t.notMatch(mails.de.text.replaceAll(evil, ''), 'ß', 'Swiss German writes ss');
    t.match(mails.de.text, /Freundliche Grüsse\nIhr Team von Aurum Edelmetalle\n$/);
  });
}

t.test('a missing text shows as its key, never as an empty mail', async (t) => {
  const m = renderMail('lifecycle.noSuchMail', 'en', { store: 'de', shop: 'Aurum' });
  t.same(gaps(m.subject), ['mail.lifecycle.noSuchMail.subject'], 'the gap is visible, so the test above catches it');
  const missing = renderMail('lifecycle.x', 'en', { store: 'de', shop: 'Aurum' });
  t.match(missing.text, 'mail.lifecycle.x.body');
});

t.test('dates and amounts follow the store: US MM/DD/YYYY, others DD/MM/YYYY', async (t) => {
  const lo = { ...limitOrder, currency: 'USD' };
  const expiresAt = new Date('2026-03-04T15:00:00Z');
  const link = 'https://www.aurum.com/en/account/limit-orders/1';
  const us = renderMail('limitOrder.expired', 'en', { store: 'us', shop: 'Aurum', limitOrder: lo, expiresAt, link }).text;
  t.match(us, 'expired on 03/04/2026');
  t.match(us, 'limit $1,800.00 per piece');
  const gb = renderMail('limitOrder.expired', 'en', { store: 'de', shop: 'Aurum', limitOrder: { ...lo, currency: 'EUR' }, expiresAt, link }).text;
  t.match(gb, 'expired on 04/03/2026');
  t.match(gb, 'limit €1,800.00 per piece');
  const de = renderMail('limitOrder.expired', 'de', { store: 'de', shop: 'Aurum', limitOrder: { ...lo, currency: 'EUR' }, expiresAt, link }).text;
  t.match(de, 'ist am 04/03/2026 abgelaufen');
  t.match(de, 'Limit 1.800,00\u00a0€ pro Stück');
  const ch = renderMail('order.confirmation', 'de', { store: 'ch', shop: 'Aurum', order: sampleOrder() }).text;
  t.match(ch, "Bitte überweisen Sie CHF\u00a03'715.00 innert 5 Werktagen auf:");
  t.match(ch, 'IBAN: CH32 0070 0110 0047 3829 1', 'the IBAN in groups of four');
});

t.test('opening hours name the weekdays in the language (Intl)', async (t) => {
  const pickupStore = {
    name: 'Aurum Zürich', streetAddress: 'Barrengasse 7', postalCode: '8001', city: 'Zürich',
    openingHours: [{ dayFrom: 'Monday', dayTo: 'Friday', hourFrom: '09:00', hourTo: '18:00' }, { dayFrom: 'Saturday', dayTo: 'Saturday', hourFrom: '10:00', hourTo: '16:00' }],
  };
  const order = sampleOrder({ shippingInfo: { key: 'pickup', name: 'Abholung', totalGrossPrice: chf(0) }, pickupStore, paymentMethod: 'cash', paymentInstructions: null } as Partial<Order>);
  const de = renderMail('order.confirmation', 'de', { store: 'ch', shop: 'Aurum', order }).text;
  // issue 28: when it is ready (cash: from the next working day), not "ready" right after ordering
  t.match(de, 'Abholung: Ihre Bestellung liegt ab 05/03/2026 in unserer Filiale für Sie bereit; bitte holen Sie sie bis 11/03/2026 ab und bezahlen Sie sie dort. Die Filiale:\nAurum Zürich\nBarrengasse 7\n8001 Zürich\nMontag–Freitag 09:00–18:00\nSamstag 10:00–16:00');
  t.match(de, 'bar bei der Abholung innert 5 Werktagen');
  const en = renderMail('order.confirmation', 'en', { store: 'ch', shop: 'Aurum', order }).text;
  t.match(en, 'Monday–Friday 09:00–18:00\nSaturday 10:00–16:00');
});

t.test('a sale: the payout account, the lots from the deposit', async (t) => {
  const order = sampleOrder({
    type: 'sell', paymentInstructions: null, payoutAccount: { iban: 'CH93•••••••••••••2957' },
    shippingInfo: { key: 'depositSell', name: 'Depot', totalGrossPrice: chf(0) },
    depositParts: [{ sku: 'KR1', quantity: 2, acquiredAt: '2025-12-01T09:00:00Z', lotOrderNumber: '100001', unitCost: chf(150_000) }],
  } as Partial<Order>);
  const m = renderMail('order.confirmation', 'en', { store: 'ch', shop: 'Aurum', order });
  t.match(m.subject, 'Your sale 100234');
  t.match(m.text, `2 × Krügerrand ${evil}, bought 01/12/2025 (100001) at CHF\u00a01,500.00 each`);
  t.match(m.text, 'We transfer the payout to your account CH93•••••••••••••2957.');
  t.match(m.text, 'Payout: CHF');
});

t.test('issue 23: a sale of goods to be assayed says its prices are estimates; the review step says so too', async (t) => {
  const order = sampleOrder({
    type: 'sell', paymentInstructions: null, payoutAccount: { iban: 'CH93•••••••••••••2957' },
    shippingInfo: { key: 'shippingSell', name: 'Versand', totalGrossPrice: chf(0) },
  } as Partial<Order>);
  const en = renderMail('order.confirmation', 'en', { store: 'ch', shop: 'Aurum', order }).text;
  t.match(en, 'We have recorded these items with their estimated prices. The final amount follows the fine weight our assay finds');
  t.match(en, 'more than 5 % lower, you choose between our offer and getting your items back, insured at our cost');
  t.match(en, 'Estimated payout: CHF');
  t.notMatch(en, 'recorded these items and prices');
  const de = renderMail('order.confirmation', 'de', { store: 'ch', shop: 'Aurum', order }).text;
  t.match(de, 'mit ihren geschätzten Preisen festgehalten');
  t.match(de, 'Geschätzter Auszahlungsbetrag: CHF');
  t.match(messageTemplate('en', 'checkout.review.obligationSell'), 'The amounts are estimates');
  t.notMatch(messageTemplate('en', 'checkout.review.obligationSell'), /^You commit to selling at these prices\.$/);
  t.match(messageTemplate('de', 'checkout.review.obligationSell'), 'Die Beträge sind Schätzungen');
});

t.test('the SMS code text', async (t) => {
  const de = renderSms('verificationCode', 'de', { store: 'ch', shop: 'Aurum', values: { code: '123456', validMinutes: 10 } });
  t.equal(de, '123456 ist Ihr Bestätigungscode von Aurum. Er ist 10 Minuten gültig. Geben Sie ihn nicht weiter.');
  t.match(renderSms('verificationCode', 'en', { store: 'us', shop: 'Aurum', values: { code: '123456', validMinutes: 10 } }), /^123456 is your Aurum Precious Metals verification code/, 'the US store speaks as its own company (issue 28)');
});
