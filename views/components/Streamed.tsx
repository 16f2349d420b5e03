// Deferred loader data that streams in after the shell (spec: slow parts stream in through Suspense).
// On the server the value is a promise: the boundary shows its fallback, and when the promise settles
// React streams the content together with a small script that hands the value to the browser, so
// hydration renders the same markup without fetching again. After client-side navigation the loader
// data arrives resolved and renders directly.
import { Suspense, use, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { NonceContext } from '../lib/nonce.ts';

declare global {
  interface Window {
    __d?: Record<string, unknown>;
    __dw?: Record<string, (v: unknown) => void>;
  }
}

const waiting = new Map<string, Promise<unknown>>();

function fromStream(id: string): unknown {
  const store = (window.__d ??= {});
  if (id in store) return store[id];
  let p = waiting.get(id);
  if (!p) {
    p = new Promise((resolve) => {
      (window.__dw ??= {})[id] = resolve;
    });
    waiting.set(id, p);
  }
  return use(p);
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON that is safe inside an inline script (one pass: this runs over every page's hydration data). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value ?? null).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]);
}

const noSubscribe = () => () => {};

/** true on the server and while hydrating (React uses the server snapshot then), false afterwards: the
 * hand-over script exists only in server HTML, never in trees the browser renders itself. */
function useServerOrHydrating(): boolean {
  return useSyncExternalStore(noSubscribe, () => false, () => true);
}

function Resolve<T>({ id, value, children }: { id: string; value: T | Promise<T> | null | undefined; children: (v: T) => ReactNode }) {
  const nonce = useContext(NonceContext);
  const withScript = useServerOrHydrating();
  let v: T;
  if (value instanceof Promise) v = use(value);
  else if (value !== null && value !== undefined) v = value;
  else if (typeof window !== 'undefined') v = fromStream(id) as T;
  else v = null as T;
  const js = `(window.__d=window.__d||{})[${scriptJson(id)}]=${scriptJson(v)};window.__dw&&window.__dw[${scriptJson(id)}]&&window.__dw[${scriptJson(id)}](window.__d[${scriptJson(id)}]);`;
  return (
    <>
      {children(v)}
      {withScript ? <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: js }} /> : null}
    </>
  );
}

export function Streamed<T>(props: { id: string; value: T | Promise<T> | null | undefined; fallback: ReactNode; children: (v: T) => ReactNode }) {
  return (
    <Suspense fallback={props.fallback}>
      <Resolve id={props.id} value={props.value}>
        {props.children}
      </Resolve>
    </Suspense>
  );
}
