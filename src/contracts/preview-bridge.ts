// The preview bridge (spec 4 StoryblockUpdated): the CMS's visual editor shows a preview page in an iframe
// and posts what the editor does to it. Only the editor's own origins are believed (any other page could
// frame ours and post), and only messages of the shape Storyblok's bridge uses: { action, story?, storyId? }.
// 'input' carries the story as typed (unsaved); 'change' and 'published' say it was saved.

/** Storyblok's visual editor, per region (EU, US, CA, AP). Preview pages may be framed by these only. */
export const EDITOR_ORIGINS: readonly string[] = [
  'https://app.storyblok.com', 'https://app-us.storyblok.com', 'https://app-ca.storyblok.com', 'https://app-ap.storyblok.com',
];

export interface BridgeMessage {
  action: 'input' | 'change' | 'published';
  storyId: string | number | null;
  /** input: the story as the editor has it now (Storyblok's wire shape; only what the page reads is used) */
  story: { id?: number | string; uuid?: string; name?: string; content?: Record<string, unknown> } | null;
}

const actions = new Set(['input', 'change', 'published']);

/** A message from the editor, checked; null for anything else (other origins, other shapes, junk). */
export function bridgeMessage(origin: string, data: unknown): BridgeMessage | null {
  if (!EDITOR_ORIGINS.includes(origin)) return null;
  let d = data;
  if (typeof d === 'string') {
    if (d.length > 1_000_000) return null;
    try {
      d = JSON.parse(d);
    } catch {
      return null;
    }
  }
  if (!d || typeof d !== 'object') return null;
  const m = d as Record<string, unknown>;
  if (typeof m.action !== 'string' || !actions.has(m.action)) return null;
  const story = m.story && typeof m.story === 'object' && !Array.isArray(m.story) ? (m.story as BridgeMessage['story']) : null;
  const rawId = m.storyId ?? story?.id ?? null;
  const storyId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  return { action: m.action as BridgeMessage['action'], storyId, story };
}

/** Whether a message is about the story a preview page shows (by the story's uuid or id). */
export function concernsStory(m: BridgeMessage, page: { id: string }): boolean {
  if (m.story?.uuid) return m.story.uuid === page.id;
  // change/published name the story by its numeric id, which the page does not keep: the preview shows one story
  return true;
}

/** A preview path (/preview/..., /en/preview/...): the only pages the editor may frame. */
export function isPreviewPath(path: string): boolean {
  return /^\/(en\/)?preview\//.test(path);
}
