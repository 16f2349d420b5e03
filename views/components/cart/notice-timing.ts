/**
 * Decision: an added-to-cart notice goes after 6 s, a removed line's (with its undo) after 10 s; the time
 * starts again when the pointer or focus leaves it. Errors and the recalculation failure stay until closed.
 */
export const NOTICE_VISIBLE_MS = { added: 6_000, removed: 10_000, 'line-removed': 10_000 } as const;
