// spec 9: consent detection polls every 100 ms up to 5 s for a consent tool that loads late. The shop asks
// for consent itself (consent.ts); a consent management tool added to the site (through the tag manager,
// so it may arrive seconds after the page) takes over when it appears: the choice the visitor made there
// becomes the shop's, and the shop's banner goes. The tool is OneTrust-compatible: its categories C0001 to
// C0005 are the spec's five groups (Necessary, Performance, Functional, Targeting, Social).
import { getConsent, saveConsent, type ConsentChoice } from './consent.ts';

export const CONSENT_POLL_MS = 100; // spec 9: every 100 ms
export const CONSENT_POLL_MAX_MS = 5_000; // spec 9: up to 5 s

const categories: Record<string, keyof ConsentChoice> = {
  C0001: 'necessary', C0002: 'performance', C0003: 'functional', C0004: 'targeting', C0005: 'social',
};

interface ToolWindow {
  OneTrust?: unknown;
  /** ",C0001,C0003," : the categories the visitor allowed */
  OnetrustActiveGroups?: unknown;
}

/** The tool's choice, or null while the tool is not there (or says nothing yet). */
export function toolChoice(w: ToolWindow): Partial<ConsentChoice> | null {
  if (!w.OneTrust || typeof w.OnetrustActiveGroups !== 'string') return null;
  const active = new Set(w.OnetrustActiveGroups.split(',').map((s) => s.trim()).filter(Boolean));
  const choice: Partial<ConsentChoice> = {};
  for (const [id, group] of Object.entries(categories)) choice[group] = active.has(id);
  return choice;
}

/**
 * Looks for the tool now and every 100 ms for 5 s; adopts its choice when found (once) unless the visitor
 * already chose in the shop. Answers a function that stops looking. `timers` for tests (a fake clock).
 */
export function detectConsentTool(w: ToolWindow = window as unknown as ToolWindow, timers: { setInterval: typeof setInterval; clearInterval: typeof clearInterval } = globalThis): () => void {
  let waited = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer !== null) timers.clearInterval(timer);
    timer = null;
  };
  const look = (): boolean => {
    const choice = toolChoice(w);
    if (!choice) return false;
    if (!getConsent().decided) saveConsent(choice);
    return true;
  };
  if (look()) return stop;
  timer = timers.setInterval(() => {
    waited += CONSENT_POLL_MS;
    if (look() || waited >= CONSENT_POLL_MAX_MS) stop();
  }, CONSENT_POLL_MS);
  return stop;
}
