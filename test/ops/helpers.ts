// The operators' harness: the commerce harness (database per file, app per test) plus signing operators in
// and calling /ops without x-store-key, the way the back office does. Issue 26: every sign-in passes a second
// step; opsLogin passes it as the operator would (enrols TOTP at the first sign-in, types a code afterwards).
import type { LightMyRequestResponse } from 'fastify';
import type { OpsLoginResponse, OpsSecondStepResult } from '../../src/contracts/ops.ts';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import type { Db } from '../../src/commerce/db/index.ts';
import type { Api } from '../commerce/helpers.ts';

/** OPS_DEMO_PASSWORD's default: the demo operators' password outside production. */
export const DEMO_PASSWORD = 'Demo-Operator-2026';

export type DemoRole = 'admin' | 'finance' | 'warehouse' | 'support';

export function opsCall(api: Api, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return api.call(method, url, { store: null, token, body, headers });
}

/** The operator's TOTP secret as stored (enrolled or being enrolled): what its authenticator app holds. */
export async function totpSecretOf(db: Db, email: string): Promise<string> {
  const [row] = await db.query<{ totp_secret: string | null }>('select totp_secret from operators where lower(email) = lower($1)', [email]);
  if (!row?.totp_secret) throw new Error(`${email} has no TOTP secret`);
  return row.totp_secret;
}

/**
 * The tests' clock stands still, and a TOTP time step is accepted once: a second sign-in in the same 30 s
 * would be refused as a replay. Tests that are not about the second factor sign in many times at one
 * moment, so this forgets the spent step, as if the next period had come (the tests of the factor itself,
 * test/ops/second-factor.test.ts, never call it).
 */
export async function forgetSpentStep(db: Db, email: string): Promise<void> {
  await db.query('update operators set totp_last_step = null where lower(email) = lower($1)', [email]);
}

/** Passes the second step of a login answer: enrols (first sign-in) or types the current code. */
export async function passSecondStep(api: Api, login: OpsLoginResponse, email: string): Promise<OpsSecondStepResult> {
  const token = login.accessToken;
  if (login.secondStep === 'enrol') {
    const started = await opsCall(api, 'POST', '/ops/login/enrolment', token);
    if (started.statusCode !== 200) throw new Error(`ops enrolment failed: ${started.statusCode} ${started.body}`);
    const { secret } = started.json() as { secret: string };
    const res = await opsCall(api, 'POST', '/ops/login/enrolment/confirm', token, { code: totpCode(secret, api.clock().getTime()) });
    if (res.statusCode !== 200) throw new Error(`ops enrolment confirm failed: ${res.statusCode} ${res.body}`);
    return res.json() as OpsSecondStepResult;
  }
  await forgetSpentStep(api.db, email);
  const secret = await totpSecretOf(api.db, email);
  const res = await opsCall(api, 'POST', '/ops/login/second-factor', token, { code: totpCode(secret, api.clock().getTime()) });
  if (res.statusCode !== 200) throw new Error(`ops second factor failed: ${res.statusCode} ${res.body}`);
  return res.json() as OpsSecondStepResult;
}

/** Signs an operator in fully (password, then the second step); the token opens every call its roles allow. */
export async function opsLogin(api: Api, email: string, password = DEMO_PASSWORD): Promise<OpsLoginResponse> {
  const res = await opsCall(api, 'POST', '/ops/login', null, { email, password });
  if (res.statusCode !== 200) throw new Error(`ops login failed: ${res.statusCode} ${res.body}`);
  const login = res.json() as OpsLoginResponse;
  await passSecondStep(api, login, email);
  return login;
}

/** The token of a demo operator of that role (admin@ops.example, ...). */
export async function demoToken(api: Api, role: DemoRole): Promise<string> {
  return (await opsLogin(api, `${role}@ops.example`)).accessToken;
}
