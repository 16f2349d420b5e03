// The client bundle's manifest, written by src/build.ts: hashed entry, stylesheet and build id.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface AssetManifest {
  buildId: string;
  entry: string;
  css: string[];
  /** files to preload with the entry (its static imports) */
  preload: string[];
}

export const publicDir = fileURLToPath(new URL('../../../public/', import.meta.url));

export function loadAssets(buildId?: string): AssetManifest {
  const file = `${publicDir}build/manifest.json`;
  let manifest: AssetManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as AssetManifest;
  } catch {
    throw new Error(`Client bundle missing (${file}): run "npm run build" first.`);
  }
  return buildId ? { ...manifest, buildId } : manifest;
}
