// The all-in price breakdown beside the product's price: metal value at the spot price, premium over spot
// (amount and percent), VAT where it applies (by the rules the price service prices with), the buy-back
// price and the spread; and, live, that it follows every recalculation: placeholders while prices are
// refreshed, the new figures after. The price socket and the shop's price API are stood in for at the
// browser's edge (WebSocket, fetch); time comes from a fake clock.
import 'global-jsdom/register';
import t from 'tap';
import { createElement } from 'react';
import { act, cleanup, screen } from '@testing-library/react';
import { priceBreakdown } from '../../views/pages/product/breakdown.ts';
import { LivePriceBreakdown } from '../../views/pages/product/PriceBreakdown.tsx';
import { startPriceSocket, stopPriceSocket } from '../../client/state/price-socket.ts';
import { formatMoney, formatPercent } from '../../src/i18n.ts';
import { installFakeClock, renderInShop } from './render.ts';

const OZ = 31.1034768;

t.test('investment gold: metal value, premium, no VAT, buy-back and spread, adding up to the price', async (t) => {
  const b = priceBreakdown({ metal: 'gold', fineWeightGrams: OZ, vatClass: 'investment-gold', country: 'CH', priceCents: 309_000, vatApplies: true, sellCents: 297_000, spotAskCentsPerOz: 300_000 });
  t.same(
    [b.metalValueCents, b.premiumCents, b.premiumBp, b.vatCents, b.vatScheme, b.sellCents, b.spreadBp],
    [300_000, 9_000, 300, 0, 'exempt', 297_000, 388],
  );
  t.equal(b.metalValueCents! + b.premiumCents! + b.vatCents, b.priceCents, 'the parts add up to the price');
});

t.test('a silver bar in Switzerland carries 8.1 % VAT on the whole price', async (t) => {
  const b = priceBreakdown({ metal: 'silver', fineWeightGrams: 1000, vatClass: 'silver-bar', country: 'CH', priceCents: 162_150, vatApplies: true, sellCents: 131_000, spotAskCentsPerOz: 4_500 });
  t.equal(b.vatScheme, 'standard');
  t.equal(b.vatRate, 0.081);
  t.equal(b.vatCents, Math.round(162_150 - 162_150 / 1.081));
  t.equal(b.metalValueCents, Math.round((1000 / OZ) * 4_500));
  t.equal(b.metalValueCents! + b.premiumCents! + b.vatCents, 162_150);
});

t.test('a silver coin in Germany: VAT on the margin over the metal value only (margin scheme)', async (t) => {
  const b = priceBreakdown({ metal: 'silver', fineWeightGrams: OZ, vatClass: 'silver-coin', country: 'DE', priceCents: 5_000, vatApplies: true, sellCents: 3_600, spotAskCentsPerOz: 4_000 });
  t.equal(b.vatScheme, 'margin');
  t.equal(b.vatCents, Math.round((1_000 * 0.19) / 1.19), 'VAT on the 10 EUR above the metal value');
  t.equal(b.metalValueCents! + b.premiumCents! + b.vatCents, 5_000);
});

t.test('duty-free prices carry no VAT; accessories have no metal value and no buy-back', async (t) => {
  const free = priceBreakdown({ metal: 'silver', fineWeightGrams: OZ, vatClass: 'silver-coin', country: 'CH', priceCents: 4_800, vatApplies: false, sellCents: 4_000, spotAskCentsPerOz: 4_000 });
  t.equal(free.vatCents, 0);
  t.equal(free.vatScheme, 'exempt');
  const box = priceBreakdown({ metal: null, fineWeightGrams: 0, vatClass: 'standard', country: 'AT', priceCents: 1_200, vatApplies: true, sellCents: null, spotAskCentsPerOz: null });
  t.same([box.metalValueCents, box.premiumCents, box.sellCents, box.spreadBp, box.vatCents], [null, null, null, null, 200]);
});

// ---- live ------------------------------------------------------------------------------------------

class FakeSocket {
  static last: FakeSocket | null = null;
  static readonly OPEN = 1;
  static readonly CONNECTING = 0;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.last = this;
  }
  close() {
    this.readyState = 3;
  }
}

interface Round {
  at: string;
  spot: number;
  buy: number;
  sell: number;
}

const rounds: Round[] = [
  { at: '2026-11-22T10:00:00.000Z', spot: 300_000, buy: 309_000, sell: 297_000 },
  { at: '2026-11-22T10:03:00.000Z', spot: 310_000, buy: 319_300, sell: 305_000 },
];

t.test('the breakdown follows every recalculation: placeholders while prices refresh, then the new figures', async (t) => {
  const clock = installFakeClock(undefined, Date.parse(rounds[0].at));
  const g = globalThis as unknown as { WebSocket: unknown; fetch: unknown };
  const realSocket = g.WebSocket;
  const realFetch = g.fetch;
  let round = rounds[0];
  const metalsBody = (r: Round) => ({
    serverTimestamp: r.at, lastRecalculatedAt: r.at, validUntil: new Date(Date.parse(r.at) + 180_000).toISOString(), currency: 'CHF',
    metals: [{ name: 'gold', lastRecalculatedAt: r.at, prices: [{ currency: 'CHF', type: 'ask', centAmount: r.spot }, { currency: 'CHF', type: 'bid', centAmount: r.spot - 500 }] }],
  });
  const asked: string[] = [];
  g.WebSocket = FakeSocket;
  g.fetch = async (url: string) => {
    asked.push(url);
    const body = url.startsWith('/api/prices/metals')
      ? metalsBody(round)
      : { lastRecalculatedAt: round.at, products: [{ sku: 'AU-KRUG-1OZ', prices: [{ type: 'buy', centAmount: round.buy, minQuantity: 1 }, { type: 'sell', centAmount: round.sell, minQuantity: 1 }] }] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'x-server-time': String(Date.now()) } });
  };
  t.teardown(() => {
    cleanup();
    stopPriceSocket();
    clock.uninstall();
    g.WebSocket = realSocket;
    g.fetch = realFetch;
  });

  const send = (m: unknown) => act(async () => {
    FakeSocket.last!.onmessage!({ data: JSON.stringify(m) });
    await clock.tickAsync(60); // spec 7: product prices batched for 50 ms
  });
  const finished = (r: Round) => ({ type: 'RecalculationProcessFinished', ...metalsBody(r), nextRecalculationAt: new Date(Date.parse(r.at) + 180_000).toISOString() });
  const text = (id: string) => screen.getByTestId(id).textContent;
  const money = (c: number) => formatMoney(c, 'CHF', 'de-CH');
  const pct = (bp: number) => formatPercent(bp, 'de-CH');

  startPriceSocket({ currency: 'CHF' });
  renderInShop(createElement(LivePriceBreakdown, { product: { sku: 'AU-KRUG-1OZ', metal: 'gold', fineWeightGrams: OZ, vatClass: 'investment-gold', dutyFree: false }, country: 'CH' }), { path: '/produkt/kruegerrand-1-unze-gold' });
  await act(async () => {
    FakeSocket.last!.readyState = 1;
    FakeSocket.last!.onopen?.();
  });
  await send(finished(rounds[0]));
  t.equal(text('breakdown-metal'), money(300_000), 'metal value: 1 oz at the spot price');
  t.equal(text('breakdown-premium'), money(9_000));
  t.match(screen.getByText(/über dem Metallwert/).textContent, pct(300), 'the premium in percent');
  t.equal(text('breakdown-vat'), money(0), 'investment gold carries no VAT');
  t.equal(text('breakdown-total'), money(309_000));
  t.equal(text('breakdown-buyback'), money(297_000));
  t.equal(text('breakdown-spread'), pct(388));
  t.match(screen.getByText(/Stand der Preisberechnung/).textContent, '11:00', 'as of the recalculation (Zurich time)');
  t.equal(screen.getByTestId('price-breakdown').getAttribute('aria-busy'), null);

  // spec 4: a recalculation starts - shown prices are cleared
  await send({ type: 'RecalculationProcessStarted' });
  t.equal(screen.getByTestId('price-breakdown').getAttribute('aria-busy'), 'true', 'busy while prices refresh');
  t.notMatch(text('breakdown-total'), /CHF/, 'no stale figures while refreshing');

  round = rounds[1];
  await clock.tickAsync(180_000);
  await send(finished(rounds[1]));
  t.equal(text('breakdown-metal'), money(310_000), 'the new spot price');
  t.equal(text('breakdown-premium'), money(9_300));
  t.equal(text('breakdown-total'), money(319_300));
  t.equal(text('breakdown-buyback'), money(305_000));
  t.equal(text('breakdown-spread'), pct(Math.round(((319_300 - 305_000) / 319_300) * 10_000)));
  t.match(screen.getByText(/Stand der Preisberechnung/).textContent, '11:03');
  t.equal(asked.filter((u) => u.startsWith('/api/prices/products')).length, 2, 'one product request per recalculation');
});
