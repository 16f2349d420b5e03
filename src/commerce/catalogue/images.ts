// Product images of the seed catalogue, generated as SVG from the product data so they are reproducible
// and always match it. Every coin has an obverse and a reverse with the issuer's motif and inscriptions
// (coin-designs.ts, coin-motifs.ts) on a field with a reeded rim; every bar a front (stamped refiner mark,
// weight, metal and fineness, serial number) and a back (the refiner's pattern, or the rough back of a
// cast bar). Refiners that stamp in German (Heraeus, C. Hafner, Münze Österreich) get a German front
// ("FEINGOLD 999,9") and an English one ("FINE GOLD 999.9"), so a shopper sees the words of the page's
// language; coins and the other refiners' bars carry fixed inscriptions and one image per side. Each
// metal has its own tones; gold of less than 980/1000 (Krugerrand, Eagle, Vreneli) is the warmer alloy.
// File names carry a hash of the content, so the files can be cached for a year (plugins/static.ts).
//   npx tsx src/commerce/catalogue/write-images.ts        writes public/images/products/
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { MetalName } from '../../contracts/pricing-attributes.ts';
import type { CatalogueProduct, ImageHints, ImageSide, RawProduct, StoredImage } from './product.ts';
import { coinDesign, type CoinFace } from './coin-designs.ts';
import { motif, type MotifName } from './coin-motifs.ts';
import { manufacturers, type Texts } from './reference.ts';

export const imagesDir = fileURLToPath(new URL('../../../public/images/products/', import.meta.url));
export const IMAGE_SIZE = 400;

export type { ImageSide, StoredImage } from './product.ts';

/** One image file of a product: a side, in one language (lang) or in both (null). */
export interface ImageFile { side: ImageSide; lang: 'de' | 'en' | null; svg: string; alt: Texts }

interface Palette { hi: string; light: string; mid: string; dark: string; deep: string }

const palettes: Record<MetalName | 'redGold', Palette> = {
  gold: { hi: '#fff7d6', light: '#f7d879', mid: '#dfab35', dark: '#a97817', deep: '#5f400b' },
  redGold: { hi: '#fff1d2', light: '#f6cf86', mid: '#dea44e', dark: '#a56c26', deep: '#5a3912' },
  silver: { hi: '#ffffff', light: '#f0f1f3', mid: '#cdd1d6', dark: '#7b828a', deep: '#454a50' },
  platinum: { hi: '#eef2f7', light: '#c6cedb', mid: '#96a1b3', dark: '#626e83', deep: '#333b4b' },
  palladium: { hi: '#fbf8f1', light: '#dcd5c6', mid: '#b3aa97', dark: '#7f7764', deep: '#48423a' },
};

function paletteOf(metal: MetalName, fineness: number | null): Palette {
  if (metal === 'gold' && fineness !== null && fineness < 980) return palettes.redGold;
  return palettes[metal];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const SERIF = `Georgia,'Times New Roman','Liberation Serif','DejaVu Serif',serif`;
const SANS = `'Helvetica Neue',Arial,'Liberation Sans','DejaVu Sans',sans-serif`;

/** Font size that lets the text fit the width (bold capitals are about 0.7 em wide). */
function fit(text: string, width: number, max: number, em = 0.7): number {
  return Math.max(7, Math.min(max, Math.floor((width / Math.max(1, text.length * em)) * 10) / 10));
}

function serialOf(sku: string): string {
  const h = createHash('sha1').update(sku).digest();
  const letters = String.fromCharCode(65 + (h[0] % 26), 65 + (h[1] % 26));
  return `${letters} ${String(h.readUInt32BE(2) % 1000000).padStart(6, '0')}`;
}

function head(title: string, desc: string, defs: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" role="img" aria-labelledby="t d">`
    + `<title id="t">${esc(title)}</title><desc id="d">${esc(desc)}</desc>`
    + `<defs><radialGradient id="bg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="#fdfdfc"/><stop offset="1" stop-color="#e4e5e2"/></radialGradient>`
    + `<filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="7"/></filter>${defs}</defs>`
    + `<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#bg)"/>`;
}

const stops = (list: [number, string][]) => list.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('');

/** Lettering in relief (coins): a light edge up-left, a shadow down-right, the face on top. */
function relief(id: string, content: string, attrs: string, p: Palette, face = p.dark): string {
  return `<defs><text id="${id}" ${attrs}>${content}</text></defs>`
    + `<use href="#${id}" x="-1" y="-1" fill="${p.hi}"/><use href="#${id}" x="1" y="1.2" fill="${p.deep}" opacity=".7"/><use href="#${id}" fill="${face}"/>`;
}

/** Lettering stamped into metal (bars): a light lower edge under a dark cut. */
function stamped(text: string, attrs: string, p: Palette): string {
  return `<text ${attrs} fill="${p.hi}" opacity=".85" transform="translate(.8 1)">${text}</text><text ${attrs} fill="${p.deep}" opacity=".78">${text}</text>`;
}

function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.22): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#1b1b1b" opacity="${opacity}" filter="url(#blur)"/>`;
}

const METAL_WORDS = {
  de: { gold: 'FEINGOLD', silver: 'FEINSILBER', platinum: 'FEINPLATIN', palladium: 'FEINPALLADIUM' },
  en: { gold: 'FINE GOLD', silver: 'FINE SILVER', platinum: 'FINE PLATINUM', palladium: 'FINE PALLADIUM' },
} satisfies Record<'de' | 'en', Record<MetalName, string>>;

/** 999.9 in English, 999,9 as a German stamp reads it */
const finenessText = (f: number | null, lang: 'de' | 'en' = 'en') => (f === null ? '' : lang === 'de' ? String(f).replace('.', ',') : String(f));

// ---- coins ---------------------------------------------------------------------------------------

function coinBody(cx: number, cy: number, r: number, p: Palette, proof: boolean, idp: string): { defs: string; body: string } {
  const fieldStops: [number, string][] = proof ? [[0, p.dark], [0.6, p.deep], [1, '#1e1e1e']] : [[0, p.hi], [0.55, p.light], [1, p.mid]];
  const defs = `<linearGradient id="${idp}rim" x1="0" y1="0" x2="1" y2="1">${stops([[0, p.hi], [0.35, p.light], [0.7, p.dark], [1, p.deep]])}</linearGradient>`
    + `<linearGradient id="${idp}bev" x1="0" y1="0" x2="1" y2="1">${stops([[0, p.deep], [0.5, p.dark], [1, p.hi]])}</linearGradient>`
    + `<radialGradient id="${idp}fld" cx=".38" cy=".32" r=".8">${stops(fieldStops)}</radialGradient>`;
  const k = r / 172;
  const body = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${idp}rim)"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${(r - 2.5 * k).toFixed(1)}" fill="none" stroke="${p.deep}" stroke-opacity=".35" stroke-width="${(3 * k).toFixed(1)}" stroke-dasharray="1.2 2.1"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${(r - 13 * k).toFixed(1)}" fill="url(#${idp}bev)"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${(r - 18 * k).toFixed(1)}" fill="url(#${idp}fld)"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${(r - 24 * k).toFixed(1)}" fill="none" stroke="${proof ? p.light : p.dark}" stroke-opacity=".5" stroke-width="${(2.2 * k).toFixed(1)}" stroke-linecap="round" stroke-dasharray="0 ${(6.5 * k).toFixed(1)}"/>`;
  return { defs, body };
}

/** The motif's relief: a frosted fill lit from the upper left, a cast shadow to the lower right. */
function motifDefs(p: Palette, proof: boolean, idp: string): string {
  const frost: [number, string][] = proof ? [[0, p.hi], [0.6, p.light], [1, p.mid]] : [[0, p.light], [0.5, p.mid], [1, p.dark]];
  return `<linearGradient id="${idp}mf" x1="0" y1="0" x2="1" y2="1">${stops(frost)}</linearGradient>`
    + `<filter id="${idp}emb" x="-5%" y="-5%" width="110%" height="110%"><feDropShadow dx="1.4" dy="1.8" stdDeviation=".9" flood-color="${proof ? '#000' : p.deep}" flood-opacity=".6"/></filter>`;
}

function coinFaceSvg(title: string, desc: string, metal: MetalName, fineness: number | null, face: CoinFace, proof: boolean): string {
  const p = paletteOf(metal, fineness);
  const { defs, body } = coinBody(200, 196, 172, p, proof, 'c');
  const ink = proof ? p.light : p.dark;
  const arcDefs = `<path id="at" d="M 64 196 A 136 136 0 0 1 336 196"/><path id="ab" d="M 56 196 A 144 144 0 0 0 344 196"/>`
    + `<radialGradient id="gl" cx=".3" cy=".25" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`
    + motifDefs(p, proof, 'c');
  const serif = `font-family="${SERIF}" font-weight="bold" text-anchor="middle"`;
  const legends = (face.top ? 1 : 0) + (face.bottom ? 1 : 0);
  const scale = legends === 2 ? 1.12 : legends === 1 ? 1.2 : 1.3;
  const cy = face.top && !face.bottom ? 204 : !face.top && face.bottom ? 186 : face.below ? 186 : 196;
  const paint = { f: 'url(#cmf)', d: p.deep, hi: p.hi };
  const art = `<g filter="url(#cemb)" transform="translate(${(200 - 100 * scale).toFixed(1)} ${(cy - 100 * scale).toFixed(1)}) scale(${scale})">${motif(face.motif, paint)}</g>`;
  const small = (text: string, x: number, y: number, size: number) => relief(`s${x}${y}`, esc(text), `x="${x}" y="${y}" ${serif} font-size="${size}"`, p, ink);
  return head(title, desc, defs + arcDefs)
    + shadow(206, 378, 150, 12)
    + body
    + art
    + (face.top ? relief('tt', `<textPath href="#at" startOffset="50%">${esc(face.top)}</textPath>`, `${serif} font-size="${fit(face.top, 380, 22, 0.74)}" letter-spacing="1.5"`, p, ink) : '')
    + (face.bottom ? relief('tb', `<textPath href="#ab" startOffset="50%">${esc(face.bottom)}</textPath>`, `${serif} font-size="${fit(face.bottom, 350, 19, 0.74)}" letter-spacing="1.2" dominant-baseline="hanging"`, p, ink) : '')
    + (face.left ? small(face.left, 96, 206, 17) : '')
    + (face.right ? small(face.right, 304, 206, 17) : '')
    + (face.below ? small(face.below, 200, cy + 104 * scale, fit(face.below, 200, 17, 0.7)) : '')
    + `<circle cx="200" cy="196" r="172" fill="url(#gl)"/>`
    + '</svg>';
}

function proofSetSvg(title: string, desc: string, metal: MetalName, fineness: number | null, face: CoinFace, label: string): string {
  const p = paletteOf(metal, fineness);
  const sizes = [58, 47, 38, 29];
  const { defs } = coinBody(0, 0, 10, p, true, 's');
  const positions: [number, number][] = [[128, 176], [272, 176], [128, 282], [272, 282]];
  const paint = { f: 'url(#smf)', d: p.deep, hi: p.hi };
  const art = motif(face.motif, paint);
  const coins = sizes.map((r, i) => {
    const [x, y] = positions[i];
    const k = r / 172;
    const s = (r * 1.3) / 200;
    return `<circle cx="${x}" cy="${y}" r="${r + 7}" fill="#0d1633" opacity=".55"/>`
      + `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#srim)"/><circle cx="${x}" cy="${y}" r="${(r - 13 * k).toFixed(1)}" fill="url(#sbev)"/><circle cx="${x}" cy="${y}" r="${(r - 18 * k).toFixed(1)}" fill="url(#sfld)"/>`
      + `<g transform="translate(${(x - 100 * s).toFixed(1)} ${(y - 100 * s).toFixed(1)}) scale(${s.toFixed(3)})">${i === 0 ? `<g id="m">${art}</g>` : '<use href="#m"/>'}</g>`;
  }).join('');
  const velvet = `<linearGradient id="vel" x1="0" y1="0" x2="0" y2="1">${stops([[0, '#2c3f7a'], [1, '#131d40']])}</linearGradient>`
    + `<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">${stops([[0, '#7a4a26'], [0.5, '#5a3216'], [1, '#3b1f0c']])}</linearGradient>` + motifDefs(p, true, 's');
  return head(title, desc, defs + velvet)
    + shadow(204, 372, 170, 12)
    + `<rect x="26" y="44" width="348" height="318" rx="16" fill="url(#wood)"/><rect x="40" y="58" width="320" height="290" rx="8" fill="url(#vel)"/>`
    + `<text x="200" y="96" font-family="${SERIF}" font-weight="bold" text-anchor="middle" font-size="${fit(label, 290, 18, 0.72)}" fill="${p.light}" letter-spacing="1.5">${esc(label)}</text>`
    + coins
    + '</svg>';
}

// ---- bars ----------------------------------------------------------------------------------------

interface BarText { mark: string; weight: string; metalWord: string; fineness: string; serial: string; swiss: boolean }

/** The refiner's emblem: a ring with its initial, stamped. */
function emblem(x: number, y: number, r: number, mark: string, p: Palette): string {
  const letter = esc(mark.replace(/[^A-Z]/g, '').slice(0, 1));
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${p.deep}" stroke-opacity=".55" stroke-width="${(r / 10).toFixed(1)}"/><circle cx="${x}" cy="${y}" r="${(r * 0.72).toFixed(1)}" fill="none" stroke="${p.hi}" stroke-opacity=".8" stroke-width="${(r / 17).toFixed(1)}"/>`
    + stamped(letter, `x="${x}" y="${(y + r * 0.38).toFixed(1)}" font-family="${SERIF}" font-weight="bold" text-anchor="middle" font-size="${(r * 1.05).toFixed(1)}"`, p);
}

interface BarFrame { x: number; y: number; w: number; h: number; defs: string; body: string }

/** A minted bar: an upright rounded rectangle with a raised border around the struck face. */
function mintedFrame(p: Palette, lengthMm: number, widthMm: number): BarFrame {
  const h = 312;
  const w = Math.round(Math.min(224, Math.max(160, (h * widthMm) / lengthMm)));
  const x = 200 - w / 2;
  const y = 200 - h / 2 - 6;
  const inner = 11;
  const defs = `<linearGradient id="bd" x1="0" y1="0" x2="1" y2="1">${stops([[0, p.hi], [0.3, p.light], [0.65, p.mid], [1, p.dark]])}</linearGradient>`
    + `<linearGradient id="fc" x1="0" y1="0" x2="1" y2="1">${stops([[0, p.light], [0.5, p.hi], [1, p.mid]])}</linearGradient>`;
  const body = shadow(208, y + h + 14, w / 2 + 18, 11)
    + `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="url(#bd)"/>`
    + `<rect x="${x + inner}" y="${y + inner}" width="${w - 2 * inner}" height="${h - 2 * inner}" rx="9" fill="url(#fc)" stroke="${p.deep}" stroke-opacity=".28" stroke-width="1.5"/>`
    + `<rect x="${x + inner + 4}" y="${y + inner + 4}" width="${w - 2 * inner - 8}" height="${h - 2 * inner - 8}" rx="6" fill="none" stroke="${p.hi}" stroke-opacity=".7" stroke-width="1"/>`;
  return { x, y, w, h, defs, body };
}

const sheen = (f: BarFrame) => `<path d="M ${f.x + 14} ${f.y + f.h * 0.62} L ${f.x + f.w * 0.62} ${f.y + 12} L ${f.x + f.w * 0.82} ${f.y + 12} L ${f.x + 14} ${f.y + f.h * 0.82} Z" fill="#fff" opacity=".16"/>`;
const MONO = `font-family="'DejaVu Sans Mono','Liberation Mono',monospace" font-weight="bold" text-anchor="middle"`;

function mintedBarSvg(title: string, desc: string, p: Palette, t: BarText, lengthMm: number, widthMm: number): string {
  const f = mintedFrame(p, lengthMm, widthMm);
  const cw = f.w - 2 * 11 - 16;
  const sans = `font-family="${SANS}" font-weight="bold" text-anchor="middle"`;
  const serif = `font-family="${SERIF}" font-weight="bold" text-anchor="middle"`;
  const cy = f.y + f.h / 2;
  return head(title, desc, f.defs) + f.body
    + stamped(esc(t.mark), `x="200" y="${f.y + 42}" ${sans} font-size="${fit(t.mark, cw, 15, 0.72)}" letter-spacing="1"`, p)
    + emblem(200, f.y + 78, 21, t.mark, p)
    + stamped(esc(t.weight), `x="200" y="${cy + 24}" ${serif} font-size="${fit(t.weight, cw, 46, 0.66)}"`, p)
    + stamped(esc(t.metalWord), `x="200" y="${cy + 58}" ${sans} font-size="${fit(t.metalWord, cw, 16, 0.7)}" letter-spacing="1.5"`, p)
    + stamped(esc(t.fineness), `x="200" y="${cy + 88}" ${serif} font-size="${fit(t.fineness, cw, 24, 0.62)}"`, p)
    + (t.swiss ? stamped('ESSAYEUR FONDEUR', `x="200" y="${cy + 110}" ${sans} font-size="${fit('ESSAYEUR FONDEUR', cw, 9.5, 0.7)}" letter-spacing="1"`, p) : '')
    + stamped(esc(t.serial), `x="200" y="${f.y + f.h - 24}" ${MONO} font-size="12"`, p)
    + sheen(f)
    + '</svg>';
}

/** A minted bar's design side: the refiner's name over a motif (PAMP's Lady Fortuna). */
function mintedBarMotifSvg(title: string, desc: string, p: Palette, t: BarText, name: MotifName, lengthMm: number, widthMm: number): string {
  const f = mintedFrame(p, lengthMm, widthMm);
  const scale = (f.w - 40) / 200;
  const paint = { f: 'url(#bmf)', d: p.deep, hi: p.hi };
  return head(title, desc, f.defs + motifDefs(p, false, 'b')) + f.body
    + stamped(esc(t.mark), `x="200" y="${f.y + 42}" font-family="${SANS}" font-weight="bold" text-anchor="middle" font-size="${fit(t.mark, f.w - 40, 15, 0.72)}" letter-spacing="1"`, p)
    + `<g filter="url(#bemb)" transform="translate(${(200 - 100 * scale).toFixed(1)} ${(f.y + f.h / 2 - 88 * scale).toFixed(1)}) scale(${scale.toFixed(3)})">${motif(name, paint)}</g>`
    + stamped('FORTUNA', `x="200" y="${f.y + f.h - 26}" font-family="${SERIF}" font-weight="bold" text-anchor="middle" font-size="14" letter-spacing="3"`, p)
    + sheen(f)
    + '</svg>';
}

/** The back of a minted bar: the refiner's emblem and name repeated over the face (a security pattern). */
function mintedBarBackSvg(title: string, desc: string, p: Palette, t: BarText, lengthMm: number, widthMm: number): string {
  const f = mintedFrame(p, lengthMm, widthMm);
  const word = esc(t.mark.split(/[ .-]/)[0]);
  const tile = `<pattern id="pt" x="${f.x}" y="${f.y}" width="58" height="52" patternUnits="userSpaceOnUse" patternTransform="rotate(-30 200 200)">`
    + `<circle cx="14" cy="14" r="9" fill="none" stroke="${p.deep}" stroke-opacity=".35" stroke-width="1.4"/>`
    + `<text x="14" y="18.5" font-family="${SERIF}" font-weight="bold" font-size="11" text-anchor="middle" fill="${p.deep}" fill-opacity=".4">${esc(t.mark.replace(/[^A-Z]/g, '').slice(0, 1))}</text>`
    + `<text x="44" y="44" font-family="${SANS}" font-weight="bold" font-size="7" text-anchor="middle" fill="${p.deep}" fill-opacity=".32">${word}</text></pattern>`;
  return head(title, desc, f.defs + tile) + f.body
    + `<rect x="${f.x + 15}" y="${f.y + 15}" width="${f.w - 30}" height="${f.h - 30}" rx="6" fill="url(#pt)"/>`
    + `<circle cx="200" cy="${f.y + f.h / 2}" r="40" fill="url(#fc)" stroke="${p.deep}" stroke-opacity=".3"/>`
    + emblem(200, f.y + f.h / 2, 30, t.mark, p)
    + sheen(f)
    + '</svg>';
}

/** A cast bar seen from above: sloped sides and a rough, poured top face. */
function castFrame(p: Palette, seed: number, lengthMm: number, widthMm: number): BarFrame & { inset: number } {
  const w = 330;
  const h = Math.round(Math.min(230, Math.max(184, (w * widthMm) / lengthMm)));
  const x = 200 - w / 2;
  const y = 196 - h / 2;
  const inset = 20;
  const top = `M ${x + inset} ${y + inset} L ${x + w - inset} ${y + inset} L ${x + w - inset - 4} ${y + h - inset} L ${x + inset + 4} ${y + h - inset} Z`;
  const defs = `<linearGradient id="sd" x1="0" y1="0" x2="0" y2="1">${stops([[0, p.light], [0.5, p.dark], [1, p.deep]])}</linearGradient>`
    + `<linearGradient id="tf" x1="0" y1="0" x2="1" y2="1">${stops([[0, p.hi], [0.45, p.light], [1, p.mid]])}</linearGradient>`
    + `<filter id="rough" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="3" seed="${seed}"/>`
    + `<feColorMatrix values="0 0 0 0 ${hexShade(p.deep)} 0 0 0 0 ${hexShade(p.deep)} 0 0 0 0 ${hexShade(p.deep)} 0 0 0 -1.4 1.05"/></filter>`
    + `<clipPath id="cl"><path d="${top}"/></clipPath>`;
  const body = shadow(206, y + h + 12, w / 2 + 10, 12)
    + `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="url(#sd)"/>`
    + `<path d="M ${x + 6} ${y + 8} L ${x + inset} ${y + inset} L ${x + inset + 4} ${y + h - inset} L ${x + 6} ${y + h - 8} Z" fill="${p.mid}" opacity=".6"/>`
    + `<path d="${top}" fill="url(#tf)" stroke="${p.hi}" stroke-opacity=".7" stroke-width="1.5"/>`
    + `<rect x="${x}" y="${y}" width="${w}" height="${h}" filter="url(#rough)" clip-path="url(#cl)" opacity=".55"/>`;
  return { x, y, w, h, inset, defs, body };
}

function castBarSvg(title: string, desc: string, p: Palette, t: BarText, lengthMm: number, widthMm: number): string {
  const f = castFrame(p, t.serial.charCodeAt(0), lengthMm, widthMm);
  const sans = `font-family="${SANS}" font-weight="bold" text-anchor="middle"`;
  const serif = `font-family="${SERIF}" font-weight="bold" text-anchor="middle"`;
  const cw = f.w - 2 * f.inset - 30;
  const fy = f.y + f.inset;
  const fh = f.h - 2 * f.inset;
  const spec = `${t.metalWord} ${t.fineness}`;
  return head(title, desc, f.defs) + f.body
    + stamped(esc(t.mark), `x="200" y="${fy + 28}" ${sans} font-size="${fit(t.mark, cw, 20, 0.72)}" letter-spacing="2"`, p)
    + stamped(esc(t.weight), `x="200" y="${fy + fh / 2 + 10}" ${serif} font-size="${fit(t.weight, cw, 42, 0.66)}"`, p)
    + stamped(esc(spec), `x="200" y="${fy + fh - 30}" ${sans} font-size="${fit(spec, cw, 16, 0.7)}" letter-spacing="1"`, p)
    + stamped(esc(t.serial), `x="200" y="${fy + fh - 11}" ${MONO} font-size="13"`, p)
    + (t.swiss ? stamped('ESSAYEUR FONDEUR', `x="200" y="${fy + 46}" ${sans} font-size="9.5" letter-spacing="1"`, p) : '')
    + '</svg>';
}

/** The back of a cast bar: the rough, unstamped underside of the mould, with the refiner's small emblem. */
function castBarBackSvg(title: string, desc: string, p: Palette, t: BarText, lengthMm: number, widthMm: number): string {
  const f = castFrame(p, t.serial.charCodeAt(1), lengthMm, widthMm);
  return head(title, desc, f.defs) + f.body
    + `<path d="M ${f.x + 60} ${f.y + 70} C ${f.x + 120} ${f.y + 60} ${f.x + 200} ${f.y + 80} ${f.x + 270} ${f.y + 66} M ${f.x + 50} ${f.y + f.h - 60} C ${f.x + 140} ${f.y + f.h - 72} ${f.x + 210} ${f.y + f.h - 54} ${f.x + 280} ${f.y + f.h - 66}" fill="none" stroke="${p.deep}" stroke-opacity=".22" stroke-width="3" stroke-linecap="round"/>`
    + emblem(200, f.y + f.h / 2, 24, t.mark, p)
    + '</svg>';
}

/** A channel value 0..1 of a #rrggbb colour's red (the noise is tinted with the metal's deepest tone). */
function hexShade(hex: string): string {
  return (parseInt(hex.slice(1, 3), 16) / 255).toFixed(2);
}

/** A CombiBar: a plate of 1 g squares to break off; the front stamped, the back with the refiner's mark in each square. */
function combiBarSvg(title: string, desc: string, p: Palette, t: BarText, back: boolean): string {
  const cols = 10;
  const rows = 5;
  const cell = 28;
  const gw = cols * cell;
  const gh = rows * cell;
  const x = 200 - gw / 2 - 14;
  const y = 118;
  const inCell = back
    ? `<circle cx="${cell / 2}" cy="${cell / 2}" r="8" fill="none" stroke="${p.deep}" stroke-opacity=".5"/><text x="${cell / 2}" y="${cell / 2 + 3.5}" font-family="${SERIF}" font-weight="bold" font-size="9" text-anchor="middle" fill="${p.deep}" opacity=".7">${esc(t.mark.slice(0, 1))}</text>`
    : `<text x="${cell / 2}" y="${cell / 2 + 4}" font-family="${SANS}" font-weight="bold" font-size="10" text-anchor="middle" fill="${p.deep}" opacity=".7">1g</text>`;
  const defs = `<linearGradient id="bd" x1="0" y1="0" x2="1" y2="1">${stops([[0, p.hi], [0.35, p.light], [0.7, p.mid], [1, p.dark]])}</linearGradient>`
    + `<pattern id="cells" x="${x + 14}" y="${y + 70}" width="${cell}" height="${cell}" patternUnits="userSpaceOnUse">`
    + `<rect x="1.5" y="1.5" width="${cell - 3}" height="${cell - 3}" rx="3" fill="${p.light}" stroke="${p.deep}" stroke-opacity=".45"/>${inCell}</pattern>`;
  const sans = `font-family="${SANS}" font-weight="bold" text-anchor="middle"`;
  const line2 = back ? t.serial : `COMBIBAR · ${t.weight} · ${t.metalWord} ${t.fineness}`;
  return head(title, desc, defs)
    + shadow(206, y + gh + 104, gw / 2 + 24, 10)
    + `<rect x="${x}" y="${y}" width="${gw + 28}" height="${gh + 84}" rx="12" fill="url(#bd)"/>`
    + stamped(esc(t.mark), `x="200" y="${y + 28}" ${sans} font-size="16" letter-spacing="1.5"`, p)
    + stamped(esc(line2), `x="200" y="${y + 54}" ${back ? MONO : sans} font-size="${fit(line2, gw, 13, 0.7)}"`, p)
    + `<rect x="${x + 14}" y="${y + 70}" width="${gw}" height="${gh}" fill="url(#cells)"/>`
    + `<path d="M ${x + 6} ${y + gh + 70} L ${x + gw * 0.5} ${y + 6} L ${x + gw * 0.62} ${y + 6} L ${x + 6} ${y + gh + 84}Z" fill="#fff" opacity=".14"/>`
    + '</svg>';
}

// ---- accessories ---------------------------------------------------------------------------------

function caption(text: string): string {
  return `<text x="200" y="372" font-family="${SANS}" font-weight="bold" font-size="${fit(text, 330, 17, 0.62)}" text-anchor="middle" fill="#3b4350">${esc(text)}</text>`;
}

const plastic = `<radialGradient id="pl" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".95"/><stop offset=".7" stop-color="#dfe9f3" stop-opacity=".55"/><stop offset="1" stop-color="#a9bccf" stop-opacity=".7"/></radialGradient>`;

function accessorySvg(kind: NonNullable<ImageHints['accessory']>, title: string, desc: string, label: string): string {
  switch (kind) {
    case 'capsules': {
      const caps = [[150, 170, 92], [250, 190, 92], [200, 250, 92]].map(([cx, cy, r]) =>
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#pl)" stroke="#8ea3b8" stroke-width="3"/><circle cx="${cx}" cy="${cy}" r="${r - 12}" fill="none" stroke="#b8c8d8" stroke-width="2"/>`
        + `<path d="M ${cx - r * 0.6} ${cy - r * 0.45} A ${r * 0.75} ${r * 0.75} 0 0 1 ${cx + r * 0.1} ${cy - r * 0.75}" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" opacity=".9"/>`).join('');
      return head(title, desc, plastic) + shadow(204, 350, 150, 10, 0.15) + caps + caption(label) + '</svg>';
    }
    case 'tube': {
      const coins = Array.from({ length: 20 }, (_, i) => `<rect x="${122 + i * 8}" y="154" width="6" height="92" rx="2" fill="#c9ced4" stroke="#8a9199" stroke-width="1"/>`).join('');
      return head(title, desc, plastic)
        + shadow(204, 300, 160, 10, 0.18)
        + coins
        + `<rect x="92" y="140" width="236" height="120" rx="18" fill="url(#pl)" stroke="#8ea3b8" stroke-width="3"/>`
        + `<rect x="316" y="134" width="40" height="132" rx="10" fill="#3b4a5e"/><path d="M 324 140 v 120 M 333 140 v 120 M 342 140 v 120" stroke="#5d6f86" stroke-width="3"/>`
        + `<path d="M 108 156 H 300" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity=".85"/>`
        + caption(label) + '</svg>';
    }
    case 'coin-box': {
      const wells: string[] = [];
      for (let r = 0; r < 5; r++) for (let c = 0; c < 6; c++) {
        const cx = 92 + c * 43;
        const cy = 168 + r * 38;
        wells.push(`<circle cx="${cx}" cy="${cy}" r="16" fill="#101b3d" stroke="#2f4479" stroke-width="2"/>`);
      }
      const gold = `<circle cx="92" cy="168" r="13" fill="#dfab35"/><circle cx="135" cy="168" r="13" fill="#c4c9cf"/><circle cx="178" cy="168" r="13" fill="#dfab35"/>`;
      return head(title, desc, `<linearGradient id="lid" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2e3f73"/><stop offset="1" stop-color="#18234a"/></linearGradient>`)
        + shadow(204, 354, 170, 10)
        + `<rect x="40" y="40" width="320" height="96" rx="10" fill="url(#lid)"/><rect x="52" y="52" width="296" height="72" rx="6" fill="#f2f1ee" opacity=".9"/>`
        + `<text x="200" y="96" font-family="${SANS}" font-weight="bold" font-size="20" text-anchor="middle" fill="#18234a">LINDNER</text>`
        + `<rect x="40" y="136" width="320" height="208" rx="10" fill="#1f2d59"/><rect x="52" y="144" width="296" height="192" rx="6" fill="#1a2650"/>`
        + wells.join('') + gold + caption(label) + '</svg>';
    }
    case 'bullion-box': {
      const slots: string[] = [];
      for (let r = 0; r < 2; r++) for (let c = 0; c < 5; c++) slots.push(`<rect x="${74 + c * 52}" y="${160 + r * 78}" width="40" height="64" rx="4" fill="#1b1b1b" stroke="#3a3a3a"/>`);
      const bars = `<rect x="78" y="164" width="32" height="56" rx="4" fill="#dfab35"/><rect x="130" y="164" width="32" height="56" rx="4" fill="#f7d879"/><rect x="78" y="242" width="32" height="56" rx="4" fill="#c4c9cf"/>`;
      return head(title, desc, `<linearGradient id="lth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4a4f57"/><stop offset="1" stop-color="#22252a"/></linearGradient>`)
        + shadow(204, 352, 170, 10)
        + `<rect x="44" y="60" width="312" height="84" rx="12" fill="url(#lth)"/><rect x="182" y="118" width="36" height="30" rx="5" fill="#c9a227" stroke="#7d6214"/><circle cx="200" cy="131" r="4" fill="#3b2f0a"/>`
        + `<rect x="44" y="140" width="312" height="200" rx="12" fill="url(#lth)"/><rect x="58" y="150" width="284" height="180" rx="6" fill="#2b2e33"/>`
        + slots.join('') + bars + caption(label) + '</svg>';
    }
    case 'scale':
      return head(title, desc, `<linearGradient id="st" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef0f2"/><stop offset="1" stop-color="#a9afb6"/></linearGradient><linearGradient id="sb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3d434b"/><stop offset="1" stop-color="#1c2026"/></linearGradient>`)
        + shadow(204, 340, 160, 10)
        + `<path d="M 60 200 L 340 200 L 360 320 L 40 320 Z" fill="url(#sb)"/>`
        + `<ellipse cx="200" cy="190" rx="120" ry="28" fill="url(#st)" stroke="#7d848c" stroke-width="2"/><ellipse cx="200" cy="186" rx="100" ry="20" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="2"/>`
        + `<circle cx="200" cy="172" r="30" fill="#dfab35" stroke="#a97817" stroke-width="3"/>`
        + `<rect x="120" y="236" width="160" height="48" rx="6" fill="#9fc7a6" stroke="#0e1a12" stroke-width="3"/>`
        + `<text x="270" y="272" font-family="'DejaVu Sans Mono','Liberation Mono',monospace" font-weight="bold" font-size="30" text-anchor="end" fill="#112016">31.10 g</text>`
        + `<circle cx="90" cy="298" r="9" fill="#555c66"/><circle cx="310" cy="298" r="9" fill="#555c66"/>`
        + caption(label) + '</svg>';
    case 'gloves': {
      const glove = (dx: number, flip: number) => `<g transform="translate(${dx} 0) scale(${flip} 1)">`
        + `<path d="M -50 330 L -54 220 C -70 200 -84 176 -80 160 C -76 150 -64 154 -58 168 L -48 190 L -52 96 C -52 84 -36 84 -34 96 L -30 176 L -28 80 C -28 66 -10 66 -10 80 L -8 174 L -4 88 C -4 74 14 74 14 88 L 14 180 L 22 108 C 24 94 40 96 40 110 L 34 226 L 36 330 Z" fill="#fbfbf8" stroke="#b9b6ad" stroke-width="3" stroke-linejoin="round"/>`
        + `<path d="M -48 304 H 34" stroke="#d4d0c5" stroke-width="10"/></g>`;
      return head(title, desc, '') + shadow(204, 342, 150, 10, 0.18) + glove(132, 1) + glove(268, -1) + caption(label) + '</svg>';
    }
    case 'magnifier':
      return head(title, desc, `<radialGradient id="ln" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#bcd3e6"/></radialGradient>`)
        + shadow(204, 344, 150, 10, 0.18)
        + `<rect x="232" y="226" width="44" height="128" rx="16" transform="rotate(-45 254 290)" fill="#23272e"/>`
        + `<circle cx="170" cy="170" r="104" fill="#2b3038"/><circle cx="170" cy="170" r="88" fill="url(#ln)"/>`
        + `<text x="170" y="190" font-family="${SERIF}" font-weight="bold" font-size="56" text-anchor="middle" fill="#8a6a1e">10×</text>`
        + `<path d="M 110 122 A 70 70 0 0 1 170 96" stroke="#fff" stroke-width="9" fill="none" stroke-linecap="round"/><circle cx="240" cy="96" r="7" fill="#fffbe0" stroke="#c9a227" stroke-width="2"/>`
        + caption(label) + '</svg>';
  }
}

// ---- per product ---------------------------------------------------------------------------------

const SWISS = new Set(['valcambi', 'pamp', 'argor-heraeus', 'metalor']);
/** refiners whose stamp is in German on the German market's bars: the English page shows their English stamp */
const GERMAN_STAMP = new Set(['heraeus', 'c-hafner', 'austrian-mint']);

/** The side's name in alt texts and titles (numismatic terms for coins). */
export const sideNames: Record<ImageSide, Texts> = {
  obverse: { de: 'Vorderseite', en: 'obverse' },
  reverse: { de: 'Rückseite', en: 'reverse' },
  front: { de: 'Vorderseite', en: 'front' },
  back: { de: 'Rückseite', en: 'back' },
};

type ProductForImages = Pick<CatalogueProduct, 'sku' | 'productType' | 'metal' | 'name' | 'attributes' | 'weightClass'>;

/** Every image file of a product, the obverse or front first (listings show it). */
export function productImageFiles(p: ProductForImages, raw: RawProduct): ImageFile[] {
  const name = { de: p.name['de-AT'], en: p.name.en };
  const labelled = (side: ImageSide, shows: Texts | null) => ({
    de: `${name.de} – ${sideNames[side].de}${shows ? `: ${shows.de}` : ''}`,
    en: `${name.en} – ${sideNames[side].en}${shows ? `: ${shows.en}` : ''}`,
  });
  const hints: ImageHints = raw.image ?? {};
  if (p.productType === 'accessory' || p.metal === null) {
    const alt = { de: name.de, en: name.en };
    return [{ side: 'front', lang: null, alt, svg: accessorySvg(hints.accessory ?? 'capsules', name.en, name.de, name.en) }];
  }
  const metal = p.metal;
  const fineness = p.attributes.fineness;
  if (p.productType === 'bar') {
    const maker = raw.manufacturer ? manufacturers[raw.manufacturer] : undefined;
    const pal = paletteOf(metal, fineness);
    const weight = (p.attributes.weightLabel?.en ?? '').toUpperCase().replace(/(\d) G\b/, '$1 g').replace(/(\d) KG\b/, '$1 kg');
    const text = (lang: 'de' | 'en'): BarText => ({
      mark: maker?.mark ?? '', weight, metalWord: METAL_WORDS[lang][metal], fineness: finenessText(fineness, lang),
      serial: serialOf(p.sku), swiss: SWISS.has(raw.manufacturer ?? ''),
    });
    const length = p.attributes.lengthMm ?? 50;
    const width = p.attributes.widthMm ?? 30;
    const cast = raw.production === 'cast';
    const frontShows: Texts = { de: 'Prägung mit Hersteller, Gewicht, Feingehalt und Seriennummer', en: 'stamped with refiner, weight, fineness and serial number' };
    const backShows: Texts = cast ? { de: 'raue Gussunterseite mit Herstellerzeichen', en: 'rough cast underside with the refiner\'s mark' } : { de: 'Muster mit dem Zeichen des Herstellers', en: 'pattern of the refiner\'s mark' };
    const front = (lang: 'de' | 'en') => {
      const t = text(lang);
      const title = `${name.en} – ${sideNames.front.en}`;
      const desc = `${name.de} – ${sideNames.front.de}`;
      return hints.combi ? combiBarSvg(title, desc, pal, t, false) : cast ? castBarSvg(title, desc, pal, t, length, width) : mintedBarSvg(title, desc, pal, t, length, width);
    };
    const backTitle = `${name.en} – ${sideNames.back.en}`;
    const backDesc = `${name.de} – ${sideNames.back.de}`;
    const t = text('en');
    const back = hints.combi ? combiBarSvg(backTitle, backDesc, pal, t, true) : cast ? castBarBackSvg(backTitle, backDesc, pal, t, length, width) : mintedBarBackSvg(backTitle, backDesc, pal, t, length, width);
    if (raw.family.startsWith('pamp-fortuna')) {
      // PAMP's design side is Lady Fortuna; the stamped specifications are on the back
      const fortunaShows: Texts = { de: 'Glücksgöttin Fortuna mit Rad und Füllhorn', en: 'Lady Fortuna with her wheel and cornucopia' };
      return [
        { side: 'front', lang: null, svg: mintedBarMotifSvg(`${name.en} – ${sideNames.front.en}`, `${name.de} – ${sideNames.front.de}`, pal, t, 'fortuna', length, width), alt: labelled('front', fortunaShows) },
        { side: 'back', lang: null, svg: mintedBarSvg(backTitle, backDesc, pal, t, length, width), alt: labelled('back', frontShows) },
      ];
    }
    const fronts: ImageFile[] = GERMAN_STAMP.has(raw.manufacturer ?? '')
      ? [{ side: 'front', lang: 'de', svg: front('de'), alt: labelled('front', frontShows) }, { side: 'front', lang: 'en', svg: front('en'), alt: labelled('front', frontShows) }]
      : [{ side: 'front', lang: null, svg: front('en'), alt: labelled('front', frontShows) }];
    return [...fronts, { side: 'back', lang: null, svg: back, alt: labelled('back', backShows) }];
  }
  const design = coinDesign({ sku: p.sku, family: raw.family, metal, weight: p.weightClass, fineness });
  if (!design) throw new Error(`${p.sku}: no coin design for product line ${raw.family}`);
  return (['obverse', 'reverse'] as const).map((side): ImageFile => {
    const face = design[side];
    const title = `${name.en} – ${sideNames[side].en}`;
    const desc = `${name.de} – ${sideNames[side].de}`;
    const svg = hints.set
      ? proofSetSvg(title, desc, metal, fineness, face, `${face.top ?? ''} · PROOF SET ${hints.set}`)
      : coinFaceSvg(title, desc, metal, fineness, face, hints.proof === true);
    return { side, lang: null, svg, alt: labelled(side, face.shows) };
  });
}

/** public/images/products/<sku>-<side>[-<lang>].<content hash>.svg */
export function imageFileName(sku: string, f: Pick<ImageFile, 'side' | 'lang' | 'svg'>): string {
  const hash = createHash('sha256').update(f.svg).digest('hex').slice(0, 10);
  return `${sku.toLowerCase()}-${f.side}${f.lang ? `-${f.lang}` : ''}.${hash}.svg`;
}

/** The stored images of a product: one per side, its url per language. */
export function storedImages(sku: string, files: ImageFile[]): StoredImage[] {
  const sides = [...new Set(files.map((f) => f.side))];
  return sides.map((side) => {
    const of = (lang: 'de' | 'en') => files.find((f) => f.side === side && (f.lang === lang || f.lang === null))!;
    const de = of('de');
    const en = of('en');
    return {
      side,
      url: { 'de-AT': `/images/products/${imageFileName(sku, de)}`, en: `/images/products/${imageFileName(sku, en)}` },
      alt: { 'de-AT': de.alt.de, en: en.alt.en },
      width: IMAGE_SIZE,
      height: IMAGE_SIZE,
    };
  });
}
