// The added-to-cart notification (spec 7: an info notification with a cart link) and the messages of lines
// the service removed by itself (spec 4: a product out of stock is removed from the cart with a message).
// One polite live region, present from the first render, so screen readers hear what is put into it; the
// notification stays until it is closed or replaced (no time limit to read it, WCAG 2.2.1).
import { useCartNotices } from '../../../client/hooks/useCarts.ts';
import { dismissNotice, type CartNotice } from '../../../client/lib/cart-store.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { cartPath } from './HeaderCarts.tsx';

export function CartNotices() {
  const notices = useCartNotices();
  const latest = notices[notices.length - 1];
  return (
    <div className="cart-notices" role="status" aria-live="polite">
      {latest ? <Notice key={latest.id} notice={latest} /> : null}
    </div>
  );
}

function Notice({ notice }: { notice: CartNotice }) {
  const { t, lang } = useShop();
  const close = (
    <button type="button" className="cart-notice-close" onClick={() => dismissNotice(notice.id)}>
      <span aria-hidden="true">×</span>
      <span className="visually-hidden">{t('cart.notice.close')}</span>
    </button>
  );
  if (notice.kind === 'recalculation-failed') {
    return (
      <div className="cart-notice cart-notice-error" data-testid="cart-notice">
        <p>{t('cart.notice.recalculationFailed')}</p>
        {close}
      </div>
    );
  }
  if (notice.kind === 'error') {
    return (
      <div className="cart-notice cart-notice-error" data-testid="cart-notice">
        <p>{notice.message}</p>
        {close}
      </div>
    );
  }
  const link = (
    <Link to={cartPath(lang, notice.transactionType)} className="cart-notice-link">
      {t(`cart.notice.view.${notice.transactionType}`)}
    </Link>
  );
  if (notice.kind === 'removed') {
    return (
      <div className="cart-notice cart-notice-warning" data-testid="cart-notice">
        <p>{notice.name ? `${notice.name}: ` : ''}{t(`form.error.${notice.code}`)}</p>
        {link}
        {close}
      </div>
    );
  }
  return (
    <div className="cart-notice" data-testid="cart-notice">
      <p>
        {t(notice.transactionType === 'buy' ? 'cart.notice.addedBuy' : 'cart.notice.addedSell', { name: notice.name, count: notice.quantity })}
        {notice.recreated ? ` ${t('cart.notice.recreated')}` : ''}
      </p>
      {link}
      {close}
    </div>
  );
}
