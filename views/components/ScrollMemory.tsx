// Where a page opens (issue 17). A new page opens at its top (a product opened from a scrolled listing, "View
// cart" from a notice); Back and Forward return to where the shopper was on that page. react-router's
// ScrollRestoration does both for in-app navigations: it keeps each history entry's position (in memory and,
// across reloads, in sessionStorage) and restores it once the entry's page has rendered with its data (the
// shop's pages load their data before they render, so the restored page has its full height). The first,
// streamed page is the browser's own: nothing is restored over it, and a reload restores natively.
//
// Decisions:
// - A link to #anchor (on this page or with a path) scrolls to that element, as the browser would.
// - A change of the listing's state (filters, sort, "load more": listing/navigate.ts) keeps the position: the
//   shopper stays beside the filter they just set and the products they were looking at (navigate with
//   preventScrollReset). Any other navigation starts at the top.
// - Entries the browser made itself have no router key ('default': the first page of the tab, a plain
//   <a href="#...">): their position is kept under their URL, so a fragment link and the landing page
//   never share one remembered position.
import { ScrollRestoration, type Location } from 'react-router';

export function scrollKey(location: Pick<Location, 'key' | 'pathname' | 'search' | 'hash'>): string {
  return location.key === 'default' ? `${location.pathname}${location.search}${location.hash}` : location.key;
}

export function ScrollMemory() {
  return <ScrollRestoration getKey={scrollKey} />;
}
