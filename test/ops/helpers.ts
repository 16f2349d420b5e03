// The operators' harness: the commerce harness (database per file, app per test) plus signing operators in
// and calling /ops without x-store-key, the way the back office does.
import type { LightMyRequestResponse } from 'fastify';
import type { OpsLoginResponse } from '../../src/contracts/ops.ts';
import type { Api } from '../commerce/helpers.ts';

/** OPS_DEMO_PASSWORD's default: the demo operators' password outside production. */
export const DEMO_PASSWORD = 'Demo-Operator-2026';

export type DemoRole = 'admin' | 'finance' | 'warehouse' | 'support';

export function opsCall(api: Api, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return api.call(method, url, { store: null, token, body, headers });
}

export async function opsLogin(api: Api, email: string, password = DEMO_PASSWORD): Promise<OpsLoginResponse> {
  const res = await opsCall(api, 'POST', '/ops/login', null, { email, password });
  if (res.statusCode !== 200) throw new Error(`ops login failed: ${res.statusCode} ${res.body}`);
  return res.json() as OpsLoginResponse;
}

/** The token of a demo operator of that role (admin@ops.example, ...). */
export async function demoToken(api: Api, role: DemoRole): Promise<string> {
  return (await opsLogin(api, `${role}@ops.example`)).accessToken;
}
