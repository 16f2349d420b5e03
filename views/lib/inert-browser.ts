// The server's side of the browser port (views/lib/browser-port.ts): what the browser services are before
// hydration. Every hook answers what the hydrating render answers in the browser (no prices, no carts, no
// customer, no consent known, clock 0), so the server's HTML and the first browser render match; every
// action does nothing (the server never runs an event handler or an effect). Nothing here loads SWR, the
// price socket or the data layer: the server's bundle stays free of them.
import { useShop } from './context.tsx';
import { deniedChoice } from '../../src/contracts/consent.ts';
import type { Result } from '../../src/contracts/result.ts';
import { emptyCarts, serverPriceState, type BrowserPort, type CartNotice, type ConsentState } from './browser-types.ts';

const noNotices: CartNotice[] = [];
const nothing = () => {};
const undecided: ConsentState = { choice: deniedChoice, decided: false };

/** An action's answer where there is no browser: no call was made. */
function notInBrowser<T>(): Promise<Result<T>> {
  return Promise.resolve({ data: null, error: { code: 'UnknownError', status: 0, message: 'not in a browser' } });
}

export const inertBrowser: BrowserPort = {
  prices: {
    useState: () => serverPriceState,
    useMetals: () => ({ data: undefined, refreshing: false, stale: false, error: null }),
    useProducts: () => ({ prices: undefined, refreshing: false, stale: false, error: null }),
    useShopNow: () => 0,
    useChart: () => ({ data: undefined, error: undefined }),
  },
  carts: {
    useCarts: () => ({ ...emptyCarts, ready: false, error: false }),
    useNotices: () => noNotices,
    useHeldPrices: nothing,
    useWishlist: () => ({ wishlist: null, ready: false, signedIn: useShop().session.level === 'user' }),
    addProduct: notInBrowser,
    sellFromDeposit: notInBrowser,
    addScrap: notInBrowser,
    changeQuantity: notInBrowser,
    removeLine: notInBrowser,
    undoLineRemoval: notInBrowser,
    write: notInBrowser,
    forget: nothing,
    reload: () => Promise.resolve(emptyCarts),
    refresh: nothing,
    refreshAfterPriceUpdate: () => Promise.resolve(),
    dismissNotice: nothing,
    noticeOrigin: () => undefined,
    releaseNoticeOrigin: nothing,
    noticeMergeCuts: () => Promise.resolve(),
    toggleWishlist: notInBrowser,
    setWishlist: nothing,
    switchCurrency: () => Promise.resolve(),
  },
  customer: { useCustomer: () => null, set: nothing },
  session: { set: nothing, loggedOut: nothing, dismissNotice: nothing, clearClientState: nothing },
  consent: {
    useConsent: () => null,
    useSettingsOpen: () => false,
    save: () => undecided,
    grant: () => undecided,
    openSettings: nothing,
    closeSettings: nothing,
  },
  track: nothing,
  readUtm: () => ({}),
  useBuildStale: () => false,
  startPreviewBridge: () => nothing,
  useQuery: () => ({ data: undefined, error: undefined }),
  revalidate: () => Promise.resolve(undefined),
};
