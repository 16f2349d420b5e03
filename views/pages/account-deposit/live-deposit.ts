// The deposit as the page shows it, following the live price set (issue 17): the loader's deposit is valued
// at the set current when the page was rendered; every new set the price socket announces (PricesUpdated,
// sent only once commerce has taken the set) fetches the deposit again, so its values and "valid until"
// are those of the set the header's prices show. A failed fetch keeps what is shown.
import { useEffect, useState } from 'react';
import type { Deposit } from '../../../src/contracts/deposit.ts';
import { priceEvents } from '../../hooks/usePrices.ts';
import { getDeposit } from '../../state/shop-api.ts';

export function useLiveDeposit(loaded: Deposit | null): Deposit | null {
  const [deposit, setDeposit] = useState(loaded);
  useEffect(() => setDeposit(loaded), [loaded]);
  useEffect(() => {
    // only the answer to the newest request is shown (two sets close together)
    let latest = 0;
    let active = true;
    const onUpdate = async () => {
      const mine = ++latest;
      const r = await getDeposit();
      if (active && mine === latest && !r.error) setDeposit(r.data.deposit);
    };
    const listener = () => void onUpdate();
    window.addEventListener(priceEvents.updated, listener);
    return () => {
      active = false;
      window.removeEventListener(priceEvents.updated, listener);
    };
  }, []);
  return deposit;
}
