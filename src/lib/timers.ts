// Timers as a dependency: services take them from the system, tests from a fake clock
// (@sinonjs/fake-timers createClock()), so that what happens every N seconds is tested by moving the
// clock, never by waiting for the machine.

/** What setTimeout answers: a Node timer, or a number (browsers, fake clocks). */
export type TimerHandle = number | object;

export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

export const systemTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
};

/** A service's timer never keeps the process alive on its own. */
export function unref<T extends TimerHandle>(handle: T): T {
  if (typeof handle === 'object') (handle as { unref?(): unknown }).unref?.();
  return handle;
}
