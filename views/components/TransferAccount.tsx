// The company's bank account a transfer goes to (the checkout's delivery and review steps, the company block
// of the imprint), from the CMS story `company` (BootInfo.company); without the story it renders nothing.
// A module of its own (issue 27): the checkout's steps show it without the company block's contact data
// and opening hours (CompanyDetails.tsx, blocks/ContactData.tsx).
import { groupIban } from '../../src/contracts/display.ts';
import type { Currency } from '../../src/stores.ts';
import { useShop } from '../lib/context.tsx';

/** Where a bank transfer goes: the company's account of the cart's currency (the store's, or USD after a
 * switch, spec 1), in the checkout before ordering. */
export function TransferAccount({ currency }: { currency?: Currency } = {}) {
  const shop = useShop();
  const { t, company } = shop;
  const account = company?.bankAccounts.find((a) => a.currency === (currency ?? shop.currency));
  if (!account) return null;
  return (
    <dl className="transfer-account" data-testid="transfer-account">
      <div><dt>{t('confirmation.bank.owner')}</dt><dd>{account.owner}</dd></div>
      <div><dt>{t('company.bank')}</dt><dd>{account.bankName}</dd></div>
      {account.iban ? <div><dt>{t('checkout.payout.iban')}</dt><dd>{groupIban(account.iban)}</dd></div> : null}
      {account.bic ? <div><dt>{t('checkout.payout.bic')}</dt><dd>{account.bic}</dd></div> : null}
      {account.accountNumber ? <div><dt>{t('checkout.payout.accountNumber')}</dt><dd>{account.accountNumber}</dd></div> : null}
      {account.routingNumber ? <div><dt>{t('checkout.payout.routingNumber')}</dt><dd>{account.routingNumber}</dd></div> : null}
    </dl>
  );
}
