// The preview page's end of the CMS editor's bridge (src/contracts/preview-bridge.ts): inside the editor's
// iframe, messages from the editor's origin become StoryblockUpdated events (spec 4) and reach the page,
// which shows the change without a reload. Outside an iframe nothing listens.
import { appEvents, emitAppEvent } from '../../src/contracts/app-events.ts';
import { bridgeMessage, EDITOR_ORIGINS, type BridgeMessage } from '../../src/contracts/preview-bridge.ts';

/** Listens for the editor's messages; answers the function that stops listening. */
export function startPreviewBridge(onMessage: (m: BridgeMessage) => void): () => void {
  if (typeof window === 'undefined' || window.parent === window) return () => {};
  const listener = (e: MessageEvent) => {
    // from the window that framed us, and from the editor's origin only
    if (e.source !== window.parent) return;
    const m = bridgeMessage(e.origin, e.data);
    if (!m) return;
    emitAppEvent(appEvents.storyblockUpdated, { action: m.action, storyId: m.storyId });
    onMessage(m);
  };
  window.addEventListener('message', listener);
  // tell the editor the page listens (Storyblok's bridge announces itself the same way); a target origin
  // that is not the parent's drops the message, so only the editor hears it
  for (const origin of EDITOR_ORIGINS) {
    try {
      window.parent.postMessage({ action: 'loaded', url: window.location.href }, origin);
    } catch {
      // nothing to tell
    }
  }
  return () => window.removeEventListener('message', listener);
}
