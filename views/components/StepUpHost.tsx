// Issue 26: the step-up dialog's host, mounted once around every page (views/App.tsx). It registers with the
// API calls (views/state/api.ts) and shows the dialog (StepUpDialog.tsx) while a refused change waits.
// Issue 27: the dialog's code (its form, fields and rules) is a chunk of its own, loaded when a change first
// answers step_up_required: no first view needs it. Decision: React.lazy with Suspense and no fallback; the
// refused call waits for the customer's confirmation anyway, so the few milliseconds the chunk takes only
// delay the dialog, and nothing the customer typed is in it yet.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CallError } from '../state/api.ts';
import { whenStepUpRequired } from '../state/api.ts';
import type { StepUpMethod } from './StepUpDialog.tsx';

interface Pending { method: StepUpMethod; done: Promise<boolean>; resolve: (ok: boolean) => void }

const StepUpDialog = lazy(() => import('./StepUpDialog.tsx'));

function methodOf(error: CallError): StepUpMethod {
  return (error.details as { method?: string } | undefined)?.method === 'second_factor' ? 'second_factor' : 'password';
}

/** Mounted once around every page: registers the dialog with the API calls and shows it while one waits. */
export function StepUpHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  useEffect(() => whenStepUpRequired((error) => {
    // Decision: calls refused at the same time share one dialog (one confirmation serves the whole window)
    if (current.current) return current.current.done;
    let resolve: (ok: boolean) => void = () => {};
    const done = new Promise<boolean>((r) => { resolve = r; });
    const p: Pending = { method: methodOf(error), done, resolve };
    current.current = p;
    setPending(p);
    return done;
  }), []);
  if (!pending) return null;
  const finish = (ok: boolean) => {
    current.current = null;
    setPending(null);
    pending.resolve(ok);
  };
  return (
    <Suspense fallback={null}>
      <StepUpDialog method={pending.method} onDone={finish} />
    </Suspense>
  );
}
