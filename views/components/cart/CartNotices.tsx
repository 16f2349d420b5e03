// The added-to-cart notification (spec 7: an info notification with a cart link) and the messages of lines
// the service removed by itself (spec 4: a product out of stock is removed from the cart with a message).
// One polite live region, present from the first render, so screen readers hear what is put into it.
// Issue 28: a notice goes by itself after a few seconds, but never while the pointer is on it or focus is
// in it (WCAG 2.2.1: the customer can hold it as long as they need, like the price lock); errors stay until
// closed. A removed line's notice offers its undo.
import { useCartNotices } from '../../hooks/useCarts.ts';
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useBrowser } from '../../lib/browser-port.ts';
import { REMOVED_NOTICE_CODES, type CartNotice, type ShopCart } from '../../lib/browser-types.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { cartPath } from './HeaderCarts.tsx';

/** What a notice may say, shipped with every page's strings (src/i18n.ts stringsOf): a notice appears after a
 * cart call, a currency switch or a sign-in, which may come before the full table (issue 27). */
export const noticeKeys = ['cart.notice.*', ...REMOVED_NOTICE_CODES.map((code) => `form.error.${code}`)];

export function CartNotices() {
  const { noticeOrigin } = useBrowser().carts;
  useShop().uses(noticeKeys);
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
  const { noticeOrigin, releaseNoticeOrigin } = useBrowser().carts;
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

/**
 * Decision: an added-to-cart notice goes after 6 s, a removed line's (with its undo) after 10 s; the time
 * starts again when the pointer or focus leaves it. Errors and the recalculation failure stay until closed.
 */
export const NOTICE_VISIBLE_MS = { added: 6_000, removed: 10_000, 'line-removed': 10_000 } as const;

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
function NoticeText({ notice }: { notice: CartNotice }) {
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

function Notice({ notice }: { notice: CartNotice }) {
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
