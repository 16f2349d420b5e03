// POST /admin/recalculate: a recalculation now (after a catalogue change), answered when it finished.
// From this machine, or with `Authorization: Bearer <ADMIN_TOKEN>` when one is configured.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { pricingErrorCodes, type RecalculateResponse } from '../../contracts/prices.ts';
import { AppError } from '../../lib/errors.ts';
import { isLoopback } from '../../lib/service.ts';
import type { Recalculator } from '../recalculation.ts';

export interface AdminRoutesOptions {
  recalculator: Recalculator;
  /** ADMIN_TOKEN; empty or absent: loopback callers only */
  adminToken?: string;
  /** a standby recalculates nothing: only the active instance announces prices (leadership.ts) */
  active(): boolean;
}

function sha256(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, { recalculator, adminToken, active }) => {
  const adminTokenHash = adminToken ? sha256(adminToken) : null;

  function isAdmin(req: FastifyRequest): boolean {
    const header = req.headers.authorization;
    if (adminTokenHash && typeof header === 'string' && header.startsWith('Bearer ')) {
      // compare digests: constant time, and equal lengths whatever was sent
      if (timingSafeEqual(sha256(header.slice(7).trim()), adminTokenHash)) return true;
    }
    return isLoopback(req.ip);
  }

  app.post('/admin/recalculate', async (req): Promise<RecalculateResponse> => {
    if (!isAdmin(req)) {
      throw new AppError(pricingErrorCodes.forbidden, { message: 'Recalculation can be started from this machine or with the admin token only.' });
    }
    if (!active()) throw new AppError(pricingErrorCodes.standby);
    const outcome = await recalculator.recalculateNow();
    if (!outcome.ok) throw new AppError(pricingErrorCodes.recalculationFailed, { message: `Recalculation failed (${outcome.code}): ${outcome.message}` });
    return { lastRecalculatedAt: outcome.book.lastRecalculatedAt };
  });
};
