// Static files from public/: content-hashed bundle files and product images (<sku>-<side>.<hash>.svg and its PNG) are
// immutable for a year; other files (icons, manifests) are revalidated hourly; robots.txt and sitemap.xml are routes (routes/seo.ts). Files are listed at start (no wildcard route), so every
// other path reaches the page renderer.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { publicDir } from '../render/assets.ts';

const HASHED_PRODUCT_IMAGE = /[/\\]images[/\\]products[/\\][a-z0-9.-]+\.[0-9a-f]{10}\.(svg|png)$/;

export async function registerStatic(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: publicDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      if ((/[/\\]build[/\\]/.test(path) && !path.endsWith('manifest.json')) || HASHED_PRODUCT_IMAGE.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
}
