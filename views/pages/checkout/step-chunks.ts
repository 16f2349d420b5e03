// The checkout's three form steps as chunks of their own (issue 27, "Phones get less JavaScript"): the page
// loads the step it shows, and the others on the customer's first use of the page (the first focus, tap,
// click or key), so that moving on to the next step does not wait for the network. Before, every step came
// with the page: the delivery step with the payout account's IBAN check (ibantools) and the review step
// were in the first load of the data step, 168 kB in all.
// Decision: the server never renders a step (carts are read in the browser after hydration,
// views/hooks/useCarts.ts), so a step's chunk can load after hydration without a mismatch; until it is
// there, the page shows the checkout's loading line, as while the carts load.
import { useEffect, useState } from 'react';
import type { FormStep } from '../../state/checkout-progress.ts';

interface StepModules {
  data: typeof import('./DataStep.tsx');
  delivery: typeof import('./DeliveryStep.tsx');
  review: typeof import('./ReviewStep.tsx');
}

const importers: { [K in FormStep]: () => Promise<StepModules[K]> } = {
  data: () => import('./DataStep.tsx'),
  delivery: () => import('./DeliveryStep.tsx'),
  review: () => import('./ReviewStep.tsx'),
};

const loaded: Partial<StepModules> = {};
const loading: Partial<Record<FormStep, Promise<void>>> = {};

/** Loads a step's chunk once; a chunk that failed may be asked for again. */
export function loadStep(step: FormStep): Promise<void> {
  loading[step] ??= importers[step]().then(
    (m) => {
      (loaded as Record<FormStep, unknown>)[step] = m;
    },
    (err: unknown) => {
      delete loading[step];
      throw err;
    },
  );
  return loading[step];
}

const FIRST_USE = ['focusin', 'pointerdown', 'keydown'] as const;

/** The next steps load on the first use of the page (capture: a form's own handlers cannot hide it). */
function loadAllOnFirstUse(): () => void {
  const start = () => {
    stop();
    for (const step of Object.keys(importers) as FormStep[]) loadStep(step).catch(() => {});
  };
  const stop = () => {
    for (const type of FIRST_USE) window.removeEventListener(type, start, true);
  };
  for (const type of FIRST_USE) window.addEventListener(type, start, { capture: true, passive: true });
  return stop;
}

/**
 * The steps' modules loaded so far; the step the page shows is among them at once when its chunk is
 * loaded, else once it has loaded (the page shows its loading line meanwhile). A chunk that does not load
 * (the network dropped) is asked for again after a few seconds.
 */
export function useStepChunks(step: FormStep): Partial<StepModules> {
  const [, loadedNow] = useState(0);
  useEffect(() => loadAllOnFirstUse(), []);
  useEffect(() => {
    if (loaded[step]) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      loadStep(step).then(
        () => live && loadedNow((n) => n + 1),
        () => {
          if (live) retry = setTimeout(load, 3000);
        },
      );
    };
    load();
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [step]);
  return { ...loaded };
}
