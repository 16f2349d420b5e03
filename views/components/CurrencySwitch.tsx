// spec 1: "Currency by locale ... A user can switch to USD." Beside the store switch: the store's own
// currency and USD as two toggle buttons (aria-pressed); prices, carts and checkout follow the choice
// (client/state/currency.ts), and it is kept for 365 days in a cookie the server render honours. The US
// store has one currency only: no switch there.
import { useState } from 'react';
import { currenciesOf } from '../../src/contracts/display-currency.ts';
import type { Currency } from '../../src/stores.ts';
import { useShop } from '../lib/context.tsx';
import { usePriceCurrency } from '../hooks/usePrices.ts';
import { useBrowser } from '../lib/browser-port.ts';

/** `inMenu`: the phone menu's copy (the header renders one per screen size; the test id marks the wide one). */
export function CurrencySwitch({ inMenu = false }: { inMenu?: boolean }) {
  const { switchCurrency } = useBrowser().carts;
  const shop = useShop();
  const { t } = shop;
  const shown = usePriceCurrency();
  const [announced, setAnnounced] = useState<Currency | null>(null);
  const choices = currenciesOf(shop.store);
  shop.uses(choices.map((c) => `nav.currencyName.${c}`).concat('nav.currencyShown'));
  if (choices.length < 2) return null;
  const pick = (c: Currency) => {
    if (c === shown) return;
    void switchCurrency(c);
    setAnnounced(c);
  };
  return (
    <div className="currency-switch" role="group" aria-label={t('nav.currency')} data-testid={inMenu ? undefined : 'currency-switch'}>
      {choices.map((c) => (
        <button key={c} type="button" aria-pressed={c === shown} title={t(`nav.currencyName.${c}`)} onClick={() => pick(c)}>
          {c}
        </button>
      ))}
      <span className="visually-hidden" role="status">
        {announced ? t('nav.currencyShown', { name: t(`nav.currencyName.${announced}`) }) : ''}
      </span>
    </div>
  );
}
