// The deposit (spec 7 GET /deposits; issue 10 tax lots): the signed-in customer's deposit with holdings and
// lots valued at the current sell prices, one deposit by id, and which lots a sale would take. Purchases
// shipped with the Deposit method are booked into it by the order transaction (orderPlacedHooks), and a
// sale with the depositSell method takes its pieces out of it there, the oldest lots first; a guest's
// deposit moves into the account at sign-in. Another customer's deposit answers 404.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  Deposit, DepositParams, DepositQuery, DepositsResponse, SellPreview, SellPreviewQuery, type SellPreviewQuery as SellPreviewQueryT,
} from '../../contracts/deposit.ts';
import { accountError } from '../account-error-codes.ts';
import { notFoundOnBadId, requestLang } from '../account-routes-common.ts';
import { requireUser, bearer } from '../http/auth.ts';
import { errorResponses, fail } from '../http/errors.ts';
import { addMergeHook } from '../customers/index.ts';
import { depotHoldings, openDepositFor, depositView, mergeDeposits, sellPreview, takeDepositSale } from './model.ts';
import { depositById, depositOfStore, depotPieces, type DepositRow } from './repository.ts';

const tags = ['deposits'];
type LangQuery = { languageTag?: string };

export const depositRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock } = ctx;
  ctx.orderPlacedHooks.push(openDepositFor, takeDepositSale);
  // the order rules check a sale from the depot against its holdings (orders/create.ts, the methods offered)
  ctx.depotHoldings = depotHoldings;
  addMergeHook(app, mergeDeposits);
  // Account deletion (customers runs the hooks in its transaction, after the limit orders' check). Decision
  // (spec 6 names only limit orders): metal still held in the depot is the customer's property and its records
  // are the only proof of it; deleting the account would delete them. The customer sells it or has it delivered first.
  ctx.accountDeletionHooks.push(async (tx, account) => {
    if (await depotPieces(tx, account.customerId) > 0) fail('deposit_not_empty');
  });

  notFoundOnBadId(app, 'deposit_not_found');

  const lang = (req: FastifyRequest) => requestLang(req);

  async function ownDeposit(req: FastifyRequest, id: string): Promise<DepositRow> {
    const auth = await requireUser(req);
    const row = await depositById(db, id);
    if (!row || row.customer_id !== auth.customerId || row.store_key !== req.storeKey) throw accountError('deposit_not_found');
    return row;
  }

  app.get<{ Querystring: LangQuery }>('/deposits', {
    schema: {
      tags, summary: 'The signed-in customer\'s online deposit (results holds none or one): number, open date, opening and current value, difference, holdings and tax lots.',
      security: bearer, querystring: DepositQuery, response: { 200: DepositsResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    const row = await depositOfStore(db, auth.customerId, req.storeKey);
    return { results: row ? [await depositView(db, row, lang(req), clock())] : [] };
  });

  app.get<{ Params: { id: string }; Querystring: LangQuery }>('/deposits/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'One deposit of the caller.', security: bearer, params: DepositParams, querystring: DepositQuery,
      response: { 200: Deposit, ...errorResponses },
    },
  }, async (req) => depositView(db, await ownDeposit(req, req.params.id), lang(req), clock()));

  app.get<{ Params: { id: string }; Querystring: SellPreviewQueryT }>('/deposits/:id/sell-preview', {
    attachValidation: true,
    schema: {
      tags, summary: 'Which lots a sale of quantity pieces of sku would take (the oldest first), with cost, proceeds at the current sell price, gain and the holding period.',
      security: bearer, params: DepositParams, querystring: SellPreviewQuery, response: { 200: SellPreview, ...errorResponses },
    },
  }, async (req) => {
    const deposit = await ownDeposit(req, req.params.id);
    const preview = await sellPreview(db, deposit, req.query.sku, req.query.quantity, clock());
    if (!('sku' in preview)) throw accountError('deposit_quantity_exceeded', { available: preview.available });
    return preview;
  });
};
