// Raster copies of the shop's SVG images, made at build (npm run build, src/build.ts): shopping feeds,
// og:image readers and Google's merchant listings take PNG, JPEG or WebP, not SVG (issue 28).
//   - every product image /images/products/<sku>-<side>.<hash>.svg gets <sku>-<side>.<hash>.png beside it
//     (the same content hash: the PNG is made from exactly that SVG, so it is immutable like it);
//   - the shop's icon gets the web manifest's PNG icons (192, 512, a maskable 512) and apple-touch-icon.png.
// Decision (tool): @resvg/resvg-js, a self-contained SVG renderer (Rust, prebuilt for each platform as an
// optional npm package, no install script and no system library), rather than sharp, which carries all
// of libvips for what is only SVG to PNG here. Fonts: the Debian fonts the product images' stamps name
// (DejaVu, Liberation) are given by file, which renders ten times faster than scanning every system font.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { publicDir } from './storefront/render/assets.ts';

const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
];

function fontOptions(): ResvgRenderOptions['font'] {
  const files = FONT_FILES.filter((f) => existsSync(f));
  return files.length ? { loadSystemFonts: false, fontFiles: files, defaultFontFamily: 'DejaVu Sans', serifFamily: 'DejaVu Serif', sansSerifFamily: 'DejaVu Sans' } : { loadSystemFonts: true };
}

export function svgToPng(svg: string | Buffer, width: number, font = fontOptions()): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font }).render().asPng();
}

/** The PNG beside a product image's SVG (its URL or file name). */
export function rasterOf(svgUrl: string): string {
  return svgUrl.replace(/\.svg$/, '.png');
}

/** Width of a product image's PNG: the SVG's own size (400 px), over Google's 50,000 pixels. */
const PRODUCT_PNG_WIDTH = 400;

/** Writes the missing product PNGs (an existing one is the same picture: same hash) and removes orphans. */
export function writeProductRasters(dir = join(publicDir, 'images/products')): number {
  if (!existsSync(dir)) return 0;
  const names = readdirSync(dir);
  const svgs = new Set(names.filter((n) => n.endsWith('.svg')));
  for (const n of names) if (n.endsWith('.png') && !svgs.has(n.replace(/\.png$/, '.svg'))) rmSync(join(dir, n));
  const font = fontOptions();
  let written = 0;
  for (const svg of svgs) {
    const png = join(dir, rasterOf(svg));
    if (existsSync(png)) continue;
    writeFileSync(png, svgToPng(readFileSync(join(dir, svg)), PRODUCT_PNG_WIDTH, font));
    written++;
  }
  return written;
}

/** The icons the web manifests and the head name (public/icons/). */
export const ICONS = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  appleTouch: '/icons/apple-touch-icon.png',
} as const;

/** The icon on the theme's plain background, its artwork inside the middle 80 % (the maskable safe zone:
 * a launcher may cut the square to a circle of 80 % diameter). Apple's icon is opaque, too. */
function padded(iconSvg: string, scale: number): string {
  const inner = iconSvg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const size = 40 / scale;
  const offset = (size - 40) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#14213d"/><g transform="translate(${offset} ${offset})">${inner}</g></svg>`;
}

export function writeIcons(dir = join(publicDir, 'icons')): void {
  const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
  const font = fontOptions();
  const out = (url: string) => join(publicDir, url);
  writeFileSync(out(ICONS.any192), svgToPng(svg, 192, font));
  writeFileSync(out(ICONS.any512), svgToPng(svg, 512, font));
  writeFileSync(out(ICONS.maskable512), svgToPng(padded(svg, 0.8), 512, font));
  writeFileSync(out(ICONS.appleTouch), svgToPng(padded(svg, 0.86), 180, font));
}

/** Both, for the build. */
export function writeRasterImages(): { products: number } {
  writeIcons();
  return { products: writeProductRasters() };
}
