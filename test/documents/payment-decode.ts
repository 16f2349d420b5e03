// Reading payment slips back with tools that did not write them (issue 25): poppler's pdftoppm renders a
// PDF page to PNG as a printer would, zbar's zbarimg decodes the QR code in a PNG, poppler's pdftotext
// reads the printed texts. Installed on CI by .ci/run (poppler-utils, zbar-tools).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function inTmp<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'slip-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The first page of a PDF rendered by pdftoppm at dpi, in grey (-gray: a PGM, a raster this file can paint
 * on without a PNG codec; zbarimg reads it like the PNG of -png).
 */
export function pdfPageRaster(pdf: Buffer, dpi = 200): Buffer {
  return inTmp((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', join(dir, 'in.pdf'), join(dir, 'page')]);
    return readFileSync(join(dir, 'page.pgm'));
  });
}

/** The text of a PDF in reading layout (pdftotext -layout). */
export function pdfText(pdf: Buffer): string {
  return inTmp((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
  });
}

/** The QR codes zbarimg finds in an image (PNG, PGM), their raw contents (one symbol: one string); [] when none. */
export function zbarDecode(image: Buffer): string[] {
  return inTmp((dir) => {
    writeFileSync(join(dir, 'in.img'), image);
    let out: string;
    try {
      // -Sbinary: the bytes as encoded (UTF-8 by the codes' own rules), not guessed at and converted
      out = execFileSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', '-Sbinary', '--nodbus', join(dir, 'in.img')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch (e) {
      // zbarimg exits 4 when it found nothing
      if ((e as { status?: number }).status === 4) return [];
      throw e;
    }
    return out === '' ? [] : [out.replace(/\n$/, '')];
  });
}

/**
 * The Swiss cross in the middle of the Swiss QR code painted over in black, on a page of a QR-bill slip.
 * Why: zbar takes the cross (a black square in a white ring, like a finder pattern) for a finder pattern
 * and finds no code (mchehab/zbar issues 121, 167, 216: open); banking apps' readers do not. The cross
 * covers modules the code's error correction (level M) restores, so painting it over changes no data:
 * every byte read still comes from the rendered code. The place is the SIX style guide's: the code 46 mm
 * square at 67 mm from the slip's left and 17 mm from its top, the cross 7 mm square in its centre.
 */
export function paintOverSwissCross(pgm: Buffer, dpi: number): Buffer {
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!head) throw new Error('not an 8-bit PGM');
  const width = Number(head[1]);
  const out = Buffer.from(pgm);
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  for (let y = px(40 - 3.6); y < px(40 + 3.6); y++) out.fill(0, head[0].length + y * width + px(90 - 3.6), head[0].length + y * width + px(90 + 3.6));
  return out;
}
