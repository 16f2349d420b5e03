// spec 4 and 8: an order refused with 'not equal' triggers a recalculation and a modal with the new prices.
// A native modal dialog (focus kept inside, Escape closes, the page behind is inert); on close the focus
// goes back where the customer was (the place-order button).
import { useEffect, useRef } from 'react';
import type { CartView } from '../../lib/browser-types.ts';
import { moneyOf } from '../../components/cart/format.ts';
import { useShop } from '../../lib/context.tsx';

export function PriceChangeDialog({ cart, previousTotal, onClose }: { cart: CartView; previousTotal: string | null; onClose: () => void }) {
  const shop = useShop();
  const { t } = shop;
  const ref = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // jsdom (component tests) has no showModal: the open attribute shows the same content
    if (typeof d.showModal === 'function') {
      if (!d.open) d.showModal();
    } else d.setAttribute('open', '');
    buttonRef.current?.focus();
    return () => {
      if (typeof d.close === 'function' && d.open) d.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="price-dialog"
      aria-labelledby="price-dialog-title"
      aria-describedby="price-dialog-text"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      data-testid="price-dialog"
    >
      <h2 id="price-dialog-title">{t('priceDialog.title')}</h2>
      <p id="price-dialog-text">{t('priceDialog.text')}</p>
      <table className="data-table price-dialog-table">
        <caption className="visually-hidden">{t('priceDialog.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('priceDialog.item')}</th>
            <th scope="col" className="num">{t('cart.unitPrice')}</th>
            <th scope="col" className="num">{t('cart.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {cart.lineItems.map((l) => (
            <tr key={l.id}>
              <th scope="row">{l.kind === 'product' ? `${l.quantity} × ` : ''}{l.name}</th>
              <td className="num">{l.price ? shop.money(l.price.centAmount, cart.currency) : '–'}</td>
              <td className="num">{moneyOf(shop, l.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="price-dialog-total">
        {t(cart.transactionType === 'buy' ? 'priceDialog.newTotal' : 'priceDialog.newPayout')}{' '}
        <strong data-testid="price-dialog-total">{moneyOf(shop, cart.totalGrossPrice)}</strong>
        {previousTotal ? <span className="muted"> ({t('priceDialog.before', { total: previousTotal })})</span> : null}
      </p>
      <div className="form-actions">
        <button type="button" ref={buttonRef} className="button button-primary" onClick={onClose}>{t('priceDialog.close')}</button>
      </div>
    </dialog>
  );
}
