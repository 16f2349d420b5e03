// The visitor's cookie consent (spec 3 consent groups: Necessary, Performance, Functional, Targeting,
// Social). Every group but Necessary is denied until the visitor gives it (spec 1: consent defaults
// denied). The choice is kept in a cookie (src/contracts/consent.ts) that the server reads: it renders the
// consent banner with the page when there is no choice yet, and leaves it out once there is one (no late
// banner painting over the page). localStorage holds a copy, so other tabs hear of a change (and a choice
// stored before the cookie existed still counts). Whether a video or map loads is decided here after
// hydration: the server and the first browser render show the neutral placeholders.
import { useSyncExternalStore } from 'react';
import {
  CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_S, CONSENT_VERSION, consentCookieValue, consentGroups, deniedChoice, parseConsentCookie,
  type ConsentChoice, type ConsentGroup,
} from '../../src/contracts/consent.ts';
import { grantedChoice, type ConsentState } from '../../views/lib/browser-types.ts';

export { CONSENT_VERSION, consentGroups, deniedChoice, type ConsentChoice, type ConsentGroup };

export type { ConsentState };

export const CONSENT_STORAGE_KEY = 'aurum-consent';

export { grantedChoice };

const undecided: ConsentState = { choice: deniedChoice, decided: false };

let current: ConsentState | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked by the browser: the choice lasts for this page only
  }
}

/** A stored choice, or null when there is none, it is of another version or it is not ours. */
export function parseStored(raw: string | null): ConsentState | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { version?: unknown; groups?: Record<string, unknown> };
    if (v.version !== CONSENT_VERSION || !v.groups || typeof v.groups !== 'object') return null;
    const choice = { ...deniedChoice };
    for (const g of consentGroups) if (g !== 'necessary') choice[g] = v.groups[g] === true;
    return { choice, decided: true };
  } catch {
    return null;
  }
}

function readCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === CONSENT_COOKIE) return v.join('=');
  }
  return null;
}

function writeCookie(choice: ConsentChoice) {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(choice)}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

function load(): ConsentState {
  const fromCookie = parseConsentCookie(readCookie());
  if (fromCookie) return { choice: fromCookie, decided: true };
  // a choice stored in this browser before the cookie existed: the server learns it from now on
  const stored = parseStored(storage()?.getItem(CONSENT_STORAGE_KEY) ?? null);
  if (stored) writeCookie(stored.choice);
  return stored ?? undecided;
}

function emit() {
  for (const l of listeners) l();
}

/** The current state in this browser. */
export function getConsent(): ConsentState {
  return (current ??= load());
}

/** Records the visitor's choice (Necessary is always on) and tells every subscriber. */
export function saveConsent(choice: Partial<ConsentChoice>): ConsentState {
  const full: ConsentChoice = { ...deniedChoice, ...choice, necessary: true };
  current = { choice: full, decided: true };
  writeCookie(full);
  try {
    storage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ version: CONSENT_VERSION, groups: full, savedAt: new Date().toISOString() }));
  } catch {
    // quota or privacy mode: the choice still holds for this page
  }
  emit();
  return current;
}

/** Grants one group on top of the current choice (the video and map placeholders' buttons). */
export function grantConsent(group: ConsentGroup): ConsentState {
  return saveConsent({ ...getConsent().choice, [group]: true });
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  // another tab of the shop changed the choice
  const onStorage = (e: StorageEvent) => {
    if (e.key !== CONSENT_STORAGE_KEY) return;
    current = load();
    listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** Forgets the cached state (tests, and a storage cleared behind our back). */
export function resetConsentForTests(): void {
  current = null;
  settingsOpen = false;
  settingsReturn = null;
  emit();
  emitSettings();
}

const serverSnapshot = () => null;

/** The consent state; null on the server and in the hydrating render (not known there). */
export function useConsent(): ConsentState | null {
  return useSyncExternalStore(subscribeConsent, getConsent, serverSnapshot);
}

/** Whether a group is granted; false on the server and while hydrating. */
export function useConsentFor(group: ConsentGroup): boolean {
  return useConsent()?.choice[group] ?? false;
}

// ---------------------------------------------------------------- the settings dialog

let settingsOpen = false;
/** where focus returns when the settings close (the button that opened them) */
let settingsReturn: HTMLElement | null = null;
const settingsListeners = new Set<() => void>();

function emitSettings() {
  for (const l of settingsListeners) l();
}

function subscribeSettings(listener: () => void): () => void {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
}

/** Opens the consent settings (footer link, banner, video and map placeholders). */
export function openConsentSettings(opener?: HTMLElement | null): void {
  settingsReturn = opener ?? (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null);
  settingsOpen = true;
  emitSettings();
}

/** Closes them and gives focus back to what opened them. */
export function closeConsentSettings(): void {
  if (!settingsOpen) return;
  settingsOpen = false;
  emitSettings();
  const back = settingsReturn;
  settingsReturn = null;
  // the opener may be gone (a video placeholder replaced by its video): then the main content
  const target = back && back.isConnected ? back : document.getElementById('main');
  target?.focus({ preventScroll: !back?.isConnected });
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(subscribeSettings, () => settingsOpen, () => false);
}
