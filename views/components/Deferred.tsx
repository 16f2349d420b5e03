// Code-split parts of a page (issue 27, "Phones get less JavaScript"): the heavy CMS blocks (forms, the
// price chart, the scrap calculator, contact data, company facts) are chunks of their own, so a page loads
// the code of the blocks it shows, not of every block type (the home page carried the whistleblower form and
// the scrap calculator); so are the checkout layout's steps (views/layouts/layout-parts.ts). The server
// renders a part in place; the browser's entry loads the code of every part in the document before it
// hydrates (client/entry.tsx: preloadParts), as it does for the page's own chunk, so hydration finds the
// same markup and a visitor's first tap or typing reaches a live part. Shown after a client-side
// navigation, a part renders once its code is there.
//
// Decision: parts are not hydrated later (on visibility): a form typed into or a button tapped before its
// code arrived loses the input (React drops events on markup it has not hydrated), and holding them back
// for a replay proved unreliable across React's context updates.
import { lazy, Suspense, type ComponentType } from 'react';

export interface DeferredPart<P> {
  /** names the part in the document (data-part), where the browser's entry finds it */
  name: string;
  load: () => Promise<ComponentType<P>>;
}

// a part's component with its own props (typed where the part is declared: DeferredPart<P>)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** Parts whose component is there before the first render: the server, component tests, and in the browser
 * the parts of the first page (preloadParts). */
const inPlace = new Map<string, AnyComponent>();
const lazies = new Map<string, AnyComponent>();

export function registerDeferredPart<P>(part: DeferredPart<P>, component: ComponentType<NoInfer<P>>): void {
  inPlace.set(part.name, component);
}

/** Loads, before hydration, the code of the parts named in `names` (the document's data-part markers). */
export async function preloadParts(parts: DeferredPart<never>[], names: Set<string>): Promise<void> {
  await Promise.all(parts.filter((p) => names.has(p.name) && !inPlace.has(p.name)).map(async (p) => registerDeferredPart(p, await p.load())));
}

function lazyOf<P>(part: DeferredPart<P>): AnyComponent {
  let c = lazies.get(part.name);
  if (!c) {
    c = lazy(() => part.load().then((component) => ({ default: component as AnyComponent })));
    lazies.set(part.name, c);
  }
  return c;
}

/** The part's component where it is registered (the server, component tests, a part already loaded), else undefined. */
export function partInPlace<P>(part: DeferredPart<P>): ComponentType<P> | undefined {
  return inPlace.get(part.name) as ComponentType<P> | undefined;
}

/** The part's component: in place where it is registered, else loaded on its first render (inside a Suspense). */
export function partComponent<P>(part: DeferredPart<P>): ComponentType<P> {
  return partInPlace(part) ?? (lazyOf(part) as ComponentType<P>);
}

/** Renders `part` with `props`; its code is a chunk of its own. */
export function Deferred<P extends object>({ part, props }: { part: DeferredPart<P>; props: P }) {
  const C = partComponent(part);
  return (
    <div className="deferred-part" data-part={part.name}>
      <Suspense fallback={null}>
        <C {...props} />
      </Suspense>
    </div>
  );
}
