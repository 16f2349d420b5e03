// Issue 23, the counter-offer: when the assay of a sale comes out more than COUNTER_OFFER_THRESHOLD below
// the estimate, the seller accepts the assayed amount or asks for the goods back (returned insured, at the
// shop's cost) by the deadline; without an answer the offer counts as accepted. The panel says so and offers
// both answers while the offer is open; afterwards it says what was decided. The service checks owner,
// state and deadline again (409 counter_offer_not_open: the message is shown, the order read anew).
import { useEffect, useRef, useState } from 'react';
import type { Order } from '../../../src/contracts/order.ts';
import { COUNTER_OFFER_THRESHOLD } from '../../../src/contracts/counter-offer.ts';
import { moneyOf } from '../cart/format.ts';
import { useShop } from '../../lib/context.tsx';
import { answerCounterOffer } from '../../state/shop-api.ts';
import { dateTime } from './labels.tsx';

export function CounterOfferPanel({ order, onAnswered }: { order: Order; onAnswered: (order: Order) => void }) {
  const shop = useShop();
  const { t } = shop;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answered, setAnswered] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answered) statusRef.current?.focus();
  }, [answered]);
  const offer = order.counterOffer;
  if (!offer) return null;
  const values = { offer: moneyOf(shop, offer.offer), estimate: moneyOf(shop, offer.estimate), deadline: dateTime(shop, offer.deadline), threshold: Math.round(COUNTER_OFFER_THRESHOLD * 100) };
  const answer = async (decision: 'accept' | 'decline') => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await answerCounterOffer(order.id, decision);
    setBusy(false);
    if (r.error) return setError(r.error.message);
    setAnswered(true);
    onAnswered(r.data.order);
  };
  const decided = offer.status === 'accepted' ? t('orders.offer.accepted', values)
    : offer.status === 'expired' ? t('orders.offer.expired', values)
      : offer.status === 'declined' ? t(offer.returnedAt ? 'orders.offer.returned' : 'orders.offer.declined', values) : null;
  return (
    <section className="account-panel order-offer" aria-labelledby="order-offer-title" data-testid="counter-offer">
      <h2 id="order-offer-title">{t('orders.offer.title')}</h2>
      {decided ? (
        <div ref={statusRef} tabIndex={-1} role="status" data-testid="counter-offer-status"><p>{decided}</p></div>
      ) : (
        <>
          <p>{t('orders.offer.text', values)}</p>
          <p>{t('orders.offer.deadline', values)}</p>
          {error ? <div className="form-summary" role="alert"><p className="form-summary-title">{error}</p></div> : null}
          <div className="form-actions">
            <button type="button" className="button button-primary" aria-disabled={busy || undefined} onClick={() => void answer('accept')}>{t('orders.offer.accept', values)}</button>
            <button type="button" className="button button-quiet" aria-disabled={busy || undefined} onClick={() => void answer('decline')}>{t('orders.offer.decline')}</button>
          </div>
        </>
      )}
    </section>
  );
}
