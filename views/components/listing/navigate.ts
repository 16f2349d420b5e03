// Moving to another state of a listing: a new URL (the URL holds the state), loaded by the router without
// a reload and without jumping to the top.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export function useListingNavigate(): (href: string) => void {
  const navigate = useNavigate();
  return useCallback((href: string) => void navigate(href, { preventScrollReset: true }), [navigate]);
}

/** The form's fields as a query (repeated names stay repeated). */
export function formQuery(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v !== '') params.append(k, v);
  return params;
}

/** A click handler for a listing link: a plain left click goes through the router (no reload, no jump);
 * any other click (new tab, modifier keys) is the browser's. */
export function useFollow(): (href: string, before?: () => void) => (e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean; preventDefault(): void }) => void {
  const navigate = useListingNavigate();
  return useCallback(
    (href: string, before?: () => void) => (e) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      before?.();
      navigate(href);
    },
    [navigate],
  );
}
