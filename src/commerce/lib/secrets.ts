// Opaque random values and their stored form. Tokens travel in cookies and links; only their sha256 is
// kept, so a copy of the database does not hand out sessions or reset links.
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url, with a short prefix that says what the value is (at_, rt_, ev_, pr_). */
export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
