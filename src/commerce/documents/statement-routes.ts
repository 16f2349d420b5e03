// The customer's depot statements (issue 25): GET /deposits/statements lists them (newest first), POST asks for
// one as of now (numbered and stored, rate-limited), GET /deposits/statements/{id} answers the stored PDF as
// issued. Another customer's statement answers 404. The half-yearly job is registered here (ctx.jobs).
import type { FastifyPluginAsync } from 'fastify';
import { DepositQuery } from '../../contracts/deposit.ts';
import { DepotStatement, DepotStatementParams, DepotStatementsResponse, type DepotStatement as DepotStatementT } from '../../contracts/depot-statement.ts';
import { requestLang } from '../account-routes-common.ts';
import { bearer, requireUser } from '../http/auth.ts';
import { errorResponses } from '../http/errors.ts';
import { notFoundOnBadParams } from '../http/request.ts';
import type { StatementRow } from './statement-repository.ts';
import { sendFile } from './send-file.ts';
import { createStatementJob, customerStatement, customerStatements, requestStatement, statementPath } from './statement-service.ts';

const tags = ['deposits'];

const answer = (s: StatementRow): DepotStatementT => ({
  id: s.id, number: s.number, periodKind: s.period_kind, periodFrom: s.period_from, periodTo: s.period_to, issuedAt: new Date(s.issued_at).toISOString(),
  url: statementPath(s.id),
});

export const statementRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const job = createStatementJob(ctx, app.log);
  ctx.jobs.set(job.name, job);
  notFoundOnBadParams(app, 'document_not_found');

  app.get('/deposits/statements', {
    schema: {
      tags, summary: 'Issue 25: the signed-in customer\'s depot statements on the store, newest first.',
      security: bearer, response: { 200: DepotStatementsResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    return { results: (await customerStatements(ctx.db, auth.customerId, req.storeKey)).map(answer) };
  });

  app.post('/deposits/statements', {
    schema: {
      tags, summary: 'Issue 25: a depot statement as of now (1 January until now), numbered and stored, in the request\'s language. No depot: 404 deposit_not_found; more than 5 an hour: 429 too_many_requests.',
      security: bearer, querystring: DepositQuery, response: { 201: DepotStatement, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await requireUser(req);
    const s = await requestStatement(ctx, { customerId: auth.customerId, storeKey: req.storeKey, lang: requestLang(req), now: ctx.clock() });
    return reply.code(201).send(answer(s));
  });

  app.get<{ Params: { id: string } }>('/deposits/statements/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'Issue 25: the PDF of one of the customer\'s depot statements, as stored when issued. Another\'s or unknown: 404 document_not_found.',
      security: bearer, params: DepotStatementParams,
      response: { 200: { description: 'The statement as issued (application/pdf).', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await requireUser(req);
    const s = await customerStatement(ctx.db, { id: req.params.id, customerId: auth.customerId, storeKey: req.storeKey });
    return sendFile(reply, { contentType: 'application/pdf', fileName: `${s.number}.pdf`, sha256: s.sha256, body: s.pdf });
  });
};
