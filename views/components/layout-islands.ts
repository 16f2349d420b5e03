// The layout's parts that come alive on first use (views/components/Island.tsx): their code is a chunk of its
// own, not in every page's entry. views/parts-in-place.ts registers their components for the server.
//   - the footer (its links, the trust bar and legal line, the consent settings button): about 2 kB brotli of
//     every page's entry for links most visitors never reach. A link tapped before the code came is held
//     and followed in the app once it is there. When the page's language changes (a client-side navigation
//     to the other language), the footer comes alive to speak it.
//   - the footer's newsletter form (forms/newsletter-island.ts). The footer's code
//     brings it along (registered in place), so a form typed into before the footer came alive is live, with
//     what was typed, in the same step.
//   - the header's search box (about 1 kB brotli: the combobox with its suggestions): before its first use it
//     is what it is without JavaScript, a GET form to the search page; focus loads it, and what was typed,
//     the caret and an Enter are carried over (Island.tsx).
import type { IslandPart } from './Island.tsx';
import { registerDeferredPart } from './Deferred.tsx';
import { footerNewsletterPart } from './forms/newsletter-island.ts';

export { footerNewsletterPart };

/** The footer, with its newsletter form's code. */
export const footerPart: IslandPart<{ slim?: boolean }> = {
  name: 'footer',
  load: async () => {
    const [footer, form] = await Promise.all([import('./Footer.tsx'), footerNewsletterPart.load()]);
    registerDeferredPart(footerNewsletterPart, form);
    return footer.Footer;
  },
};

/** The header's search box with its suggestions. */
export const searchBoxPart: IslandPart<Record<string, never>> = {
  name: 'search-box',
  load: () => import('./SearchBox.tsx').then((m) => m.SearchBox),
};
