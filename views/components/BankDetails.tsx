// Where to pay a bank-transfer purchase (the shop's account, the amount and the order number as reference):
// on the confirmation right after checkout and on the order page while the money has not arrived.
import type { ReactNode } from 'react';
import { formatIban } from '../../src/contracts/display.ts';
import type { PaymentInstructions } from '../../src/contracts/order.ts';
import { useShop } from '../lib/context.tsx';
import { moneyOf } from './cart/format.ts';

export function BankDetails({ instructions: p, titleId, hint, testId = 'bank-details' }: { instructions: PaymentInstructions; titleId: string; hint: ReactNode; testId?: string }) {
  const shop = useShop();
  const { t } = shop;
  return (
    <section className="bank-details" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId}>{t('confirmation.bankTitle')}</h2>
      <dl>
        <div><dt>{t('confirmation.bank.owner')}</dt><dd>{p.accountOwner}</dd></div>
        {p.iban ? <div><dt>{t('checkout.payout.iban')}</dt><dd>{formatIban(p.iban)}</dd></div> : null}
        {p.bic ? <div><dt>{t('checkout.payout.bic')}</dt><dd>{p.bic}</dd></div> : null}
        {p.accountNumber ? <div><dt>{t('checkout.payout.accountNumber')}</dt><dd>{p.accountNumber}</dd></div> : null}
        {p.routingNumber ? <div><dt>{t('checkout.payout.routingNumber')}</dt><dd>{p.routingNumber}</dd></div> : null}
        <div><dt>{t('confirmation.bank.amount')}</dt><dd>{moneyOf(shop, p.amount)}</dd></div>
        <div><dt>{t('confirmation.bank.reference')}</dt><dd>{p.reference}</dd></div>
      </dl>
      <p className="field-hint">{hint}</p>
    </section>
  );
}
