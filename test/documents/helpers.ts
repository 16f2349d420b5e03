// The document tests' helpers: the stored document of an order read straight from the table, and the text of
// a PDF as an independent reader sees it (poppler's pdftotext, not the library that wrote it).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Db } from '../../src/commerce/db/index.ts';

export interface StoredDoc {
  id: string; kind: string; number: string; company_key: string; year: number; seq: number; order_id: string; sha256: string; issued_at: Date;
  refers_to: string | null; pdf: Buffer;
}

export async function docsOf(db: Db, orderId: string): Promise<StoredDoc[]> {
  const rows = await db.query<StoredDoc & { pdf: Uint8Array }>(
    'select id, kind, number, company_key, year, seq, order_id, sha256, issued_at, refers_to, pdf from documents where order_id = $1 order by number', [orderId],
  );
  return rows.map((r) => ({ ...r, pdf: Buffer.from(r.pdf) }));
}

/** The PDF's text laid out as on the page (pdftotext -layout). */
export function pdfText(pdf: Uint8Array): string {
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
  // DUMP_PDF_DIR=/tmp/x: each PDF read and its text are written there, to look at
  if (process.env.DUMP_PDF_DIR) {
    const name = `${process.env.DUMP_PDF_DIR}/${sha256(pdf).slice(0, 12)}`;
    writeFileSync(`${name}.pdf`, pdf);
    writeFileSync(`${name}.txt`, text);
  }
  return text;
}

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
