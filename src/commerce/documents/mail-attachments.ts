// Issue 25: the files a mail carries, made when the outbox sends it (the kernel's outbox calls this resolver, which
// the documents plugin registers). A stored document: its bytes as issued (the same bytes as the download and the
// SHA-256 of its audit entry), named by its number. A payment slip: drawn again from the data its mail row keeps
// (the slip as computed when the order was placed, its language and creation time), so the bytes are the same on
// every send and resend, whatever the company facts say later.
import type { MailAttachment, MailAttachmentRef } from '../lib/outbox.ts';
import type { Db } from '../db/index.ts';
import { localeFor } from '../../stores.ts';
import { epcSlipPdf, qrBillPdf } from './payment-slip.ts';
import { documentWithPdf } from './repository.ts';

const PDF = 'application/pdf';

type SlipRef = Extract<MailAttachmentRef, { kind: 'payment_slip' }>;

/**
 * Decision: the payment slip is no document of record (no number, payment-slip-service.ts), so its file is named
 * after the order: DE-B-2026-000123-girocode.pdf, CH-B-2026-000123-qr-bill.pdf (the download route's name).
 */
async function slipFile(r: SlipRef): Promise<MailAttachment> {
  const de = r.lang === 'de';
  const creationDate = new Date(r.createdAt);
  if (r.slip.kind === 'qr-bill') {
    const title = `${de ? 'Zahlteil' : 'Payment part'} ${r.orderNumber}`;
    return { filename: `${r.orderNumber}-qr-bill.pdf`, contentType: PDF, content: await qrBillPdf(r.slip.input, r.lang, { title, creationDate }) };
  }
  const title = `GiroCode ${r.orderNumber}`;
  return {
    filename: `${r.orderNumber}-girocode.pdf`, contentType: PDF,
    content: await epcSlipPdf(r.slip.input, r.slip.payload, r.lang, { title, creationDate, locale: localeFor(r.storeKey, r.lang) }),
  };
}

export async function mailAttachments(db: Db, refs: MailAttachmentRef[]): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const r of refs) {
    if (r.kind === 'payment_slip') {
      files.push(await slipFile(r));
      continue;
    }
    const doc = await documentWithPdf(db, r.documentId);
    // a document is never deleted (migration 0041): a missing one is a bug, and the mail waits rather than go without it
    if (!doc) throw new Error(`mail attachment: document ${r.documentId} not found`);
    files.push({ filename: `${doc.number}.pdf`, contentType: PDF, content: doc.pdf });
  }
  return files;
}
