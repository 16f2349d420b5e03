// GET /admin/outbox: the storefront's development mailbox reads the newest messages (activation and reset
// links, SMS codes). Only from loopback and never in production; otherwise the route does not exist (404).
import type { FastifyPluginAsync } from 'fastify';
import type {} from '@fastify/swagger';
import { OutboxQuery, OutboxResponse } from '../../contracts/commerce.ts';
import { isLoopback } from '../../lib/service.ts';
import { errorResponses, fail } from '../http/errors.ts';
import { newestMessages } from './repository.ts';

export const outboxRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.commerce;

  app.get<{ Querystring: { limit?: number } }>('/admin/outbox', {
    schema: {
      tags: ['development'],
      summary: 'Newest outbox messages first (development mailbox). Loopback only, not in production.',
      querystring: OutboxQuery,
      response: { 200: OutboxResponse, ...errorResponses },
    },
  }, async (req) => {
    if (config.NODE_ENV === 'production' || !isLoopback(req.socket.remoteAddress ?? '')) {
      fail('not_found', { message: `Route GET ${req.url.split('?')[0]} not found` });
    }
    // (a non-finite limit such as "1e309" is refused by the schema compiler, src/lib/service.ts)
    const limit = req.query.limit ?? 50;
    const rows = await newestMessages(db, limit);
    return {
      messages: rows.map((r) => ({
        id: r.id, channel: r.channel, storeKey: r.store_key, to: r.to, subject: r.subject, text: r.text, html: r.html,
        createdAt: r.created_at.toISOString(), sentAt: r.sent_at ? r.sent_at.toISOString() : null,
        status: r.sent_at ? 'sent' as const : r.failed_at ? 'failed' as const : 'pending' as const, failedAttempts: r.failed_attempts,
      })),
    };
  });
};
