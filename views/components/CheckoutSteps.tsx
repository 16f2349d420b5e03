// spec 2: Cart, My data, Delivery and Payment, Review, Confirmation. Only completed steps can be revisited:
// they are links, the others plain text. The checkout page publishes where the customer stands
// (views/state/checkout-progress.ts); the server and the first browser render know only the route, so they
// show the current step without links (no hydration mismatch), and the links appear right after.
import { useSyncExternalStore } from 'react';
import { useMatches, useParams } from 'react-router';
import { pathFor, type RouteHandle } from '../../src/screens.ts';
import { checkoutSteps, getCheckoutNav, subscribeCheckoutNav, type CheckoutStep } from '../state/checkout-progress.ts';
import { useShop } from '../lib/context.tsx';
import { Link } from './ShopLink.tsx';

/** Where a completed step lives: the cart page, or the checkout with its step. */
export function stepPath(lang: 'de' | 'en', type: 'buy' | 'sell', step: CheckoutStep): string {
  if (step === 'cart') return `${pathFor('cart', lang)}?type=${type}`;
  if (step === 'confirmation') return pathFor('confirmation', lang, { transactionType: type });
  return `${pathFor('checkout', lang, { transactionType: type })}?step=${step}`;
}

export function CheckoutSteps() {
  const { t, lang } = useShop();
  const nav = useSyncExternalStore(subscribeCheckoutNav, getCheckoutNav, () => null);
  const matches = useMatches();
  const params = useParams();
  const screen = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.screen;
  const type = params.transactionType === 'sell' ? 'sell' : 'buy';
  const current: CheckoutStep = nav?.current ?? (screen === 'confirmation' ? 'confirmation' : 'data');
  const completed = nav?.completed ?? [];
  return (
    <nav className="checkout-steps container" aria-label={t('screen.checkoutSteps')}>
      <ol>
        {checkoutSteps.map((s, i) => {
          const done = completed.includes(s);
          const label = (
            <>
              <span className="step-number" aria-hidden="true">{done ? '✓' : i + 1}</span> {t(s === 'delivery' && type === 'sell' ? 'screen.step.deliverySell' : `screen.step.${s}`)}
              {done ? <span className="visually-hidden"> ({t('checkout.stepDone')})</span> : null}
            </>
          );
          return (
            <li key={s} aria-current={s === current ? 'step' : undefined} data-done={done ? 'true' : undefined}>
              {done && s !== current && !nav?.locked ? <Link to={stepPath(lang, type, s)}>{label}</Link> : <span>{label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
