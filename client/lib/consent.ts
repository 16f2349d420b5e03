// The visitor's cookie consent (spec 3 consent groups: Necessary, Performance, Functional, Targeting,
// Social). Every group but Necessary is denied until the visitor gives it (spec 1: consent defaults
// denied). The choice is remembered in this browser (localStorage), never sent to or read by the server:
// the guest page cache serves the same HTML to everyone, so whether the banner shows, and whether a video
// or map loads, is decided here after hydration. The server and the first browser render see "not known
// yet" (null) and show the neutral placeholders.
import { useSyncExternalStore } from 'react';

export const consentGroups = ['necessary', 'performance', 'functional', 'targeting', 'social'] as const;
export type ConsentGroup = (typeof consentGroups)[number];
export type ConsentChoice = Record<ConsentGroup, boolean>;

export interface ConsentState {
  choice: ConsentChoice;
  /** false until the visitor chose (the banner shows); the choice is then all denied but Necessary */
  decided: boolean;
}

/** Bump when the groups or their meaning change: every visitor is asked again. */
export const CONSENT_VERSION = 1;
export const CONSENT_STORAGE_KEY = 'aurum-consent';

export const deniedChoice: ConsentChoice = { necessary: true, performance: false, functional: false, targeting: false, social: false };
export const grantedChoice: ConsentChoice = { necessary: true, performance: true, functional: true, targeting: true, social: true };

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

function load(): ConsentState {
  return parseStored(storage()?.getItem(CONSENT_STORAGE_KEY) ?? null) ?? undecided;
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
