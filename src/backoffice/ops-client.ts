// The back office's only door to the shop: the commerce service's /ops calls over HTTP, with the operator's
// bearer token. One typed function per call (as views/state/shop-api.ts is for the browser): the body a call
// takes and the answer it gives come from src/contracts/ops.ts, the path is built here, so a screen can
// neither misspell a path nor read a field the service does not send. Each answers { data, error } (exactly
// one set); error is the service's refusal { status, code, message, details?, fields? } or, when the service
// cannot be reached, status 503 code `ops_unavailable`. The back office never touches a database.
import type { FieldError } from '../contracts/commerce.ts';
import type {
  AssayBody, AuditQuery, AuditResponse, BankStatementImport, BankStatementImportQuery, CancelBody, ChangeOwnPasswordBody, CreateOperatorBody, GoodsReceivedBody, GoodsReturnedBody,
  Operator, OperatorsResponse, OpsAction, OpsCase, OpsCaseAnswerBody, OpsCasesQuery, OpsCasesResponse, OpsLoginBody, OpsLoginResponse, OpsOrderDetail,
  OpsOrderQuery, OpsOrdersQuery, OpsOrdersResponse, PaymentBody, PaymentFailedBody, PayoutBody, PickupBody, ShipmentBody, UpdateOperatorBody,
} from '../contracts/ops.ts';
import type {
  BulkPaymentsBody, BulkResult, BulkShipmentsBody, OpsPickupStoresResponse, PackingSlipsBody, PackingSlipsResponse, SavedView, SavedViewBody, SavedViewsResponse,
  ScrapBoxSentBody,
} from '../contracts/ops-lists.ts';
import type { OpsDocumentsCsvQuery, OpsDocumentsFilter, OpsDocumentsQuery, OpsDocumentsResponse, OpsOrderDocumentsResponse } from '../contracts/ops-documents.ts';
import type { OpsEnrolment, OpsSecondFactorBody, OpsSecondStepResult, OpsSessionsResponse } from '../contracts/ops.ts';
import type { CustomerCard, OrderMail, OrderMailsResponse, OrderNote, OrderNoteBody, OrderNotesResponse } from '../contracts/ops.ts';
import { opsActionPaths } from '../contracts/ops.ts';
import { Readable } from 'node:stream';
import { SERVICE_TOKEN_HEADER } from '../lib/service-secret.ts';

export interface OpsError {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  /** 400 validation_failed: which fields, with a code per field */
  fields?: FieldError[];
}

export type OpsResult<T> = { data: T; error: null } | { data: null; error: OpsError };

/** A file the service answered (a PDF, CSV or ZIP), passed on as it streams in (issue 25). */
export interface OpsFile { body: Readable; contentType: string; disposition: string | null; sha256: string | null }

/** The operator's access token (the session cookie's); null when there is none. */
type Token = string | null;

/** The body of each step of an order, by the back office's name of the action. */
export interface StepBodies {
  payment: PaymentBody;
  shipment: ShipmentBody;
  pickup: PickupBody;
  cancel: CancelBody;
  'goods-received': GoodsReceivedBody;
  assay: AssayBody;
  payout: PayoutBody;
  'goods-returned': GoodsReturnedBody;
  'payment-failed': PaymentFailedBody;
}

/** A step with its body: the action names the body's type. */
export type StepRequest = { [A in OpsAction]: { action: A; body: StepBodies[A] } }[OpsAction];

/** The path segment of each step: POST /ops/orders/{id}/<segment> (the contract's, issue 24). */
export const stepPaths: Record<OpsAction, string> = opsActionPaths;

export interface OpsClient {
  // the session
  /** clientIp: the staff member's address (the sign-in budget per address), sent only with the service credential */
  login(body: OpsLoginBody, clientIp: string, device?: string): Promise<OpsResult<OpsLoginResponse>>;
  logout(token: Token): Promise<OpsResult<{ ok: true }>>;
  me(token: Token): Promise<OpsResult<Operator>>;
  /** issue 26: the operator's own password (its other sessions end) */
  changeOwnPassword(token: Token, body: ChangeOwnPasswordBody): Promise<OpsResult<Operator>>;
  /** issue 26: the second step of a sign-in (TOTP enrolment, or a code) and the operator's own sessions */
  startEnrolment(token: Token): Promise<OpsResult<OpsEnrolment>>;
  confirmEnrolment(token: Token, body: OpsSecondFactorBody, clientIp: string): Promise<OpsResult<OpsSecondStepResult>>;
  passSecondFactor(token: Token, body: OpsSecondFactorBody, clientIp: string): Promise<OpsResult<OpsSecondStepResult>>;
  sessions(token: Token): Promise<OpsResult<OpsSessionsResponse>>;
  endSession(token: Token, id: string): Promise<OpsResult<{ ended: number }>>;
  endOtherSessions(token: Token): Promise<OpsResult<{ ended: number }>>;
  resetSecondFactor(token: Token, id: string): Promise<OpsResult<Operator>>;
  // orders and their steps
  orders(token: Token, query: OpsOrdersQuery): Promise<OpsResult<OpsOrdersResponse>>;
  order(token: Token, id: string, query: OpsOrderQuery): Promise<OpsResult<OpsOrderDetail>>;
  /** a step; answers the order's detail after it (query: the language of its names, as order()) */
  step(token: Token, id: string, step: StepRequest, query: OpsOrderQuery): Promise<OpsResult<OpsOrderDetail>>;
  /** issue 24: the sale's Scrap Metal Box went out (an event, not a step) */
  scrapBoxSent(token: Token, id: string, body: ScrapBoxSentBody): Promise<OpsResult<OpsOrderDetail>>;
  // the lists' workbench (issue 24): saved views, bulk steps, packing slips, the pickup stores of the filter
  savedViews(token: Token): Promise<OpsResult<SavedViewsResponse>>;
  saveView(token: Token, body: SavedViewBody): Promise<OpsResult<SavedView>>;
  deleteView(token: Token, id: string): Promise<OpsResult<unknown>>;
  bulkShipments(token: Token, body: BulkShipmentsBody): Promise<OpsResult<BulkResult>>;
  bulkPayments(token: Token, body: BulkPaymentsBody): Promise<OpsResult<BulkResult>>;
  packingSlips(token: Token, body: PackingSlipsBody): Promise<OpsResult<PackingSlipsResponse>>;
  pickupStores(token: Token): Promise<OpsResult<OpsPickupStoresResponse>>;
  // the order page's workbench (issue 24): internal notes, the customer card, the order's mails
  notes(token: Token, id: string): Promise<OpsResult<OrderNotesResponse>>;
  addNote(token: Token, id: string, body: OrderNoteBody): Promise<OpsResult<OrderNote>>;
  customerCard(token: Token, id: string, query: OpsOrderQuery): Promise<OpsResult<CustomerCard>>;
  mails(token: Token, id: string): Promise<OpsResult<OrderMailsResponse>>;
  resendMail(token: Token, id: string, mailId: number): Promise<OpsResult<OrderMail>>;
  // bank statements (camt.053)
  startStatementImport(token: Token, xml: string): Promise<OpsResult<BankStatementImport>>;
  statementImport(token: Token, id: string, query: BankStatementImportQuery): Promise<OpsResult<BankStatementImport>>;
  // the audit log
  audit(token: Token, query: AuditQuery): Promise<OpsResult<AuditResponse>>;
  // operators (admin)
  operators(token: Token): Promise<OpsResult<OperatorsResponse>>;
  createOperator(token: Token, body: CreateOperatorBody): Promise<OpsResult<Operator>>;
  updateOperator(token: Token, id: string, body: UpdateOperatorBody): Promise<OpsResult<Operator>>;
  // whistleblower cases (admin)
  cases(token: Token, query: OpsCasesQuery): Promise<OpsResult<OpsCasesResponse>>;
  case(token: Token, reference: string): Promise<OpsResult<OpsCase>>;
  answerCase(token: Token, reference: string, body: OpsCaseAnswerBody): Promise<OpsResult<OpsCase>>;
  // documents (issue 25): the packing slips as PDF, an order's documents, the accountant's list and its files
  packingSlipsPdf(token: Token, body: PackingSlipsBody): Promise<OpsResult<OpsFile>>;
  orderDocuments(token: Token, id: string): Promise<OpsResult<OpsOrderDocumentsResponse>>;
  documentPdf(token: Token, documentId: string): Promise<OpsResult<OpsFile>>;
  documents(token: Token, query: OpsDocumentsQuery): Promise<OpsResult<OpsDocumentsResponse>>;
  documentsCsv(token: Token, query: OpsDocumentsCsvQuery): Promise<OpsResult<OpsFile>>;
  documentsZip(token: Token, query: OpsDocumentsFilter): Promise<OpsResult<OpsFile>>;
}

interface Request {
  token?: Token;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  clientIp?: string;
  /** the staff member's User-Agent: the sessions list names the device by it (sent with the service credential only) */
  device?: string;
}

const TIMEOUT_MS = 15_000;
/** a file's answer may take longer to start (a month's ZIP); it then streams through */
const FILE_TIMEOUT_MS = 120_000;
/** one path segment: an id or a case reference can never add a segment or a query */
const seg = encodeURIComponent;

/**
 * serviceSecret: SERVICE_SECRET (or ADMIN_TOKEN), sent in x-service-token with a forwarded client address,
 * so commerce believes it (src/lib/service-secret.ts). Without one no address is forwarded: commerce would
 * ignore it, and every staff member counts as the back office's own address.
 */
export function opsClient(baseUrl: string, serviceSecret?: string): OpsClient {
  const base = baseUrl.replace(/\/$/, '');

  function request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: Request, accept: string, timeoutMs: number): Promise<Response> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== '') qs.set(k, String(v));
    const url = `${base}${path}${qs.size ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { accept };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.clientIp && serviceSecret) {
      headers['x-client-ip'] = opts.clientIp;
      headers[SERVICE_TOKEN_HEADER] = serviceSecret;
      if (opts.device) headers['x-client-device'] = opts.device.slice(0, 512);
    }
    return fetch(url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(timeoutMs) });
  }

  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: Request = {}): Promise<OpsResult<T>> {
    let res: Response;
    try {
      res = await request(method, path, opts, 'application/json', TIMEOUT_MS);
    } catch {
      return unavailable;
    }
    const text = await res.text();
    const json = parsed(text);
    if (res.ok) return { data: json as T, error: null };
    return refusal(res, json);
  }

  /** A file: its body streams on to the caller (never read into memory here); a refusal as call()'s. */
  async function file(method: 'GET' | 'POST', path: string, opts: Request = {}): Promise<OpsResult<OpsFile>> {
    let res: Response;
    try {
      res = await request(method, path, opts, '*/*', FILE_TIMEOUT_MS);
    } catch {
      return unavailable;
    }
    if (!res.ok || !res.body) return refusal(res, parsed(await res.text()));
    const h = res.headers;
    return {
      data: { body: Readable.fromWeb(res.body as never), contentType: h.get('content-type') ?? 'application/octet-stream', disposition: h.get('content-disposition'), sha256: h.get('x-content-sha256') },
      error: null,
    };
  }

  return {
    login: (body, clientIp, device) => call('POST', '/ops/login', { body, clientIp, device }),
    logout: (token) => call('POST', '/ops/logout', { token }),
    me: (token) => call('GET', '/ops/me', { token }),
    changeOwnPassword: (token, body) => call('PUT', '/ops/me/password', { token, body }),
    startEnrolment: (token) => call('POST', '/ops/login/enrolment', { token }),
    confirmEnrolment: (token, body, clientIp) => call('POST', '/ops/login/enrolment/confirm', { token, body, clientIp }),
    passSecondFactor: (token, body, clientIp) => call('POST', '/ops/login/second-factor', { token, body, clientIp }),
    sessions: (token) => call('GET', '/ops/me/sessions', { token }),
    endSession: (token, id) => call('DELETE', `/ops/me/sessions/${seg(id)}`, { token }),
    endOtherSessions: (token) => call('DELETE', '/ops/me/sessions', { token }),
    resetSecondFactor: (token, id) => call('POST', `/ops/operators/${seg(id)}/second-factor/reset`, { token }),
    orders: (token, query) => call('GET', '/ops/orders', { token, query }),
    order: (token, id, query) => call('GET', `/ops/orders/${seg(id)}`, { token, query }),
    step: (token, id, { action, body }, query) => call('POST', `/ops/orders/${seg(id)}/${stepPaths[action]}`, { token, body, query }),
    scrapBoxSent: (token, id, body) => call('POST', `/ops/orders/${seg(id)}/scrap-box-sent`, { token, body }),
    savedViews: (token) => call('GET', '/ops/saved-views', { token }),
    saveView: (token, body) => call('POST', '/ops/saved-views', { token, body }),
    deleteView: (token, id) => call('DELETE', `/ops/saved-views/${seg(id)}`, { token }),
    bulkShipments: (token, body) => call('POST', '/ops/bulk/shipments', { token, body }),
    bulkPayments: (token, body) => call('POST', '/ops/bulk/payments', { token, body }),
    packingSlips: (token, body) => call('POST', '/ops/packing-slips', { token, body }),
    pickupStores: (token) => call('GET', '/ops/pickup-stores', { token }),
    notes: (token, id) => call('GET', `/ops/orders/${seg(id)}/notes`, { token }),
    addNote: (token, id, body) => call('POST', `/ops/orders/${seg(id)}/notes`, { token, body }),
    customerCard: (token, id, query) => call('GET', `/ops/orders/${seg(id)}/customer`, { token, query }),
    mails: (token, id) => call('GET', `/ops/orders/${seg(id)}/mails`, { token }),
    resendMail: (token, id, mailId) => call('POST', `/ops/orders/${seg(id)}/mails/${seg(String(mailId))}/resend`, { token }),
    startStatementImport: (token, xml) => call('POST', '/ops/bank-statement-imports', { token, body: { xml } }),
    statementImport: (token, id, query) => call('GET', `/ops/bank-statement-imports/${seg(id)}`, { token, query }),
    audit: (token, query) => call('GET', '/ops/audit', { token, query }),
    operators: (token) => call('GET', '/ops/operators', { token }),
    createOperator: (token, body) => call('POST', '/ops/operators', { token, body }),
    updateOperator: (token, id, body) => call('PUT', `/ops/operators/${seg(id)}`, { token, body }),
    cases: (token, query) => call('GET', '/ops/whistleblower', { token, query }),
    case: (token, reference) => call('GET', `/ops/whistleblower/${seg(reference)}`, { token }),
    answerCase: (token, reference, body) => call('POST', `/ops/whistleblower/${seg(reference)}/answers`, { token, body }),
    packingSlipsPdf: (token, body) => file('POST', '/ops/packing-slips.pdf', { token, body }),
    orderDocuments: (token, id) => call('GET', `/ops/orders/${seg(id)}/documents`, { token }),
    documentPdf: (token, documentId) => file('GET', `/ops/documents/${seg(documentId)}`, { token }),
    documents: (token, query) => call('GET', '/ops/documents', { token, query }),
    documentsCsv: (token, query) => file('GET', '/ops/documents.csv', { token, query }),
    documentsZip: (token, query) => file('GET', '/ops/documents.zip', { token, query }),
  };
}

const unavailable = { data: null, error: { status: 503, code: 'ops_unavailable', message: 'The commerce service does not answer.' } } as const;

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The service's refusal as the screens read it. */
function refusal(res: Response, json: unknown): { data: null; error: OpsError } {
  const e = (json ?? {}) as Partial<OpsError> & { statusCode?: number; errors?: FieldError[] };
  const fields = e.fields ?? (Array.isArray(e.details?.fields) ? (e.details.fields as FieldError[]) : undefined) ?? e.errors;
  return {
    data: null,
    error: {
      status: res.status,
      code: typeof e.code === 'string' ? e.code : res.status === 404 ? 'not_found' : 'ops_error',
      message: typeof e.message === 'string' ? e.message : res.statusText,
      details: e.details,
      fields: Array.isArray(fields) ? fields : undefined,
    },
  };
}
