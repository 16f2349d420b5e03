// The lines of a cart: product, unit price with its quantity tier (spec 3: tiers by minQuantity), quantity,
// line total; scrap items with their metal, fineness and weight (one item each, spec 3). Editable on the
// cart page (quantity buttons and field, remove), read-only in the checkout's review. A line that waits for
// the server (optimistic add) shows its count at once and its prices as being updated.
import { useEffect, useState, type FormEvent } from 'react';
import type { CartLineItem } from '../../../src/contracts/cart.ts';
import { pathFor } from '../../../src/screens.ts';
import type { CartView } from '../../lib/browser-types.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { moneyOf } from './format.ts';
import { MAX_QUANTITY, MIN_QUANTITY, parseQuantity, quantityFieldProps, quantityRangeMessage } from './quantity.ts';


export interface CartLinesProps {
  cart: CartView;
  editable?: boolean;
  onQuantity?: (line: CartLineItem, quantity: number) => void;
  onRemove?: (line: CartLineItem) => void;
  /** the level of each line's heading: 2 on the cart page, right under its h1 (issue 28: no h1 then h3);
   * 3 (the default) where the lines sit under a section's h2 (checkout) */
  headingLevel?: 2 | 3;
}

export function CartLines({ cart, editable = false, onQuantity, onRemove, headingLevel = 3 }: CartLinesProps) {
  const { t } = useShop();
  return (
    <ul className="cart-lines" aria-label={t(cart.transactionType === 'buy' ? 'cart.linesBuy' : 'cart.linesSell')}>
      {cart.lineItems.map((line) => (
        <CartLine key={line.id} line={line} currency={cart.currency} pending={!!cart.pending} editable={editable} onQuantity={onQuantity} onRemove={onRemove} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

function CartLine({ line, currency, pending, editable, onQuantity, onRemove, headingLevel }: {
  line: CartLineItem;
  headingLevel: 2 | 3;
  currency: CartView['currency'];
  pending: boolean;
  editable: boolean;
  onQuantity?: CartLinesProps['onQuantity'];
  onRemove?: CartLinesProps['onRemove'];
}) {
  const shop = useShop();
  const { t, lang } = shop;
  const waiting = pending || line.price === null;
  const updating = <Updating />;
  const scrap = line.scrap;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="cart-line" data-testid="cart-line" data-sku={line.sku ?? undefined}>
      <div className="cart-line-media" aria-hidden="true">
        {line.imageUrl ? <img src={line.imageUrl} alt="" width={64} height={64} loading="lazy" /> : <span className={`cart-line-metal metal-${scrap ? scrap.metal : line.metal ?? 'none'}`} />}
      </div>
      <div className="cart-line-main">
        <Heading className="cart-line-name">
          {line.slug ? <Link to={pathFor('product', lang, { slug: line.slug })}>{line.name}</Link> : line.name}
        </Heading>
        {scrap ? (
          <p className="cart-line-facts">{t('cart.scrapEstimate')}</p>
        ) : (
          <p className="cart-line-facts">
            {t('cart.unitPrice')}: {waiting ? updating : shop.money(line.price!.centAmount, currency)}
            {!waiting && line.price && line.price.minQuantity > 1 ? <span className="cart-tier"> {t('cart.tierFrom', { count: line.price.minQuantity })}</span> : null}
          </p>
        )}
      </div>
      <div className="cart-line-quantity">
        {scrap ? (
          <span className="muted">{t('cart.oneItem')}</span>
        ) : editable && onQuantity ? (
          <QuantityControl line={line} onQuantity={onQuantity} />
        ) : (
          <span>{t('cart.quantityValue', { count: line.quantity })}</span>
        )}
      </div>
      <div className="cart-line-total" data-testid="cart-line-total">
        <span className="visually-hidden">{t('cart.lineTotal')}: </span>
        {waiting ? updating : moneyOf(shop, line.totalPrice)}
      </div>
      {editable && onRemove ? (
        <div className="cart-line-remove">
          <button type="button" className="link-button" onClick={() => onRemove(line)}>
            {t('cart.remove')}<span className="visually-hidden">: {line.name}</span>
          </button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * − and + change the quantity at once; the field takes a typed number on Enter or when left. A typed quantity
 * outside 1..10,000 (empty, 0, negative, 1.5, 100000) is refused in the field: a message naming the range
 * (aria-invalid, aria-describedby), nothing sent, the cart unchanged. Decision on 0: refused, not "remove"
 * (a careful shop does not drop a line on a typo); the message points to the line's "Remove" button. The
 * form is noValidate so Enter reaches our message instead of the browser's bubble.
 */
function QuantityControl({ line, onQuantity }: { line: CartLineItem; onQuantity: NonNullable<CartLinesProps['onQuantity']> }) {
  const { t, locale } = useShop();
  const [value, setValue] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValue(String(line.quantity));
    setError(null);
  }, [line.quantity]);
  const id = `qty-${line.id}`;
  const errorId = `${id}-error`;
  const commit = (next: number) => {
    setError(null);
    if (next !== line.quantity) onQuantity(line, next);
  };
  const commitTyped = () => {
    const next = parseQuantity(value);
    if (next === null) {
      const zero = value.trim() !== '' && Number(value) === 0;
      setError([quantityRangeMessage(t, locale), zero ? t('cart.quantityZeroRemove') : null, t('cart.quantityUnchanged')].filter(Boolean).join(' '));
      return;
    }
    commit(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    commitTyped();
  };
  return (
    <form method="post" className={`quantity-control${error ? ' quantity-control-invalid' : ''}`} onSubmit={submit} noValidate>
      <div className="quantity-control-row">
        <label htmlFor={id} className="visually-hidden">{t('cart.quantityFor', { name: line.name })}</label>
        <button type="button" className="quantity-step" onClick={() => commit(line.quantity - 1)} disabled={line.quantity <= MIN_QUANTITY}>
          <span aria-hidden="true">−</span>
          <span className="visually-hidden">{t('cart.decrease', { name: line.name })}</span>
        </button>
        <input
          id={id}
          {...quantityFieldProps(error ? errorId : null)}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={(e) => {
            // leaving for the line's "Remove" (what the message for 0 points to): it acts; a message appearing
            // now would move it from under the pointer
            const next = e.relatedTarget instanceof Element ? e.relatedTarget : null;
            if (next && next.closest('.cart-line-remove') && e.currentTarget.closest('.cart-line')?.contains(next)) return;
            if (value !== String(line.quantity) || error) commitTyped();
          }}
        />
        <button type="button" className="quantity-step" onClick={() => commit(line.quantity + 1)} disabled={line.quantity >= MAX_QUANTITY}>
          <span aria-hidden="true">+</span>
          <span className="visually-hidden">{t('cart.increase', { name: line.name })}</span>
        </button>
      </div>
      {error ? <p className="field-error" id={errorId} role="alert"><span aria-hidden="true" className="field-error-icon">!</span> {error}</p> : null}
    </form>
  );
}

/** An amount the server has not confirmed yet (never guessed, STYLE: vercel/commerce #995). */
export function Updating() {
  const { t } = useShop();
  return (
    <span className="price-placeholder">
      <span aria-hidden="true">···</span>
      <span className="visually-hidden">{t('cart.updating')}</span>
    </span>
  );
}
