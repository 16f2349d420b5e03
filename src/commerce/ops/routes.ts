// The operators' API (issue 15; contract src/contracts/ops.ts; table in src/commerce/README.md, "Operators").
// Every /ops call but POST /ops/login needs an operator token (requireOperator), none takes x-store-key
// (operators work across the five stores). The order steps, the queue, the bank statements and the audit
// log are the lifecycle's (src/commerce/lifecycle/); this layer checks the role first (the steps check it
// again) and names the operator as the actor.
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type {} from '@fastify/swagger';
import {
  AuditQuery, AuditResponse, BankStatementBody, BankStatementImport, BankStatementImportQuery, BankStatementResult, CreateOperatorBody,
  Operator, OperatorsResponse, OpsCase, OpsCaseAnswerBody, OpsCasesQuery, OpsCasesResponse, OpsLoginBody, OpsLoginResponse,
  OpsOrderDetail, OpsOrderParams, OpsOrderQuery, OpsOrdersQuery, OpsOrdersResponse, opsActionPaths,
  UpdateOperatorBody, ChangeOwnPasswordBody, type Actor, type OperatorRole, type OpsAction, type OpsOrderDetail as OpsOrderDetailT,
} from '../../contracts/ops.ts';
import { fieldError } from '../../lib/errors.ts';
import { answerCase, caseAudit, listOfficeCases, officeCase, officeCaseView } from '../applications/index.ts';
import type { CommerceContext } from '../context.ts';
import { actorOf, anyOperatorSession, errorResponses, fail, operatorOf, operatorSecurity, requireOperator } from '../http/index.ts';
import {
  actionRoles, bankStatementImport, cancelOrder, importBankStatement, listAudit, listOpsOrders, opsOrderDetail, recordAssay, recordGoodsReceived, recordGoodsReturned,
  recordPayment, recordPaymentFailed, recordPayout, recordPickup, recordShipment, startBankStatementImport, stepBodies,
} from '../lifecycle/index.ts';
import { signIn } from './auth.ts';
import { changeOwnPassword } from './second-factor.ts';
import { changeOperator, createOperator, seedDemoOperators } from './operators.ts';
import { OPERATOR_SESSION_TTL_S, revokeOperatorSession } from '../auth/operator-sessions.ts';
import { listOperators, operatorById, operatorView } from './repository.ts';

/** Every /ops call: no x-store-key. */
const config = { storeKey: false };
const operatorToken = operatorSecurity;
const tags = ['ops'];
const Ok = Type.Object({ ok: Type.Literal(true) });
const OperatorParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const CaseParams = Type.Object({ reference: Type.String({ minLength: 1, maxLength: 40 }) });
/** camt.053 files: 5 MB for this call alone (the service's default is 256 KB). */
export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** languageTag: the names in the answer's detail, as GET /ops/orders/{id} (the back office shows the answer as the page after the step) */
type Step<B> = (ctx: CommerceContext, orderId: string, body: B, actor: Actor, roles: OperatorRole[], languageTag?: string) => Promise<OpsOrderDetailT>;

interface StepRoute {
  action: OpsAction;
  run: Step<never>;
  operationId: string;
  summary: string;
}

const steps: StepRoute[] = [
  { action: 'payment', run: recordPayment as Step<never>, operationId: 'opsRecordPayment',
    summary: 'Records a bank transfer (finance). The amount reaching the total makes the order Paid and Confirmed; a partial amount keeps it Open.' },
  { action: 'shipment', run: recordShipment as Step<never>, operationId: 'opsRecordShipment',
    summary: 'Records the parcel (warehouse): Confirmed -> Complete; the customer gets the tracking link.' },
  { action: 'pickup', run: recordPickup as Step<never>, operationId: 'opsRecordPickup',
    summary: 'Records the handover at the counter (warehouse): Confirmed -> Complete.' },
  { action: 'cancel', run: cancelOrder as Step<never>, operationId: 'opsCancelOrder',
    summary: 'Cancels an order that is not paid or done (support, finance).' },
  { action: 'goods-received', run: recordGoodsReceived as Step<never>, operationId: 'opsRecordGoodsReceived',
    summary: 'Records that a sell order\'s goods arrived (warehouse).' },
  { action: 'assay', run: recordAssay as Step<never>, operationId: 'opsRecordAssay',
    summary: 'Records the final fine weight of every line (warehouse); the payout is recomputed at the locked price: Requested -> Accepted.' },
  { action: 'payout', run: recordPayout as Step<never>, operationId: 'opsRecordPayout',
    summary: 'Records the payout of a sell order (finance): Accepted -> Complete, paid. A counter-offer open or declined: 409 counter_offer_open.' },
  { action: 'goods-returned', run: recordGoodsReturned as Step<never>, operationId: 'opsRecordGoodsReturned',
    summary: 'Issue 23: the goods of a declined counter-offer went back to the customer, insured at the shop\'s cost (warehouse): Accepted -> Cancelled.' },
  { action: 'payment-failed', run: recordPaymentFailed as Step<never>, operationId: 'opsRecordPaymentFailed',
    summary: 'Records that the transfer of a purchase failed (finance): payment Pending -> Failed while nothing is paid; the customer is told the reason. A later transfer still books.' },
];

/** A camt.053 statement as JSON { xml } or the XML itself (the upload and the import job take the same). */
const statementBody = {
  content: {
    'application/json': { schema: BankStatementBody },
    'application/xml': { schema: Type.String({ minLength: 1, maxLength: 5_000_000 }) },
    'text/xml': { schema: Type.String({ minLength: 1, maxLength: 5_000_000 }) },
  },
};

export const opsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock } = ctx;
  if (ctx.config.NODE_ENV !== 'production') await seedDemoOperators(db, ctx.config.OPS_DEMO_PASSWORD, clock());

  // camt.053 may come as the raw XML document too (Content-Type application/xml or text/xml)
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string', bodyLimit: BANK_STATEMENT_MAX_BYTES }, (_req, body, done) => done(null, body));

  // ---------------------------------------------------------------- session

  app.post<{ Body: OpsLoginBody }>('/ops/login', {
    config,
    schema: {
      tags, operationId: 'opsLogin', security: [],
      summary: 'Signs an operator in: an operator token valid 8 hours that opens only its second step (secondStep: enrol or code, POST /ops/login/enrolment or /ops/login/second-factor; issue 26) until that is passed within 10 minutes. 401 invalid_credentials (unknown e-mail, wrong password, disabled alike); 429 too_many_attempts after 5 wrong passwords in a row (15 minutes) or too many failures from one address.',
      body: OpsLoginBody, response: { 200: OpsLoginResponse, ...errorResponses },
    },
  }, async (req) => {
    const { token, operator, secondStep } = await signIn(req, req.body.email, req.body.password);
    return { accessToken: token, expiresIn: OPERATOR_SESSION_TTL_S, operator: operatorView(operator), secondStep };
  });

  app.post('/ops/logout', {
    config,
    schema: { tags, operationId: 'opsLogout', security: operatorToken, summary: 'Signs out: the token stops working at once (a session whose second step is pending too).', response: { 200: Ok, ...errorResponses } },
  }, async (req) => {
    const session = await anyOperatorSession(req);
    await revokeOperatorSession(db, session.sessionId, clock());
    return { ok: true as const };
  });

  app.get('/ops/me', {
    config, onRequest: requireOperator(),
    schema: { tags, operationId: 'opsMe', security: operatorToken, summary: 'The signed-in operator with its roles.', response: { 200: Operator, ...errorResponses } },
  }, async (req) => {
    const row = await operatorById(db, (await operatorOf(req)).operator.id);
    if (!row) fail('operator_token_required'); // deleted in between
    return operatorView(row);
  });

  app.put<{ Body: ChangeOwnPasswordBody }>('/ops/me/password', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsChangeOwnPassword', security: operatorToken,
      summary: 'Changes the signed-in operator\'s own password after the current one and the second factor\'s code (or one recovery code); its other sessions end, this one stays. 400 invalid_current_password; 400 invalid_code; 400 validation_failed (newPassword password_unchanged); 429 too_many_attempts (wrong current passwords and codes count toward the sign-in lock).',
      body: ChangeOwnPasswordBody, response: { 200: Operator, ...errorResponses },
    },
  }, async (req) => {
    const session = await operatorOf(req);
    return operatorView(await changeOwnPassword(db, session, req.body, actorOf(session), clock()));
  });

  // ---------------------------------------------------------------- orders (the lifecycle)

  app.get<{ Querystring: OpsOrdersQuery }>('/ops/orders', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsListOrders', security: operatorToken,
      summary: 'The order queue: filters, paging, and how many orders each work queue holds.',
      querystring: OpsOrdersQuery, response: { 200: OpsOrdersResponse, ...errorResponses },
    },
  }, async (req) => listOpsOrders(ctx, req.query));

  app.get<{ Params: { id: string }; Querystring: OpsOrderQuery }>('/ops/orders/:id', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsGetOrder', security: operatorToken,
      summary: 'An order with its timeline (naming the operators), payments, shipments, assay, payout and the actions this operator may take. languageTag: the names of items, delivery and pickup store in the operator\'s language (default: the order\'s).',
      params: OpsOrderParams, querystring: OpsOrderQuery, response: { 200: OpsOrderDetail, ...errorResponses },
    },
  }, async (req) => opsOrderDetail(ctx, req.params.id, (await operatorOf(req)).operator.roles, req.query.languageTag));

  for (const step of steps) {
    app.post<{ Params: { id: string }; Querystring: OpsOrderQuery; Body: unknown }>(`/ops/orders/:id/${opsActionPaths[step.action]}`, {
      config, onRequest: requireOperator(...actionRoles(step.action)),
      schema: {
        tags, operationId: step.operationId, security: operatorToken,
        summary: `${step.summary} Roles: ${actionRoles(step.action).join(', ')}. An impossible step: 409 invalid_transition.`,
        params: OpsOrderParams, querystring: OpsOrderQuery, body: stepBodies[step.action], response: { 200: OpsOrderDetail, ...errorResponses },
      },
    }, async (req) => {
      const session = await operatorOf(req);
      return step.run(ctx, req.params.id, req.body as never, actorOf(session), session.operator.roles, req.query.languageTag);
    });
  }

  app.post<{ Body: BankStatementBody | string }>('/ops/bank-statements', {
    config, onRequest: requireOperator('finance'), bodyLimit: BANK_STATEMENT_MAX_BYTES,
    schema: {
      tags, operationId: 'opsImportBankStatement', security: operatorToken,
      summary: 'Imports a camt.053 statement (finance): exact matches on orders awaiting payment are applied, everything else is flagged; a statement uploaded again applies nothing twice. JSON { xml } or the XML itself, at most 5 MB.',
      body: statementBody,
      response: { 200: BankStatementResult, ...errorResponses },
    },
  }, async (req) => {
    const xml = typeof req.body === 'string' ? req.body : req.body.xml;
    const op = await operatorOf(req);
    return importBankStatement(ctx, xml, actorOf(op), op.operator.roles);
  });

  app.post<{ Body: BankStatementBody | string }>('/ops/bank-statement-imports', {
    config, onRequest: requireOperator('finance'), bodyLimit: BANK_STATEMENT_MAX_BYTES,
    schema: {
      tags, operationId: 'opsStartBankStatementImport', security: operatorToken,
      summary: 'Starts the import of a camt.053 statement as a job (finance): the document is checked at once (400 invalid_bank_statement), its entries run in the background; 202 answers the job, GET /ops/bank-statement-imports/{id} its progress and result.',
      body: statementBody,
      response: { 202: BankStatementImport, ...errorResponses },
    },
  }, async (req, reply) => {
    const xml = typeof req.body === 'string' ? req.body : req.body.xml;
    const op = await operatorOf(req);
    return reply.status(202).send(await startBankStatementImport(ctx, xml, actorOf(op), op.operator.roles));
  });

  app.get<{ Params: { id: string }; Querystring: BankStatementImportQuery }>('/ops/bank-statement-imports/:id', {
    config, onRequest: requireOperator('finance'),
    schema: {
      tags, operationId: 'opsGetBankStatementImport', security: operatorToken,
      summary: 'A statement import: running (entries processed of total), done (the result with a page of its entries: offset, limit up to 500) or failed. The operator who started it, or an admin; else 404.',
      params: OperatorParams, querystring: BankStatementImportQuery, response: { 200: BankStatementImport, ...errorResponses },
    },
  }, async (req) => {
    const op = await operatorOf(req);
    return bankStatementImport(ctx, req.params.id, actorOf(op), op.operator.roles, req.query);
  });

  app.get<{ Querystring: AuditQuery }>('/ops/audit', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsListAudit', security: operatorToken,
      summary: 'The append-only audit log, newest first: who did what to which order, before and after.',
      querystring: AuditQuery, response: { 200: AuditResponse, ...errorResponses },
    },
  }, async (req) => {
    // the whistleblower office's entries (who answered or closed which case) are for admins, as the cases are
    const { operator } = await operatorOf(req);
    return listAudit(ctx, req.query, { whistleblower: operator.roles.includes('admin') });
  });

  // ---------------------------------------------------------------- operators (admin)

  app.get('/ops/operators', {
    config, onRequest: requireOperator('admin'),
    schema: { tags, operationId: 'opsListOperators', security: operatorToken, summary: 'Every operator (admin).', response: { 200: OperatorsResponse, ...errorResponses } },
  }, async () => {
    const rows = await listOperators(db);
    return { results: rows.map(operatorView), total: rows.length };
  });

  app.post<{ Body: CreateOperatorBody }>('/ops/operators', {
    config, onRequest: requireOperator('admin'),
    schema: {
      tags, operationId: 'opsCreateOperator', security: operatorToken,
      summary: 'Creates an operator (admin). 409 operator_email_taken.', body: CreateOperatorBody, response: { 201: Operator, ...errorResponses },
    },
  }, async (req, reply) => reply.status(201).send(await createOperator(db, req.body, actorOf(await operatorOf(req)), clock())));

  app.put<{ Params: { id: string }; Body: UpdateOperatorBody }>('/ops/operators/:id', {
    config, onRequest: requireOperator('admin'),
    schema: {
      tags, operationId: 'opsUpdateOperator', security: operatorToken,
      summary: 'Changes an operator\'s roles, disables it or sets a new password (admin); a new password or disabling ends its sessions. 409 operator_self_lockout: an admin cannot take its own admin role or disable itself.',
      params: OperatorParams, body: UpdateOperatorBody, response: { 200: Operator, ...errorResponses },
    },
  }, async (req) => changeOperator(db, req.params.id, req.body, actorOf(await operatorOf(req)), clock()));

  // ---------------------------------------------------------------- whistleblower cases (admin: the reporting office)
  // logLevel warn: the request line names the case; nothing of a case belongs in the logs

  app.get<{ Querystring: OpsCasesQuery }>('/ops/whistleblower', {
    config, onRequest: requireOperator('admin'), logLevel: 'warn',
    schema: {
      tags, operationId: 'opsListWhistleblowerCases', security: operatorToken,
      summary: 'Whistleblower cases, newest first, with their messages (admin).', querystring: OpsCasesQuery, response: { 200: OpsCasesResponse, ...errorResponses },
    },
  }, async (req) => listOfficeCases(db, { status: req.query.status, limit: req.query.limit ?? 25, offset: req.query.offset ?? 0 }));

  app.get<{ Params: { reference: string } }>('/ops/whistleblower/:reference', {
    config, onRequest: requireOperator('admin'), logLevel: 'warn',
    schema: {
      tags, operationId: 'opsGetWhistleblowerCase', security: operatorToken,
      summary: 'One whistleblower case with its messages (admin). 404 whistleblow_case_not_found.', params: CaseParams, response: { 200: OpsCase, ...errorResponses },
    },
  }, async (req) => officeCase(db, req.params.reference));

  app.post<{ Params: { reference: string }; Body: OpsCaseAnswerBody }>('/ops/whistleblower/:reference/answers', {
    config, onRequest: requireOperator('admin'), logLevel: 'warn',
    schema: {
      tags, operationId: 'opsAnswerWhistleblowerCase', security: operatorToken,
      summary: 'Answers a case (admin); the reporter reads it with reference and access code. close: true closes it. 409 whistleblow_case_closed.',
      params: CaseParams, body: OpsCaseAnswerBody, response: { 201: OpsCase, ...errorResponses },
    },
  }, async (req, reply) => {
    if (req.body.message.trim() === '') fail('validation_failed', { details: { fields: [fieldError('message', 'required')] } });
    const actor = actorOf(await operatorOf(req));
    const now = clock();
    // the answer names its operator, and the audit log records it (never the text): who answered or closed
    // which case, when; in the answer's transaction
    const row = await answerCase(db, req.params.reference, req.body.message, req.body.close ? 'closed' : 'in-progress', now, {
      refuseClosed: true,
      by: { id: actor.id, email: actor.email },
      audit: caseAudit(actor, now),
    });
    return reply.status(201).send(await officeCaseView(db, row));
  });
};
