// The outcome of a sent form and the privacy policy's path, for the forms and for the notices of the mails'
// links (newsletter, availability alert) that show a result without a form: no import of the fields here,
// so a page with a notice and no form does not load the form code (issue 27).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { localizedPath } from '../../../src/screens.ts';
import type { Language } from '../../../src/stores.ts';
import type { Result } from '../../../src/contracts/result.ts';

/** The privacy policy is a CMS page with a fixed path per language (as the footer's legal links). */
export function privacyPath(lang: Language): string {
  return localizedPath(lang, lang === 'de' ? '/datenschutz' : '/privacy-policy');
}

/** The outcome of a sent form: announced and focused, so keyboard and screen-reader users land on it. */
export function ResultMessage({ children, tone = 'ok', className }: { children: ReactNode; tone?: 'ok' | 'info'; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className={`form-status form-status-${tone} form-result${className ? ` ${className}` : ''}`} role="status" tabIndex={-1} ref={ref}>
      {children}
    </div>
  );
}

/** How a mail's link went: its success message, or the call's error message. */
export interface LinkResult { ok: boolean; message: string }

/**
 * A mail's link that opened the page with a token (the newsletter's confirm and unsubscribe, the availability
 * alert's confirm and cancel): sends it once per token (POST: a mail scanner opening the link changes
 * nothing) and answers how it went, null until then and without a token.
 */
export function useMailLinkResult(token: string | null, send: (token: string) => Promise<Result<unknown>>, okMessage: string): LinkResult | null {
  const [result, setResult] = useState<LinkResult | null>(null);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    void send(token).then((r) => setResult(r.error ? { ok: false, message: r.error.message } : { ok: true, message: okMessage }));
  }, [token, send, okMessage]);
  return token ? result : null;
}
