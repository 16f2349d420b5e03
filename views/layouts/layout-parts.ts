// Parts of a layout whose code only some pages need, as code-split parts (views/components/Deferred.tsx,
// issue 27): the checkout's steps (with the checkout's progress state) load with the checkout's pages, not
// with every page's entry. views/parts-in-place.ts registers their components for the server.
import type { DeferredPart } from '../components/Deferred.tsx';

export const checkoutStepsPart: DeferredPart<Record<string, never>> = {
  name: 'checkout-steps',
  load: () => import('../components/CheckoutSteps.tsx').then((m) => m.CheckoutSteps),
};

/** Every layout part, for the browser's entry (which loads those in the document before hydrating). */
export const layoutParts: DeferredPart<never>[] = [checkoutStepsPart as DeferredPart<never>];
