// The added-to-cart notification (spec 7: an info notification with a cart link) and the messages of lines
// the service removed by itself (spec 4: a product out of stock is removed from the cart with a message).
// One polite live region, present from the first render, so screen readers hear what is put into it; the
// notification stays until it is closed or replaced (no time limit to read it, WCAG 2.2.1).
import { useCartNotices } from '../../hooks/useCarts.ts';
import { useEffect } from 'react';
import { dismissNotice, noticeOrigin, releaseNoticeOrigin, type CartNotice } from '../../state/cart-store.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { cartPath } from './HeaderCarts.tsx';

export function CartNotices() {
  const notices = useCartNotices();
  const latest = notices[notices.length - 1];
  // a notice of an add-to-cart button on the page is shown after that button (NoticeAfterButton); the
  // live region here only announces its text
  const elsewhere = latest ? noticeOrigin(latest.id) !== undefined : false;
  return (
    <div className="cart-notices" role="status" aria-live="polite">
      {latest && elsewhere ? <p className="visually-hidden"><NoticeText notice={latest} /></p> : null}
      {latest && !elsewhere ? <Notice key={latest.id} notice={latest} /> : null}
    </div>
  );
}

/**
 * The notice of the add-to-cart button with this id, right after it in DOM order (issue 17, WCAG 2.4.3:
 * Tab from the button reaches "View cart"; focus is not moved, the notice is a status, not a dialog). It
 * looks the same as the header's (fixed at the bottom right); when the button leaves the page its notice
 * goes back to the header.
 */
export function NoticeAfterButton({ origin }: { origin: string }) {
  const notices = useCartNotices();
  useEffect(() => () => releaseNoticeOrigin(origin), [origin]);
  const latest = notices[notices.length - 1];
  if (!latest || noticeOrigin(latest.id) !== origin) return null;
  return (
    <div className="cart-notices" data-testid="cart-notice-after-button">
      <Notice key={latest.id} notice={latest} />
    </div>
  );
}

/** What the live region says for a notice shown elsewhere. */
function NoticeText({ notice }: { notice: CartNotice }) {
  const { t } = useShop();
  if (notice.kind === 'recalculation-failed') return <>{t('cart.notice.recalculationFailed')}</>;
  if (notice.kind === 'error') return <>{notice.message}</>;
  if (notice.kind === 'removed') return <>{notice.name ? `${notice.name}: ` : ''}{t(`form.error.${notice.code}`)}</>;
  return (
    <>
      {t(notice.transactionType === 'buy' ? 'cart.notice.addedBuy' : 'cart.notice.addedSell', { name: notice.name, count: notice.quantity })}
      {notice.recreated ? ` ${t('cart.notice.recreated')}` : ''}
    </>
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
