// Writes the product images of the seed catalogue to public/images/products/ and removes the files no
// product names any more (their names carry a content hash, so a changed image is a new file).
//   npx tsx src/commerce/catalogue/write-images.ts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

export function writeProductImages(dir = imagesDir): string[] {
  mkdirSync(dir, { recursive: true });
  const files = seedImageFiles();
  for (const old of readdirSync(dir)) if (old.endsWith('.svg') && !files.has(old)) rmSync(join(dir, old));
  for (const [name, svg] of files) writeFileSync(join(dir, name), svg);
  return [...files.keys()];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const written = writeProductImages();
  console.log(`wrote ${written.length} product images to ${imagesDir}`);
}
