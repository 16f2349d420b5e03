// A part that the first page shows as the server rendered it and that comes alive on first use, or, for a
// part marked `near`, when it scrolls near the screen (issue 27, "Phones get less JavaScript": what loads on
// the first tap or scroll may come then). The footer's newsletter form is one: with its fields, rules and
// form state it held about 3 kB (brotli) of every page's entry, for a form most visitors never touch. The
// price chart is another (near): on a phone it is below the first screen of the product and home pages.
//
// How (the browser, first page): hydration leaves the part's markup untouched (React keeps the children
// of an element that renders dangerouslySetInnerHTML; the object is one constant, so no later render writes
// it). The markup works as plain HTML meanwhile: a visitor can focus a field and type. The first focus,
// tap, key or touch inside it loads the part's code; then the live part replaces the markup in one
// synchronous step (flushSync) that carries over what the visitor did: the values typed or ticked (by
// field name, through React's own input events), the focused field with its caret, a click on a control
// (a link, a button: held, then clicked on the same control of the live part) and a submit asked for
// before the code arrived (held, never sent as a plain form post, and sent once the part is live). No
// event can come between reading the old markup and writing the new one: it is one task. Should the code
// not come (offline), a held link is followed as a plain link.
//
// Decision: unlike views/components/Deferred.tsx (parts hydrated in place, their code loaded before
// hydration), an island's first-page code is not loaded until used. Deferred.tsx's reason against late
// hydration (input typed before it is lost) does not hold here: nothing is hydrated late, the markup is
// replaced, with the input carried over. After a client-side navigation the part renders as usual (its
// code loads at once); the server and component tests render it in place (views/parts-in-place.ts).
import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { useHydrated } from '../hooks/usePrices.ts';
import { atPath, pathOf } from './island-path.ts';
import { partComponent, partInPlace, type DeferredPart } from './Deferred.tsx';

/** A part (its name in the document is data-island) that may come alive near the screen. Islands share the
 * code-split parts' registry (Deferred.tsx): registerDeferredPart puts one in place, partComponent loads it. */
export interface IslandPart<P> extends DeferredPart<P> {
  /** also comes alive when it is or scrolls within 300 px of the screen (a part below the first screen that
   * shows live data, such as the price chart); without it, only on first use */
  near?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** The markup the server rendered stays as it is: one object, so React never sees a change to write. */
const KEEP_MARKUP = { __html: '' };

/** The events that mean first use; a submit or a click on a control is held until the part is live. */
const FIRST_USE = ['focusin', 'pointerdown', 'keydown', 'touchstart'] as const;
/** Controls whose click does something: held, and clicked again on the live part. */
const ACTIVATOR = 'a[href], button, summary, input[type="submit"], input[type="checkbox"], input[type="radio"]';

/** Within 300 px of the screen (the island's element lays out as its content: its children's boxes count). */
function isNear(root: Element): boolean {
  const margin = 300;
  for (const el of root.children.length ? [...root.children] : [root]) {
    const r = el.getBoundingClientRect();
    if ((r.width > 0 || r.height > 0) && r.bottom > -margin && r.top < window.innerHeight + margin) return true;
  }
  return false;
}

/** Renders `part` with `props`: in place on the server, from the first use on the first page, at once later. */
export function Island<P extends object>({ part, props, className, version }: {
  part: IslandPart<P>;
  props: NoInfer<P>;
  className?: string;
  /** what else the kept markup shows (the page's language, say): when it or the props change, the part comes
   * alive to show the new */
  version?: string;
}) {
  const hydrated = useHydrated();
  const [live, setLive] = useState<AnyComponent | null>(() => partInPlace(part) ?? null);
  // the markup was the server's (this island was hydrated, not mounted by the browser): keep it until first use
  const keep = useRef<boolean | null>(null);
  if (keep.current === null) keep.current = live === null && !hydrated;
  const host = useRef<HTMLDivElement>(null);
  const liveHost = useRef<HTMLDivElement>(null);
  const waiting = live === null && keep.current;
  // what the kept markup shows: the props and version it was rendered with (props are data: JSON)
  const shown = `${version ?? ''}\n${JSON.stringify(props)}`;
  const firstShown = useRef(shown);

  useEffect(() => {
    const root = host.current;
    if (!waiting || !root) return;
    // data-kept: the server's markup, not live yet (tests wait for it to go before they read the live part). Set
    // here: hydration adds no attribute the server's element lacks.
    root.setAttribute('data-kept', '');
    let started = false;
    let submit = false;
    let stopped = false;
    const clicks: number[][] = [];
    const onSubmit = (e: Event) => {
      // never a plain form post: the part sends it once it is live
      e.preventDefault();
      submit = true;
      start();
    };
    const onClick = (e: MouseEvent) => {
      const control = (e.target as Element | null)?.closest?.(ACTIVATOR);
      if (!control || !root.contains(control) || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      // the live part's own handler takes it (a link navigates in the app, a button does what it does)
      e.preventDefault();
      clicks.push(pathOf(root, control));
      start();
    };
    const start = () => {
      if (started) return;
      started = true;
      // the carrying over is code of its own too (island-carry.ts), needed only now
      void Promise.all([part.load(), import('./island-carry.ts')]).then(([component, carry]) => {
        if (stopped) return;
        const carried = carry.readCarried(root, submit, clicks.splice(0));
        flushSync(() => setLive(() => component as AnyComponent));
        // committed: the live part's fields are in the document now, in the same task
        if (liveHost.current) carry.applyCarried(liveHost.current, carried);
      }, () => {
        // the code did not come (offline, a new deploy): the next use asks again; a link held goes as a
        // plain link does
        started = false;
        const link = clicks.map((path) => atPath(root, path)).find((el): el is HTMLAnchorElement => el instanceof HTMLAnchorElement);
        clicks.length = 0;
        if (link) window.location.assign(link.href);
      });
    };
    for (const type of FIRST_USE) root.addEventListener(type, start, { capture: true, passive: true });
    root.addEventListener('submit', onSubmit, { capture: true });
    root.addEventListener('click', onClick, { capture: true });
    // near: checked on scroll and resize (once a frame) and now. Decision: not an IntersectionObserver: in
    // Chromium one of several observed islands sometimes never heard that it came into view after a jump
    // scroll (the product page's chart, about one load in three), and the check is a few rectangles a frame.
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (isNear(root)) start();
      });
    };
    if (part.near) {
      window.addEventListener('scroll', onScroll, { passive: true });
      window.addEventListener('resize', onScroll, { passive: true });
      onScroll();
    }
    // the markup no longer shows what the part would (new props: another product after a client-side
    // navigation, another language): hidden, not shown stale, until the part is alive
    if (shown !== firstShown.current) {
      root.style.display = 'none';
      start();
    }
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      for (const type of FIRST_USE) root.removeEventListener(type, start, { capture: true });
      root.removeEventListener('submit', onSubmit, { capture: true });
      root.removeEventListener('click', onClick, { capture: true });
    };
  }, [waiting, part, shown]);

  const cls = className ? `island ${className}` : 'island';
  if (waiting) {
    return <div key="kept" ref={host} className={cls} data-island={part.name} dangerouslySetInnerHTML={KEEP_MARKUP} suppressHydrationWarning />;
  }
  // in place (the server, component tests, a live part): no Suspense boundary, which the server's stream
  // could send as a late segment that only a script puts in place (a page without JavaScript lost its search
  // box so); the lazy component (after a client-side navigation) has one
  const C = (live ?? partComponent(part)) as ComponentType<P>;
  return (
    <div key="live" ref={liveHost} className={cls} data-island={part.name}>
      {live ? <C {...props} /> : (
        <Suspense fallback={null}>
          <C {...props} />
        </Suspense>
      )}
    </div>
  );
}
