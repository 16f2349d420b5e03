// The cart notices' content (CartNotices.tsx holds the live region, present from the first render): a notice
// with its link, close button, undo and the timer that holds it while hovered or focused. Its code loads
// with the first notice, not with every page (issue 27, "Phones get less JavaScript").
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useBrowser } from '../../lib/browser-port.ts';
import type { CartNotice, ShopCart } from '../../lib/browser-types.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { cartPath } from './HeaderCarts.tsx';
import { NOTICE_VISIBLE_MS } from './notice-timing.ts';


function visibleFor(notice: CartNotice): number | null {
  return notice.kind === 'added' || notice.kind === 'removed' || notice.kind === 'line-removed' ? NOTICE_VISIBLE_MS[notice.kind] : null;
}

/** Hover and focus hold the notice; otherwise it is dismissed after its time. Returns the wrapper's handlers. */
function useNoticeTimer(notice: CartNotice) {
  const { dismissNotice } = useBrowser().carts;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const ms = visibleFor(notice);
  const ref = useRef<HTMLDivElement>(null);
  // a notice that moves (from its button to the header, on a page change) may appear under the pointer or
  // with focus in it: then it is held from the start (no mouseenter or focus event comes)
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (el.matches(':hover')) setHovered(true);
    if (el.contains(document.activeElement)) setFocused(true);
  }, []);
  useEffect(() => {
    if (ms === null || hovered || focused) return;
    const timer = setTimeout(() => dismissNotice(notice.id), ms);
    return () => clearTimeout(timer);
  }, [ms, hovered, focused, notice.id]);
  return {
    ref,
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLDivElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
  };
}

/** What the live region says for a notice shown elsewhere. */
export function NoticeText({ notice }: { notice: CartNotice }) {
  const { t } = useShop();
  if (notice.kind === 'recalculation-failed') return <>{t('cart.notice.recalculationFailed')}</>;
  if (notice.kind === 'error') return <>{notice.message}</>;
  if (notice.kind === 'removed') return <>{notice.name ? `${notice.name}: ` : ''}{t(`form.error.${notice.code}`)}</>;
  if (notice.kind === 'line-removed') return <>{t('cart.notice.lineRemoved', { name: notice.name, count: notice.quantity })}</>;
  return (
    <>
      {t(notice.transactionType === 'buy' ? 'cart.notice.addedBuy' : 'cart.notice.addedSell', { name: notice.name, count: notice.quantity })}
      {notice.recreated ? ` ${t('cart.notice.recreated')}` : ''}
    </>
  );
}

export function Notice({ notice }: { notice: CartNotice }) {
  const timer = useNoticeTimer(notice);
  return <NoticeBody notice={notice} hold={timer} />;
}

function NoticeBody({ notice, hold }: { notice: CartNotice; hold: ReturnType<typeof useNoticeTimer> }) {
  const { dismissNotice } = useBrowser().carts;
  const { t, lang, currency } = useShop();
  const close = (
    <button type="button" className="cart-notice-close" onClick={() => dismissNotice(notice.id)}>
      <span aria-hidden="true">×</span>
      <span className="visually-hidden">{t('cart.notice.close')}</span>
    </button>
  );
  if (notice.kind === 'recalculation-failed') {
    return (
      <div className="cart-notice cart-notice-error" data-testid="cart-notice" {...hold}>
        <p>{t('cart.notice.recalculationFailed')}</p>
        {close}
      </div>
    );
  }
  if (notice.kind === 'error') {
    return (
      <div className="cart-notice cart-notice-error" data-testid="cart-notice" {...hold}>
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
      <div className="cart-notice cart-notice-warning" data-testid="cart-notice" {...hold}>
        <p>{notice.name ? `${notice.name}: ` : ''}{t(`form.error.${notice.code}`)}</p>
        {link}
        {close}
      </div>
    );
  }
  if (notice.kind === 'line-removed') return <LineRemovedNotice notice={notice} hold={hold} close={close} currency={currency} />;
  return (
    <div className="cart-notice" data-testid="cart-notice" {...hold}>
      <p>
        {t(notice.transactionType === 'buy' ? 'cart.notice.addedBuy' : 'cart.notice.addedSell', { name: notice.name, count: notice.quantity })}
        {notice.recreated ? ` ${t('cart.notice.recreated')}` : ''}
      </p>
      {link}
      {close}
    </div>
  );
}

/**
 * A removed line with its undo. Focus that was on the line's Remove button (gone with the line) goes to
 * Undo, so a keyboard user can take it back at once; while focus is there the notice stays.
 */
function LineRemovedNotice({ notice, hold, close, currency }: {
  notice: Extract<CartNotice, { kind: 'line-removed' }>; hold: ReturnType<typeof useNoticeTimer>; close: ReactNode; currency: ShopCart['currency'];
}) {
  const { undoLineRemoval } = useBrowser().carts;
  const { t } = useShop();
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) undo.current?.focus();
  }, []);
  return (
    <div className="cart-notice" data-testid="cart-notice" {...hold}>
      <p>{t('cart.notice.lineRemoved', { name: notice.name, count: notice.quantity })}</p>
      <button ref={undo} type="button" className="link-button cart-notice-link" aria-label={t('cart.notice.undoLabel', { name: notice.name })} onClick={() => void undoLineRemoval(notice, currency)}>
        {t('cart.notice.undo')}
      </button>
      {close}
    </div>
  );
}
