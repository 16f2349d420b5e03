// The browser port (the design card's one-way rule: views/ never imports client/). Everything the views
// need from the browser's runtime - live prices over the socket, the cart and session stores, the
// customer, consent, tracking, the build check and the data cache (SWR) - reaches them through this React
// context, typed by the interface below. The browser entry (client/entry.tsx) provides client/'s
// implementation; the server's render (views/server.tsx) provides the inert one, so the server bundle
// never loads SWR, the price socket or the tracking code.
//
// Decision: one context with the services grouped by concern, not one context per service: a view asks
// `useBrowser()` once and names what it uses (`browser.carts.addProduct`), and a new service is one field
// here, one in client/browser.ts and one in the inert implementation. The hooks of views/hooks/ wrap the
// port's hooks under their old names, so a component reads prices or carts as before.
//
// A port hook is called like any hook (the same port object for the life of the tree, so the order of
// hooks never changes); a port action is called from event handlers and effects only, never in render.
import { createContext, useContext } from 'react';
import type { BrowserPort } from './browser-types.ts';
import { inertBrowser } from './inert-browser.ts';

export const BrowserPortContext = createContext<BrowserPort>(inertBrowser);

/** The browser's services (the inert ones on the server and outside a provider). */
export function useBrowser(): BrowserPort {
  return useContext(BrowserPortContext);
}

export type { BrowserPort, QueryKey, QueryOptions } from './browser-types.ts';
