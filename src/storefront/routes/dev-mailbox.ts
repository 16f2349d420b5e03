// The development mailbox (issue 3): the commerce service's outbox (activation and reset mails, SMS codes),
// newest first, for a person at /dev/mailbox and for scripts at /dev/mailbox.json. Absent in production
// (not registered: the paths answer the shop's 404). Decision: also only for visitors on this machine,
// because the mails hold sign-in links of every customer; a development shop reachable from a network
// must not hand them out.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OutboxMessage, OutboxResponse } from '../../contracts/commerce.ts';
import { isLoopback } from '../../lib/service.ts';
import type { CommerceHttp } from '../commerce-client/http.ts';
import type { AssetManifest } from '../render/assets.ts';

export interface DevMailboxOptions {
  commerce: CommerceHttp;
  assets: AssetManifest;
  production: boolean;
}

export interface MailboxMessage {
  id: number;
  channel: 'mail' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Escaped text with its http(s) links made clickable. */
export function linkify(text: string): string {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return parts.map((p, i) => (i % 2 === 1 ? `<a href="${escapeHtml(p)}">${escapeHtml(p)}</a>` : escapeHtml(p))).join('');
}

function page(messages: MailboxMessage[], assets: AssetManifest, error: string | null): string {
  const css = assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const items = messages.map((m) => `
      <li class="mailbox-item">
        <article aria-labelledby="mail-${m.id}">
          <h2 id="mail-${m.id}">${escapeHtml(m.subject ?? (m.channel === 'sms' ? 'SMS' : '(no subject)'))}</h2>
          <dl class="mailbox-meta">
            <div><dt>To</dt><dd>${escapeHtml(m.to)}</dd></div>
            <div><dt>Channel</dt><dd>${m.channel === 'sms' ? 'SMS' : 'E-mail'}</dd></div>
            <div><dt>Created</dt><dd><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></dd></div>
          </dl>
          <pre class="mailbox-text">${linkify(m.text)}</pre>
        </article>
      </li>`).join('');
  const body = error
    ? `<p class="form-alert form-alert-error" role="alert">${escapeHtml(error)}</p>`
    : messages.length === 0 ? '<p class="lead">No messages yet.</p>' : `<ol class="mailbox-list">${items}</ol>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Development mailbox</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${css}</head>
<body><main id="main" class="container page-section mailbox">
<h1>Development mailbox</h1>
<p class="lead">Mails and SMS the shop sent, newest first. This page exists only in development.</p>
${body}
</main></body></html>`;
}

export function registerDevMailbox(app: FastifyInstance, opts: DevMailboxOptions): void {
  if (opts.production) return;

  async function load(req: FastifyRequest): Promise<{ messages: MailboxMessage[] } | { error: string; status: number }> {
    const limitRaw = Number((req.query as { limit?: string } | undefined)?.limit ?? 50);
    const limit = Number.isInteger(limitRaw) && limitRaw >= 1 && limitRaw <= 200 ? limitRaw : 50;
    const res = await opts.commerce.call<OutboxResponse>({ path: '/admin/outbox', store: req.store, query: { limit } });
    if (res.error) return { error: 'The commerce service did not answer with its outbox.', status: 502 };
    const messages = (res.data.messages ?? []).map((m: OutboxMessage) => ({
      id: m.id, channel: m.channel, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt,
    }));
    // the service answers newest first already; sorting again keeps the promise whatever it sends
    messages.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    return { messages };
  }

  const local = (req: FastifyRequest) => isLoopback(req.socket.remoteAddress ?? '');
  const notFound = { statusCode: 404, code: 'not_found', message: 'Not found' };

  app.get('/dev/mailbox.json', async (req, reply) => {
    if (!local(req)) return reply.status(404).send(notFound);
    void reply.header('cache-control', 'no-store');
    const r = await load(req);
    if ('error' in r) return reply.status(r.status).send({ statusCode: r.status, code: 'outbox_unavailable', message: r.error });
    return { messages: r.messages };
  });

  app.get('/dev/mailbox', async (req, reply) => {
    if (!local(req)) return reply.status(404).send(notFound);
    const r = await load(req);
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if ('error' in r) return reply.status(r.status).send(page([], opts.assets, r.error));
    return page(r.messages, opts.assets, null);
  });
}
