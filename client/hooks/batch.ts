// Collects single-key loads into one request (spec 7: many components ask for product prices; requests
// are batched with a 50 ms debounce). The window opens with the first load and closes 50 ms later, so a
// steady trickle of loads cannot postpone the request forever; loads that arrive while a request is in
// flight open the next window. A batch larger than maxBatch goes out as several requests.

export interface BatcherOptions<K, V> {
  /** spec 9: 50 ms */
  delayMs: number;
  /** most keys per request (the API takes 200 skus) */
  maxBatch: number;
  /** one request for these keys; keys absent from the result resolve to null */
  fetchBatch(keys: K[]): Promise<Map<K, V>>;
  /** timers (tests pass their own) */
  setTimer?: (fn: () => void, ms: number) => unknown;
}

export interface Batcher<K, V> {
  load(key: K): Promise<V | null>;
  /** keys waiting for the window to close */
  pending(): number;
}

interface Waiter<V> {
  resolve(v: V | null): void;
  reject(e: unknown): void;
}

export function createBatcher<K, V>(opts: BatcherOptions<K, V>): Batcher<K, V> {
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let queue = new Map<K, Waiter<V>[]>();
  let open = false;

  function flush() {
    open = false;
    const batch = queue;
    queue = new Map();
    const keys = [...batch.keys()];
    for (let i = 0; i < keys.length; i += opts.maxBatch) {
      const chunk = keys.slice(i, i + opts.maxBatch);
      opts.fetchBatch(chunk).then(
        (result) => {
          for (const k of chunk) for (const w of batch.get(k) ?? []) w.resolve(result.get(k) ?? null);
        },
        (err: unknown) => {
          for (const k of chunk) for (const w of batch.get(k) ?? []) w.reject(err);
        },
      );
    }
  }

  return {
    load(key) {
      return new Promise<V | null>((resolve, reject) => {
        const waiters = queue.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else queue.set(key, [{ resolve, reject }]);
        if (!open) {
          open = true;
          setTimer(flush, opts.delayMs);
        }
      });
    },
    pending: () => queue.size,
  };
}
