import { createContext } from 'react';

/** The CSP nonce of the current response (server render only; empty in the browser). */
export const NonceContext = createContext('');
