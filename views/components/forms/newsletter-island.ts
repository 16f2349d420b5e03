// The footer's newsletter form as an island (views/components/Island.tsx, issue 27): its fields, rules and form
// state (about 3 kB brotli) load on first use, or with the footer's own code (layout-islands.ts).
import type { IslandPart } from '../Island.tsx';

export const footerNewsletterPart: IslandPart<{ source: 'footer' }> = {
  name: 'footer-newsletter',
  load: () => import('./NewsletterForm.tsx').then((m) => m.NewsletterForm),
};
