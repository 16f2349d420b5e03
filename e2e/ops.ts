// The staff's side of an order in browser tests of the customer's pages (issue 15): a step of the lifecycle
// taken through the commerce service's operators' API (/ops, on PORT+1) with a demo operator, as the back
// office does, so a test can show the customer what follows (payment, shipment, assay).
import type { APIRequestContext } from '@playwright/test';
import { expect, PORT } from './fixtures.ts';

const COMMERCE = `http://127.0.0.1:${PORT + 1}`;
const OPS_PASSWORD = process.env.OPS_DEMO_PASSWORD ?? 'Demo-Operator-2026';

export type OpsRole = 'finance' | 'warehouse' | 'support' | 'admin';

/** POST /ops/orders/{id}/{step} as the demo operator of the role; answers the order's ops detail. */
export async function opsStep(request: APIRequestContext, role: OpsRole, orderId: string, step: string, body: unknown): Promise<any> {
  const login = await request.post(`${COMMERCE}/ops/login`, { data: { email: `${role}@ops.example`, password: OPS_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = await login.json();
  const res = await request.post(`${COMMERCE}/ops/orders/${orderId}/${step}`, { headers: { authorization: `Bearer ${accessToken}` }, data: body });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Finance records the whole transfer of a purchase (reference: its order number, value date today). */
export function paidByTransfer(request: APIRequestContext, order: { id: string; orderNumber: string; totalGrossPrice: { centAmount: number; currencyCode: string } }) {
  return opsStep(request, 'finance', order.id, 'payments', {
    centAmount: order.totalGrossPrice.centAmount, currency: order.totalGrossPrice.currencyCode, reference: order.orderNumber, valueDate: new Date().toISOString().slice(0, 10),
  });
}
