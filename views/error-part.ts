// The error page as a code-split part (views/components/Deferred.tsx, issue 27): a 404 or a failed page loads
// its code, every other page does without it. views/parts-in-place.ts registers it for the server.
import type { DeferredPart } from './components/Deferred.tsx';

export const errorBoundaryPart: DeferredPart<Record<string, never>> = {
  name: 'root-error',
  load: () => import('./RootErrorBoundary.tsx').then((m) => m.RootErrorBoundary),
};
