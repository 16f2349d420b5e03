// spec 7 build files: builds/latest.json names the current build; builds/meta/{buildId}.json describes
// one. The browser polls latest.json every hour (spec 4) and reloads on the next navigation when it changed.
import type { FastifyInstance } from 'fastify';
import type { AssetManifest } from '../render/assets.ts';

export function registerBuilds(app: FastifyInstance, assets: AssetManifest) {
  app.get('/builds/latest.json', async (_req, reply) => {
    return reply.header('cache-control', 'no-cache').send({ buildId: assets.buildId });
  });
  app.get<{ Params: { id: string } }>('/builds/meta/:id', async (req, reply) => {
    if (req.params.id !== `${assets.buildId}.json`) return reply.status(404).send({ statusCode: 404, code: 'unknown_build', message: 'Unknown build' });
    return reply.header('cache-control', 'public, max-age=31536000, immutable').send({ buildId: assets.buildId, entry: assets.entry, css: assets.css });
  });
}
