// The browser's implementation of the port (views/lib/browser-port.ts): the views reach the price socket,
// the cart, session and customer stores, consent, the data layer, the build check and SWR through it.
// The browser entry (client/entry.tsx) provides it around the app; component tests provide it too.
import useSWR, { mutate } from 'swr';
import type { BrowserPort } from '../views/lib/browser-port.ts';
import { useMetalPrices, usePriceState, useProductPrices, useShopNow } from './hooks/usePrices.ts';
import { usePriceChart } from './hooks/usePriceChart.ts';
import { setWishlist, toggleWishlist, useCartNotices, useCarts, useHeldCartPrices, useWishlist } from './hooks/useCarts.ts';
import { setCustomer, useCustomer } from './hooks/useCustomer.ts';
import * as carts from './state/cart-store.ts';
import { switchCurrency } from './state/currency.ts';
import { clearClientState, dismissNotice, loggedOut, setSession } from './state/session.ts';
import * as consent from './state/consent.ts';
import { track } from './state/data-layer.ts';
import { readUtm } from './state/utm.ts';
import { useBuildStale } from './state/build-check.ts';

export const browserPort: BrowserPort = {
  prices: {
    useState: usePriceState,
    useMetals: useMetalPrices,
    useProducts: useProductPrices,
    useShopNow,
    useChart: usePriceChart,
  },
  carts: {
    useCarts,
    useNotices: useCartNotices,
    useHeldPrices: useHeldCartPrices,
    useWishlist,
    addProduct: carts.addProduct,
    sellFromDeposit: carts.sellFromDeposit,
    addScrap: carts.addScrap,
    changeQuantity: carts.changeQuantity,
    removeLine: carts.removeCartLine,
    undoLineRemoval: carts.undoLineRemoval,
    write: carts.writeCart,
    forget: carts.forgetCart,
    async reload() {
      const next = await carts.fetchCarts();
      await mutate(carts.CARTS_KEY, next, { revalidate: false });
      return next;
    },
    refresh: () => void mutate(carts.CARTS_KEY),
    refreshAfterPriceUpdate: carts.refreshCartsAfterPriceUpdate,
    dismissNotice: carts.dismissNotice,
    noticeOrigin: carts.noticeOrigin,
    releaseNoticeOrigin: carts.releaseNoticeOrigin,
    noticeMergeCuts: carts.noticeMergeCuts,
    toggleWishlist,
    setWishlist,
    switchCurrency,
  },
  customer: { useCustomer, set: setCustomer },
  session: { set: setSession, loggedOut, dismissNotice, clearClientState },
  consent: {
    useConsent: consent.useConsent,
    useSettingsOpen: consent.useConsentSettingsOpen,
    save: consent.saveConsent,
    grant: consent.grantConsent,
    openSettings: consent.openConsentSettings,
    closeSettings: consent.closeConsentSettings,
  },
  track,
  readUtm: () => readUtm(),
  useBuildStale,
  startPreviewBridge: startPreviewBridgeLater,
  useQuery: (key, fetcher, opts) => useSWR(key, fetcher, opts),
  revalidate: (key, ...data) => (data.length ? mutate(key, data[0], { revalidate: false }) : mutate(key)),
};

/** The CMS editor's bridge is for the preview page only (inside the editor's iframe): its code loads when
 * that page starts it, not with every page (issue 27). Stopped before the code arrived, it never listens. */
function startPreviewBridgeLater(onMessage: Parameters<BrowserPort['startPreviewBridge']>[0]): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void import('./state/preview-bridge.ts').then((m) => {
    if (!stopped) stop = m.startPreviewBridge(onMessage);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
