// Code that loads on the visitor's first use of the page (issue 27, "Phones get less JavaScript", counts what
// a page fetches before any interaction): the first focus, tap, click or key. One loader for the phone
// check (views/components/forms/phone-rules.ts), the IBAN check (bank-rules.ts) and the checkout's steps
// (views/pages/checkout/step-chunks.ts). The entry's string table keeps a listener of its own (client/entry.tsx
// says why).
// Decision: touchstart is among the events, as in the entry's own listener; where the browser has pointer events (all
// the shop supports), pointerdown comes first, so the phone check and the steps load as they did before.

/** The events that mean the visitor has started to use the page. */
const FIRST_USE = ['focusin', 'pointerdown', 'keydown', 'touchstart'] as const;

/** Calls cb once, on the next use of the page (capture: a form's own handlers cannot hide it); returns a
 * function that stops waiting. */
export function onFirstUse(cb: () => void): () => void {
  const stop = () => {
    for (const type of FIRST_USE) window.removeEventListener(type, start, true);
  };
  function start() {
    stop();
    cb();
  }
  for (const type of FIRST_USE) window.addEventListener(type, start, { capture: true, passive: true });
  return stop;
}

/** A chunk loaded once: its module once it has arrived, and the load (a load that failed may be asked for again). */
export interface Chunk<T> {
  readonly current: T | null;
  load(): Promise<T>;
}

export function chunk<T>(importer: () => Promise<T>): Chunk<T> {
  let current: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    get current() {
      return current;
    },
    load() {
      loading ??= importer().then(
        (m) => (current = m),
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      return loading;
    },
  };
}

/** Loads the chunks on the next use of the page; a chunk that failed to load is asked for again on the use
 * after. Returns a function that stops waiting. */
export function loadOnFirstUse(chunks: Chunk<unknown>[]): () => void {
  let live = true;
  const waiting = new Set<() => void>();
  const arm = (list: Chunk<unknown>[]) => {
    const stop = onFirstUse(() => {
      waiting.delete(stop);
      for (const c of list) c.load().catch(() => live && arm([c]));
    });
    waiting.add(stop);
  };
  arm(chunks);
  return () => {
    live = false;
    for (const stop of waiting) stop();
    waiting.clear();
  };
}

/** A chunk that loads on the first use of the page (in the browser; the server renders without it). */
export function firstUseChunk<T>(importer: () => Promise<T>): Chunk<T> {
  const c = chunk(importer);
  if (typeof window !== 'undefined') loadOnFirstUse([c]);
  return c;
}
