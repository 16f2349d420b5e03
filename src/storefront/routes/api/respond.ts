// How the browser's API answers: every route is declared from its contract (src/contracts/shop-api.ts),
// so Fastify validates the body with the contract's schema and serialises the answer with the contract's
// response schema (nothing beyond it leaves the server). Errors go out as { statusCode, code, message,
// details? } with the message in the customer's language.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorBody, shopApi, type AnswerOf, type BodyOf, type ParamsOf, type QueryOf, type ShopApi } from '../../../contracts/shop-api.ts';
import type { CallError } from '../../../contracts/result.ts';
import { translator } from '../../../i18n.ts';
import type { ErrorCode } from '../../../lib/errors.ts';
import { apiError, apiLanguage, correctFieldsMessage, ownError, type ApiErrorBody as ErrorBody } from './errors.ts';

export function send(reply: FastifyReply, body: ErrorBody): FastifyReply {
  const retryAfter = body.details?.retryAfter;
  if (body.statusCode === 429 && typeof retryAfter === 'number') void reply.header('retry-after', String(Math.ceil(retryAfter)));
  return reply.status(body.statusCode).send(body);
}

/** Answers a failed call. The session layer has already ended a session whose refresh was refused. */
export function fail(req: FastifyRequest, reply: FastifyReply, err: CallError, fieldPrefix?: string): FastifyReply {
  return send(reply, apiError(err, apiLanguage(req), { fieldPrefix, store: req.store }));
}

/** One of our own errors, in the customer's language. */
export function refuse(req: FastifyRequest, reply: FastifyReply, statusCode: number, code: ErrorCode): FastifyReply {
  return send(reply, ownError(statusCode, code, apiLanguage(req), undefined, req.store));
}

/** "Passwords don't match." as a field error (spec 5), before anything goes to the service. */
export function mismatch(req: FastifyRequest, reply: FastifyReply, field: string): FastifyReply {
  const t = translator(apiLanguage(req));
  return send(reply, {
    statusCode: 400,
    code: 'validation_failed',
    message: correctFieldsMessage(t, 1),
    details: { fields: [{ field, code: 'password_mismatch', message: t('validation.password_mismatch') }] },
  });
}

/** Optional text fields the browser sends as '' mean "none" to the service. */
export function emptyToNull<T extends Record<string, unknown>>(body: T, keys: string[]): T {
  const out: Record<string, unknown> = { ...body };
  for (const k of keys) if (out[k] === '') out[k] = null;
  return out as T;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Req<C extends ShopApi[keyof ShopApi]> = FastifyRequest<{ Body: BodyOf<C>; Params: ParamsOf<C>; Querystring: QueryOf<C> }>;

/**
 * Declares the route of one call of the contract. The handler returns the answer (typed by the contract)
 * or an error reply it sent itself (send/fail/refuse/mismatch).
 */
export function route<N extends keyof ShopApi>(scope: FastifyInstance, name: N, handler: (req: Req<ShopApi[N]>, reply: FastifyReply) => Promise<AnswerOf<ShopApi[N]> | FastifyReply>): void {
  const c = shopApi[name];
  scope.route({
    method: c.method,
    url: c.path,
    schema: {
      ...(c.body ? { body: c.body } : {}),
      ...(c.params ? { params: c.params } : {}),
      ...(c.query ? { querystring: c.query } : {}),
      response: { [c.status]: c.response, '4xx': ApiErrorBody, '5xx': ApiErrorBody },
    },
    handler: async (req, reply) => {
      void reply.status(c.status);
      return handler(req as Req<ShopApi[N]>, reply);
    },
  });
}
