// Catalogue routes of the commerce service (skeleton; filled in by the catalogue work).
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from './db-type.ts';

export const catalogueRoutes: FastifyPluginAsync<{ db: Db }> = async (_app, _opts) => {
  // routes follow
};
