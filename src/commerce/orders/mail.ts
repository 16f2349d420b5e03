// The order confirmation mail (outbox), in the customer's language: what was ordered at which price, the
// delivery (pickup details: store address and opening hours), and the payment: for a bank-transfer purchase
// the shop's bank details and the reference; for cash the store and the 5 working days (spec 9); for a sale
// where the payout goes. Swiss and Liechtenstein German writes "ss" for "ß".
import { formatIban } from '../../contracts/bank-details.ts';
import { stores, type StoreKey } from '../../stores.ts';
import type { Order } from '../../contracts/order.ts';
import { type MailContent, closingDe, escapeHtml } from '../outbox/index.ts';
import type { Lang } from '../lib/lang.ts';

const dayNames: Record<string, Record<Lang, string>> = {
  Monday: { de: 'Montag', en: 'Monday' }, Tuesday: { de: 'Dienstag', en: 'Tuesday' }, Wednesday: { de: 'Mittwoch', en: 'Wednesday' },
  Thursday: { de: 'Donnerstag', en: 'Thursday' }, Friday: { de: 'Freitag', en: 'Friday' }, Saturday: { de: 'Samstag', en: 'Saturday' },
  Sunday: { de: 'Sonntag', en: 'Sunday' },
};

/** spec 9: dates MM/DD/YYYY in the US, DD/MM/YYYY elsewhere */
export function formatDate(iso: string, storeKey: StoreKey): string {
  const d = new Date(iso);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return storeKey === 'us' ? `${mm}/${dd}/${d.getUTCFullYear()}` : `${dd}/${mm}/${d.getUTCFullYear()}`;
}

/** intro and subject replace the opening and the subject (a limit order's execution says what it did). */
export function orderConfirmationMail(order: Order, opts: { lang: Lang; storeKey: StoreKey; shop: string; intro?: string; subject?: string }): MailContent {
  const { lang, storeKey, shop } = opts;
  const en = lang === 'en';
  const locale = stores[storeKey].locales[lang];
  const money = (m: { centAmount: number; currencyCode: string }) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: m.currencyCode }).format(m.centAmount / 100);
  const buy = order.type === 'buy';
  const name = `${order.billingAddress.firstName} ${order.billingAddress.lastName}`.trim();
  const date = formatDate(order.createdAt, storeKey);
  const p: string[] = [];

  p.push(en ? `Hello ${name},` : `Guten Tag ${name},`);
  if (opts.intro) p.push(opts.intro);
  else p.push(buy
    ? (en ? `thank you for your order ${order.orderNumber} of ${date}. Your prices are fixed.` : `vielen Dank für Ihre Bestellung ${order.orderNumber} vom ${date}. Ihre Preise sind fest.`)
    : (en ? `thank you for your sale ${order.orderNumber} of ${date}. We have recorded these items and prices:` : `vielen Dank für Ihren Verkauf ${order.orderNumber} vom ${date}. Wir haben diese Positionen und Preise festgehalten:`));

  const lines = order.lineItems.map((l) => `${l.kind === 'scrap' ? '' : `${l.quantity} × `}${l.name} – ${money(l.totalPrice)}`);
  p.push(lines.join('\n'));

  const totals: string[] = [`${en ? 'Goods' : 'Warenwert'}: ${money(order.totalPrice)}`];
  if (order.discount && order.discount.applies) totals.push(`${en ? 'Coupon' : 'Gutschein'} ${order.discount.code}: −${money(order.discount.amount)}`);
  if (buy) totals.push(`${order.shippingInfo.name}: ${money(order.shippingInfo.totalGrossPrice)}`);
  totals.push(buy
    ? `${en ? 'Total' : 'Gesamtbetrag'}: ${money(order.totalGrossPrice)} (${en ? 'incl. VAT' : 'inkl. MwSt.'} ${money(order.totalTaxPrice)})`
    : `${en ? 'Payout' : 'Auszahlungsbetrag'}: ${money(order.totalGrossPrice)}`);
  p.push(totals.join('\n'));

  // delivery
  const store = order.pickupStore;
  const storeLines = store
    ? [
      store.name, store.streetAddress, `${store.postalCode} ${store.city}`,
      ...store.openingHours.map((h) => `${dayNames[h.dayFrom]?.[lang] ?? h.dayFrom}${h.dayTo !== h.dayFrom ? `–${dayNames[h.dayTo]?.[lang] ?? h.dayTo}` : ''} ${h.hourFrom}–${h.hourTo}`),
    ].join('\n')
    : '';
  switch (order.shippingInfo.key) {
    case 'pickup':
      p.push(en ? `Pick-up: your order will be ready for you at our store:\n${storeLines}` : `Abholung: Ihre Bestellung liegt für Sie in unserer Filiale bereit:\n${storeLines}`);
      break;
    case 'send-to-store':
      p.push(en ? `We send your order to our store, where you can collect it:\n${storeLines}` : `Wir liefern Ihre Bestellung in unsere Filiale, wo Sie sie abholen:\n${storeLines}`);
      break;
    case 'leave-in-store':
      p.push(en ? `Please bring your items to our store:\n${storeLines}` : `Bitte bringen Sie Ihre Ware in unsere Filiale:\n${storeLines}`);
      break;
    case 'deposit':
      p.push(en ? 'Your metals will be stored in your online deposit as soon as your payment has arrived.' : 'Ihre Edelmetalle werden nach Zahlungseingang in Ihrem Online-Depot eingelagert.');
      break;
    case 'depositSell': {
      // the lots the sale took, for the customer's records (tax: acquisition date and cost of each piece)
      const parts = (order.depositParts ?? []).map((x) => {
        const piece = order.lineItems.find((l) => l.sku === x.sku)?.name ?? x.sku;
        return en
          ? `${x.quantity} × ${piece}, bought ${formatDate(x.acquiredAt, storeKey)} (${x.lotOrderNumber}) at ${money(x.unitCost)} each`
          : `${x.quantity} × ${piece}, gekauft am ${formatDate(x.acquiredAt, storeKey)} (${x.lotOrderNumber}) zu je ${money(x.unitCost)}`;
      });
      p.push([
        en ? 'We take the pieces from your online deposit, the oldest first; there is nothing to send.' : 'Wir entnehmen die Stücke Ihrem Online-Depot, die ältesten zuerst; Sie müssen nichts versenden.',
        ...parts,
      ].join('\n'));
      break;
    }
    case 'scrapMetalBox':
      p.push(en ? 'We will send you an insured Scrap Metal Box with a prepaid return label.' : 'Wir senden Ihnen eine versicherte Altgold-Box mit frankiertem Rücksendeetikett.');
      break;
    case 'shippingSell':
      p.push(en ? `Please send your items, well packed and at your own risk, to ${shop}, quoting ${order.orderNumber}.` : `Bitte senden Sie Ihre Ware gut verpackt und auf eigenes Risiko an ${shop}, mit Angabe von ${order.orderNumber}.`);
      break;
    default: {
      const a = order.shippingAddress;
      p.push(`${en ? 'Delivery to' : 'Lieferung an'}:\n${a.firstName} ${a.lastName}\n${a.streetName} ${a.streetNumber}\n${a.zipCode} ${a.city}\n${en ? 'Delivery in 3–5 working days.' : 'Lieferung in 3–5 Werktagen.'}`);
    }
  }

  // payment
  const pay = order.paymentInstructions;
  if (buy && pay) {
    const account = pay.iban
      ? [`IBAN: ${formatIban(pay.iban)}`, `BIC: ${pay.bic ?? ''}`]
      : [`${en ? 'Account number' : 'Kontonummer'}: ${pay.accountNumber ?? ''}`, `${en ? 'Routing number' : 'Routing-Nummer'}: ${pay.routingNumber ?? ''}`];
    p.push([
      en ? `Please transfer ${money(pay.amount)} within 5 working days to:` : `Bitte überweisen Sie ${money(pay.amount)} innert 5 Werktagen auf:`,
      `${en ? 'Account owner' : 'Kontoinhaber'}: ${pay.accountOwner}`, ...account, `${en ? 'Reference' : 'Verwendungszweck'}: ${pay.reference}`,
    ].join('\n'));
  } else if (buy && order.paymentMethod === 'cash') {
    p.push(en ? `Please pay ${money(order.totalGrossPrice)} in cash when you pick up your order within 5 working days.` : `Bitte bezahlen Sie ${money(order.totalGrossPrice)} bar bei der Abholung innert 5 Werktagen.`);
  } else if (!buy && order.paymentMethod === 'cash') {
    p.push(en ? 'We pay you in cash in our store once we have checked your items.' : 'Wir zahlen Ihnen den Betrag nach Prüfung Ihrer Ware in der Filiale bar aus.');
  } else if (!buy && order.payoutAccount) {
    const acc = order.payoutAccount.iban ?? order.payoutAccount.accountNumber ?? '';
    // a sale from the deposit: the metal is already in our vault, nothing has to arrive or be checked
    if (order.shippingInfo.key === 'depositSell') p.push(en ? `We transfer the payout to your account ${acc}.` : `Wir überweisen den Betrag auf Ihr Konto ${acc}.`);
    else p.push(en ? `Once we have received and checked your items we transfer the payout to your account ${acc}.` : `Nach Eingang und Prüfung Ihrer Ware überweisen wir den Betrag auf Ihr Konto ${acc}.`);
  }
  if (order.identityDocumentRecorded) {
    p.push(en ? 'As the law requires for cash payments of this amount, we have recorded your identity document. Please bring it with you.' : 'Wie es das Gesetz für Barzahlungen in dieser Höhe verlangt, haben wir Ihr Ausweisdokument erfasst. Bitte bringen Sie es mit.');
  }
  p.push(en ? `Kind regards\nYour ${shop} team` : closingDe(storeKey, shop));

  const subject = opts.subject ?? (buy
    ? (en ? `Your order ${order.orderNumber} – ${shop}` : `Ihre Bestellung ${order.orderNumber} – ${shop}`)
    : (en ? `Your sale ${order.orderNumber} – ${shop}` : `Ihr Verkauf ${order.orderNumber} – ${shop}`));
  let text = p.join('\n\n') + '\n';
  // Swiss and Liechtenstein German has no ß
  if (!en && (storeKey === 'ch' || storeKey === 'li')) text = text.replace(/ß/g, 'ss');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n${
    text.trim().split('\n\n').map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`).join('\n')
  }\n</body></html>`;
  return { subject: !en && (storeKey === 'ch' || storeKey === 'li') ? subject.replace(/ß/g, 'ss') : subject, text, html };
}
