// HTTP to the price service (its socket is upstream.ts): one keep-alive pool, a timeout per request, and
// the raw body text (the workers parse it, not the main thread).
import { Agent, request } from 'undici';

export interface PricesHttp {
  /** GET path (with its query) as text; throws on any status but 200 */
  getText(path: string): Promise<string>;
  close(): Promise<void>;
}

export function createPricesHttp(opts: { baseUrl: string | (() => string); timeoutMs: number }): PricesHttp {
  const baseOf = typeof opts.baseUrl === 'function' ? opts.baseUrl : () => opts.baseUrl as string;
  const dispatcher = new Agent({ keepAliveTimeout: 60_000, connections: 16 });
  return {
    async getText(path) {
      const res = await request(`${baseOf().replace(/\/$/, '')}${path}`, {
        dispatcher,
        headers: { accept: 'application/json' },
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
      });
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new Error(`GET ${path.split('?')[0]} answered HTTP ${res.statusCode}`);
      }
      return res.body.text();
    },
    close: () => dispatcher.close(),
  };
}
