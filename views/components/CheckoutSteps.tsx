import { useShop } from '../lib/context.tsx';

const steps = ['cart', 'data', 'delivery', 'review', 'confirmation'] as const;

/** spec 2: Cart, My data, Delivery and Payment, Review, Confirmation. Only completed steps can be
 * revisited: the checkout issue makes completed steps links; until then the steps are shown as a list. */
export function CheckoutSteps({ current = 'cart' }: { current?: (typeof steps)[number] }) {
  const { t } = useShop();
  return (
    <nav className="checkout-steps container" aria-label={t('screen.checkoutSteps')}>
      <ol>
        {steps.map((s, i) => (
          <li key={s} aria-current={s === current ? 'step' : undefined}>
            <span className="step-number" aria-hidden="true">{i + 1}</span> {t(`screen.step.${s}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
