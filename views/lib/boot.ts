import { createContext } from 'react';
import type { BootInfo } from './context.tsx';

/** Visit-wide facts (store, build, canonical origin), set once by the server render or the browser entry. */
export const BootContext = createContext<BootInfo>({
  store: 'ch', buildId: 'dev', canonicalOrigin: 'http://ch.localhost', session: { level: 'guest' },
  storeOrigins: { at: '', ch: '', de: '', li: '', us: '' },
});
