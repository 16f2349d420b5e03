// The checkout's three form steps as chunks of their own (issue 27, "Phones get less JavaScript"): the page
// loads the step it shows, and the others on the customer's first use of the page (the first focus, tap,
// click or key), so that moving on to the next step does not wait for the network. Before, every step came
// with the page: the delivery step with the payout account's IBAN check (ibantools) and the review step
// were in the first load of the data step, 168 kB in all.
// Decision: the server never renders a step (carts are read in the browser after hydration,
// views/hooks/useCarts.ts), so a step's chunk can load after hydration without a mismatch; until it is
// there, the page shows the checkout's loading line, as while the carts load.
import { useEffect, useState } from 'react';
import { chunk, loadOnFirstUse } from '../../lib/first-use.ts';
import type { FormStep } from '../../state/checkout-progress.ts';

interface StepModules {
  data: typeof import('./DataStep.tsx');
  delivery: typeof import('./DeliveryStep.tsx');
  review: typeof import('./ReviewStep.tsx');
}

const chunks = {
  data: chunk(() => import('./DataStep.tsx')),
  delivery: chunk(() => import('./DeliveryStep.tsx')),
  review: chunk(() => import('./ReviewStep.tsx')),
};

/** The step the page shows with its module, once its chunk has arrived. */
export type ShownStep = { [K in FormStep]: { step: K; module: StepModules[K] } }[FormStep];

function shown(step: FormStep): ShownStep | null {
  const module = chunks[step].current;
  return module ? ({ step, module } as ShownStep) : null;
}

/**
 * The step the page shows, with its module: at once when its chunk is loaded, else once it has loaded (null
 * meanwhile: the page shows its loading line). The other steps load on the first use of the page. A chunk
 * that does not load (the network dropped) is asked for again after a few seconds.
 */
export function useStepChunks(step: FormStep): ShownStep | null {
  const [, loadedNow] = useState(0);
  useEffect(() => loadOnFirstUse(Object.values(chunks)), []);
  useEffect(() => {
    if (chunks[step].current) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      chunks[step].load().then(
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
  return shown(step);
}
