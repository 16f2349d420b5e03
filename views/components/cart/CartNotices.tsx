// The added-to-cart notification (spec 7: an info notification with a cart link) and the messages of lines
// the service removed by itself (spec 4: a product out of stock is removed from the cart with a message).
// One polite live region, present from the first render, so screen readers hear what is put into it.
// Issue 28: a notice goes by itself after a few seconds, but never while the pointer is on it or focus is
// in it (WCAG 2.2.1: the customer can hold it as long as they need, like the price lock); errors stay until
// closed. A removed line's notice offers its undo.
// Issue 27: the notices' content (Notice.tsx) is a code-split part, loaded with the first notice; the live
// region is here from the first render.
import { useCartNotices } from '../../hooks/useCarts.ts';
import { Suspense, useEffect } from 'react';
import { useBrowser } from '../../lib/browser-port.ts';
import { REMOVED_NOTICE_CODES, type CartNotice } from '../../lib/browser-types.ts';
import { useShop } from '../../lib/context.tsx';
import { partComponent, type DeferredPart } from '../Deferred.tsx';

export { NOTICE_VISIBLE_MS } from './notice-timing.ts';

/** A notice with its link, close button and timer; and what the live region says of one shown elsewhere. */
export const noticePart: DeferredPart<{ notice: CartNotice }> = { name: 'cart-notice', load: () => import('./Notice.tsx').then((m) => m.Notice) };
export const noticeTextPart: DeferredPart<{ notice: CartNotice }> = { name: 'cart-notice-text', load: () => import('./Notice.tsx').then((m) => m.NoticeText) };

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
  const Notice = partComponent(noticePart);
  const NoticeText = partComponent(noticeTextPart);
  return (
    <div className="cart-notices" role="status" aria-live="polite">
      <Suspense fallback={null}>
        {latest && elsewhere ? <p className="visually-hidden"><NoticeText notice={latest} /></p> : null}
        {latest && !elsewhere ? <Notice key={latest.id} notice={latest} /> : null}
      </Suspense>
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
  const Notice = partComponent(noticePart);
  return (
    <div className="cart-notices" data-testid="cart-notice-after-button">
      <Suspense fallback={null}>
        <Notice key={latest.id} notice={latest} />
      </Suspense>
    </div>
  );
}
