// The browsers' messages as text frames (src/contracts/price-stream.ts), built typed. Started is one
// constant; Finished is each store's pre-serialised prefix completed with the send time; Stale names the
// prices the browsers still show.
import { completeFinished, type PricesStaleMessage, type PricesStartedMessage } from '../../contracts/price-stream.ts';
import type { ReadyPayload } from './payloads.ts';

export const startedFrame = Buffer.from(JSON.stringify({ type: 'RecalculationProcessStarted' } satisfies PricesStartedMessage));

export function finishedFrame(p: ReadyPayload, now: number): Buffer {
  return Buffer.from(completeFinished(p.finishedPrefix, new Date(now).toISOString()));
}

export function staleFrame(lastRecalculatedAt: string | null, now: number): Buffer {
  const message: PricesStaleMessage = { type: 'PricesStale', lastRecalculatedAt, serverTimestamp: new Date(now).toISOString() };
  return Buffer.from(JSON.stringify(message));
}
