// Writes the product images of the seed catalogue to public/images/products/, removes the files no
// product names any more (their names carry a content hash, so a changed image is a new file) and points
// the content stories' references to product images (src/content/stories) at the current files.
//   npx tsx src/commerce/catalogue/write-images.ts
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageFileName, imagesDir, productImageFiles } from './images.ts';
import { catalogueRows } from './seed.ts';
import { seedProducts } from './seed-data.ts';

/** Every image file of the seed, by file name. */
export function seedImageFiles(): Map<string, string> {
  const files = new Map<string, string>();
  catalogueRows().forEach((row, i) => {
    for (const f of productImageFiles(row.product, seedProducts[i])) files.set(imageFileName(row.product.sku, f), f.svg);
  });
  return files;
}

const storiesDir = fileURLToPath(new URL('../../content/stories/', import.meta.url));
const HASHED = /\/images\/products\/([a-z0-9.-]+?)\.[0-9a-f]{10}\.svg/g;

export function writeProductImages(dir = imagesDir): string[] {
  mkdirSync(dir, { recursive: true });
  const files = seedImageFiles();
  for (const old of readdirSync(dir)) if (old.endsWith('.svg') && !files.has(old)) rmSync(join(dir, old));
  for (const [name, svg] of files) writeFileSync(join(dir, name), svg);
  const byStem = new Map([...files.keys()].map((name) => [name.replace(/\.[0-9a-f]{10}\.svg$/, ''), name]));
  for (const entry of readdirSync(storiesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const next = text.replace(HASHED, (ref, stem: string) => (byStem.has(stem) ? `/images/products/${byStem.get(stem)}` : ref));
    if (next !== text) writeFileSync(file, next);
  }
  return [...files.keys()];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const written = writeProductImages();
  console.log(`wrote ${written.length} product images to ${imagesDir}`);
}
