// The layout's parts that come alive on first use (views/components/Island.tsx): their code is a chunk of its
// own, not in every page's entry. views/parts-in-place.ts registers their components for the server.
import type { IslandPart } from './Island.tsx';

/** The footer's newsletter form (its fields, rules and form state are about 3 kB brotli of JavaScript). */
export const footerNewsletterPart: IslandPart<{ source: 'footer' }> = {
  name: 'footer-newsletter',
  load: () => import('./forms/NewsletterForm.tsx').then((m) => m.NewsletterForm),
};
