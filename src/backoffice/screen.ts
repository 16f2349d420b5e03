// What a screen of the back office is: a Fastify plugin (screens/<screen>/routes.ts) registered by app.ts,
// given the ops client and `signedIn`. A screen's view lives beside it (screens/<screen>/view.tsx); what
// several screens share is in ui/.
import type { FastifyPluginAsync } from 'fastify';
import type { OpsClient } from './ops-client.ts';
import type { SignedIn } from './session.ts';

export interface ScreenContext {
  /** the back office's only door to the shop */
  ops: OpsClient;
  /** a page for signed-in operators only */
  signedIn: SignedIn;
  /** how long a statement upload waits for its import job before it shows the progress page */
  statementWaitMs: number;
}

export type Screen = FastifyPluginAsync<ScreenContext>;
