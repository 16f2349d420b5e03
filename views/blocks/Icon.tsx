// The icon set of cards and how-to-sell steps (src/contracts/cms-blocks.ts CmsIcon): simple line drawings
// on a 24-unit grid in the current text colour. Decorative: the text beside each icon says what it means.
import type { IconName } from '../../src/contracts/content.ts';

const paths: Record<IconName, string> = {
  gold: 'M4 17h16l-2.5-6h-11L4 17Zm4-6 1.5-4h5L16 11M3 20h18',
  silver: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z',
  sell: 'M4 12h13m-4-5 5 5-5 5M20 5v14',
  depot: 'M4 4h16v16H4zM9 12a3 3 0 1 0 6 0 3 3 0 0 0-6 0m3-3V7m0 10v-2m7-3h1M4 8h2m-2 8h2',
  stores: 'M3 10 5 4h14l2 6M3 10h18M5 10v10h14V10M10 20v-5h4v5',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4',
  seal: 'M12 3a6 6 0 1 0 0 12 6 6 0 0 0 0-12Zm-3 11-1.5 7L12 19l4.5 2L15 14',
  people: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m1-9a3 3 0 1 0 0-6m2 15c0-2.6-1.3-4.7-3.5-5.6',
  cart: 'M3 4h2.5l2 11h11l2-8H6.5M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm9 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  calculator: 'M6 3h12v18H6zM9 7h6M9 11h1m2 0h1m2 0h0M9 14h1m2 0h1m2 0v3M9 17h1m2 0h1',
  package: 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Zm0 0L12 12l9-4.5M12 12v9M7.5 5.3l9 4.5',
  inspect: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM15.5 15.5 21 21M8 10.5h5m-2.5-2.5v5',
  payout: 'M3 7h18v10H3zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM6 12h.01M18 12h.01',
};

export function Icon({ name, className = 'icon' }: { name: IconName; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
