// The order page's pure parts (issue 24): the rows that add up to the order total (a purchase with a goods
// discount, one with a shipping discount, a sale with its shipping taken off), the next step first, and
// the carrier chosen from the list or typed as "other".
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import { carrierText, carrierOf, carriers, OTHER_CARRIER } from '../../src/contracts/carriers.ts';
import { orderSums } from '../../src/backoffice/screens/order/sums.ts';
import { nextStepFirst } from '../../src/backoffice/screens/order/workbench.tsx';
import { tracking } from '../../src/commerce/lifecycle/carriers.ts';

const chf = (centAmount: number) => ({ centAmount, currencyCode: 'CHF' as const });
type SumOrder = Parameters<typeof orderSums>[0];
const line = (id: string, unit: number, quantity: number) =>
  ({ id, name: id, quantity, price: { type: 'buy', centAmount: unit, minQuantity: 1, taxCentAmount: 0 }, totalPrice: chf(unit * quantity) }) as unknown as Order['lineItems'][number];
const shipping = (fee: number, charged = fee) => ({ shippingMethodId: 'x', key: 'shipping', name: 'Versand', deliveryMethod: 'shipping', price: chf(fee), totalGrossPrice: chf(charged) }) as Order['shippingInfo'];

t.test('a purchase: lines with unit prices, shipping and a goods discount add up to the total', async (t) => {
  const order: SumOrder = {
    type: 'buy', lineItems: [line('Krugerrand', 1_950_00, 2), line('Kapseln', 12_50, 3)], shippingInfo: shipping(25_00),
    discount: { discountCodeId: 'd', code: 'GOLD10', kind: 'fixed-amount', amount: chf(10_00), applies: true }, totalGrossPrice: chf(3_900_00 + 37_50 + 25_00 - 10_00),
  };
  const s = orderSums(order);
  t.same(s.lines.map((l) => [l.name, l.quantity, l.unit?.centAmount, l.total.centAmount]), [['Krugerrand', 2, 1_950_00, 3_900_00], ['Kapseln', 3, 12_50, 37_50]]);
  t.equal(s.goods.centAmount, 3_937_50);
  t.equal(s.shipping?.centAmount, 25_00);
  t.match(s.discount, { code: 'GOLD10', onShipping: false, amount: { centAmount: 10_00 } });
  t.equal(s.sum.centAmount, order.totalGrossPrice.centAmount, 'the sum row is the order total');
  t.ok(s.adds);
});

t.test('a shipping discount comes off the fee; a code that does not apply is not a row', async (t) => {
  const s = orderSums({
    type: 'buy', lineItems: [line('Barren', 5_000_00, 1)], shippingInfo: shipping(30_00, 15_00),
    discount: { discountCodeId: 'd', code: 'HALF', kind: 'shipping-percentage', amount: chf(15_00), applies: true }, totalGrossPrice: chf(5_015_00),
  });
  t.ok(s.adds);
  t.equal(s.discount?.onShipping, true);
  const none = orderSums({
    type: 'buy', lineItems: [line('Barren', 5_000_00, 1)], shippingInfo: shipping(0),
    discount: { discountCodeId: 'd', code: 'MIN', kind: 'fixed-amount', amount: chf(0), applies: false }, totalGrossPrice: chf(5_000_00),
  });
  t.equal(none.discount, null);
  t.equal(none.shipping, null, 'free shipping is no row');
  t.ok(none.adds);
});

t.test('a sale: the shipping is taken off the payout; a total that does not add up is told, not hidden', async (t) => {
  const sale = orderSums({ type: 'sell', lineItems: [line('Altgold', 400_00, 1)], shippingInfo: shipping(20_00), discount: null, totalGrossPrice: chf(380_00) });
  t.ok(sale.sale);
  t.equal(sale.sum.centAmount, 380_00);
  t.ok(sale.adds);
  const odd = orderSums({ type: 'buy', lineItems: [line('Barren', 100_00, 1)], shippingInfo: shipping(0), discount: null, totalGrossPrice: chf(101_00) });
  t.notOk(odd.adds);
});

t.test('the next step first: the forward step leads, the exceptions follow, whatever order actions come in', async (t) => {
  t.same(nextStepFirst(['cancel', 'payment-failed', 'payment']), { primary: 'payment', others: ['payment-failed', 'cancel'] });
  t.same(nextStepFirst(['cancel', 'shipment']), { primary: 'shipment', others: ['cancel'] });
  t.same(nextStepFirst(['payout', 'goods-returned']), { primary: 'payout', others: ['goods-returned'] });
  t.same(nextStepFirst(['cancel']), { primary: null, others: ['cancel'] }, 'a cancellation alone is no next step');
  t.same(nextStepFirst([]), { primary: null, others: [] });
});

t.test('carriers: the one list with "other", and the tracking link it gives', async (t) => {
  t.same(carriers.map((c) => c.name), ['DHL', 'DPD', 'GLS', 'UPS', 'FedEx', 'Swiss Post', 'Austrian Post', 'Deutsche Post', 'USPS']);
  t.equal(carrierText('deutschepost', undefined), 'Deutsche Post');
  t.equal(carrierText(OTHER_CARRIER, '  Planzer  '), 'Planzer', 'another carrier as typed');
  t.equal(carrierText(OTHER_CARRIER, ' '), null, '"other" needs a name');
  t.equal(carrierText('pigeon', undefined), null, 'not a listed key');
  t.equal(carrierOf('Deutsche-Post')?.key, 'deutschepost');
  t.match(tracking('Deutsche Post', '00340434 1612'), { carrier: 'Deutsche Post', trackingUrl: /piececode=003404341612$/ });
  t.same(tracking('Planzer', '123'), { carrier: 'Planzer', trackingUrl: null });
});
