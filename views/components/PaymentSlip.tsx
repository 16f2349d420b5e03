// Issue 25, payment slips that banking apps read: on the confirmation page and on the order page while a
// bank-transfer purchase is unpaid, the Swiss QR-bill's payment part (CH, LI) or the EPC QR code ("GiroCode",
// AT, DE), drawn by the commerce service and served as SVG (/api/orders/{id}/payment-slip.svg), with the
// account, reference and amount as text beside it (the text is the alternative to the code), and the QR-bill
// as a PDF to print. No script: the code is an image of the server's SVG.
import { formatIban } from '../../src/contracts/display.ts';
import type { Order } from '../../src/contracts/order.ts';
import { orderReference, slipKindOf, slipOrderOf } from '../../src/contracts/payment-qr.ts';
import { useShop } from '../lib/context.tsx';
import { moneyOf } from './cart/format.ts';

/** The slip's words: the confirmation page shows it after hydration, so it asks for them with the page (shop.uses). */
export const paymentSlipKeys = [
  'confirmation.slip.qrBillTitle', 'confirmation.slip.epcTitle', 'confirmation.slip.scan', 'confirmation.slip.qrAlt', 'confirmation.slip.account',
  'confirmation.slip.reference', 'confirmation.slip.amount', 'confirmation.slip.pdf', 'confirmation.bank.owner',
] as const;

/** A reference as printed on slips: the QR reference in blocks of five from the right after two digits, RF in fours. */
export function printedReference(ref: string): string {
  if (/^\d{27}$/.test(ref)) return `${ref.slice(0, 2)} ${ref.slice(2).replace(/(\d{5})(?=\d)/g, '$1 ')}`;
  return ref.replace(/(.{4})(?=.)/g, '$1 ');
}

export function PaymentSlip({ order, titleId }: { order: Order; titleId: string }) {
  const shop = useShop();
  const { t } = shop;
  const slip = slipOrderOf(order);
  const kind = slip ? slipKindOf(slip) : null;
  if (!slip || !kind) return null;
  // the QR-bill carries the structured reference (QRR or SCOR), the GiroCode the order number (payment-qr.ts)
  const reference = kind === 'qr-bill' ? printedReference(orderReference(slip.orderNumber, slip.payee.iban).reference) : slip.orderNumber;
  const iban = formatIban(slip.payee.iban);
  const amount = moneyOf(shop, order.paymentInstructions!.amount);
  const base = `/api/orders/${encodeURIComponent(order.id)}`;
  return (
    <section className={`payment-slip payment-slip-${kind}`} aria-labelledby={titleId} data-testid="payment-slip" data-kind={kind}>
      <h2 id={titleId}>{t(kind === 'qr-bill' ? 'confirmation.slip.qrBillTitle' : 'confirmation.slip.epcTitle')}</h2>
      <p>{t('confirmation.slip.scan')}</p>
      <div className="payment-slip-body">
        <img
          className="payment-slip-code" src={`${base}/payment-slip.svg`} data-testid="payment-slip-code"
          alt={t('confirmation.slip.qrAlt', { amount, iban, reference })}
          width={kind === 'qr-bill' ? 840 : 240} height={kind === 'qr-bill' ? 420 : 240}
        />
        <dl className="payment-slip-text">
          <div><dt>{t('confirmation.bank.owner')}</dt><dd>{slip.payee.owner}</dd></div>
          <div><dt>{t('confirmation.slip.account')}</dt><dd data-testid="payment-slip-iban">{iban}</dd></div>
          <div><dt>{t('confirmation.slip.reference')}</dt><dd data-testid="payment-slip-reference">{reference}</dd></div>
          <div><dt>{t('confirmation.slip.amount')}</dt><dd data-testid="payment-slip-amount">{amount}</dd></div>
        </dl>
      </div>
      {kind === 'qr-bill' ? <p><a href={`${base}/payment-slip.pdf`} data-testid="payment-slip-pdf">{t('confirmation.slip.pdf')}</a></p> : null}
    </section>
  );
}
