// The back office's screens: server-rendered React, plain HTML forms (POST -> redirect -> GET), no script
// at all, so the strict CSP holds and keyboard and screen readers work by default. Every form carries the
// session's CSRF token; every action form is offered only when the order's `actions` allow it.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type {
  AuditEntry, AuditResponse, BankStatementImport, BankStatementResult, Operator, OperatorRole, OpsAction, OpsOrderDetail, OpsOrderSummary, OpsOrdersQuery, OpsOrdersResponse,
} from '../contracts/ops.ts';
import { operatorRoles, opsQueues, type OpsAml } from '../contracts/ops.ts';
import { addressLines } from '../contracts/address-format.ts';
import type { CartAddress } from '../contracts/cart.ts';
import { shownPaymentState } from '../contracts/order.ts';
import type { WhistleblowCase } from '../contracts/application.ts';
import { languages, type Fmt } from './format.ts';
import { CancelForm } from './cancel-form.tsx';

export type WhistleblowOpsCase = Omit<WhistleblowCase, 'messages'> & {
  /** by: the operator who wrote an office answer (null for older answers and the reporter's messages) */
  messages: (WhistleblowCase['messages'][number] & { by?: string | null })[];
  reporter?: { name: string | null; email: string | null; phone: string | null } | null;
};

export interface Viewer {
  email: string;
  roles: OperatorRole[];
}

export interface PageProps {
  f: Fmt;
  csrf: string;
  viewer: Viewer | null;
  /** the path of this page with its query (for the language links) */
  path: string;
  title: string;
  /** a message above the content: a refusal (error) or a step done (success) */
  notice?: { kind: 'error' | 'success'; text: string } | null;
  children: ReactNode;
}

/** Field messages of a form: field name -> message already in the operator's language. */
export type FieldMessages = Record<string, string>;

export function renderPage(node: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(node)}`;
}

const withLang = (path: string, lang: string) => {
  const [p, q = ''] = path.split('?');
  const qs = new URLSearchParams(q);
  qs.set('lang', lang);
  return `${p}?${qs}`;
};

export function Page({ f, csrf, viewer, path, title, notice, children }: PageProps) {
  const { t } = f;
  const isAdmin = viewer?.roles.includes('admin') ?? false;
  const nav: [string, string, boolean][] = viewer
    ? [
        ['/orders', t('nav.orders'), true],
        ['/bank-statements', t('nav.statements'), viewer.roles.includes('finance') || isAdmin],
        ['/audit', t('nav.audit'), true],
        ['/cases', t('nav.cases'), isAdmin],
        ['/operators', t('nav.operators'), isAdmin],
      ]
    : [];
  const section = '/' + (path.split('?')[0].split('/')[1] ?? '');
  return (
    <html lang={f.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} – ${t('name')}`}</title>
        <link rel="stylesheet" href="/assets/backoffice.css" />
      </head>
      <body>
        <a className="skip" href="#main">{t('skipToContent')}</a>
        <header className="top">
          <p className="brand"><a href="/orders">{t('name')}</a></p>
          {viewer && (
            <nav aria-label={t('nav.label')}>
              <ul>
                {nav.filter(([, , show]) => show).map(([href, label]) => (
                  <li key={href}><a href={href} aria-current={section === href ? 'page' : undefined}>{label}</a></li>
                ))}
              </ul>
            </nav>
          )}
          <div className="who">
            <ul className="langs" aria-label={t('language')}>
              {languages.map((l) => (
                <li key={l}>
                  {l === f.lang
                    ? <span aria-current="true" lang={l}>{l.toUpperCase()}</span>
                    : <a href={withLang(path, l)} lang={l} hrefLang={l} aria-label={f.tAny(`backoffice.languageName.${l}`)}>{l.toUpperCase()}</a>}
                </li>
              ))}
            </ul>
            {viewer && (
              <form method="post" action="/sign-out" className="inline">
                <input type="hidden" name="_csrf" value={csrf} />
                <span className="me">{viewer.email} <span className="roles">({viewer.roles.map((r) => t(`role.${r}`)).join(', ')})</span></span>
                <button type="submit" className="link">{t('signOut')}</button>
              </form>
            )}
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          <h1>{title}</h1>
          {notice && (
            <p className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>{notice.text}</p>
          )}
          {children}
        </main>
      </body>
    </html>
  );
}

function Csrf({ value }: { value: string }) {
  return <input type="hidden" name="_csrf" value={value} />;
}

/** A labelled input with its message: the message is tied to the field (aria-describedby, aria-invalid). */
function Field(props: {
  name: string; label: string; value?: string; type?: string; required?: boolean; error?: string; hint?: string; id?: string;
  autoComplete?: string; inputMode?: 'decimal' | 'text' | 'numeric'; textarea?: boolean; list?: string; maxLength?: number; minLength?: number;
}) {
  const id = props.id ?? `f-${props.name}`;
  const describedBy = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id, name: props.name, required: props.required, 'aria-invalid': props.error ? true : undefined, 'aria-describedby': describedBy,
    maxLength: props.maxLength, minLength: props.minLength,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint && <span className="hint" id={`${id}-hint`}>{props.hint}</span>}
      {props.textarea
        ? <textarea {...common} rows={3} defaultValue={props.value ?? ''} />
        : <input {...common} type={props.type ?? 'text'} defaultValue={props.value ?? ''} autoComplete={props.autoComplete} inputMode={props.inputMode} list={props.list} />}
      {props.error && <span className="field-error" id={`${id}-error`}>{props.error}</span>}
    </div>
  );
}

export function Pager({ f, total, limit, offset, href }: { f: Fmt; total: number; limit: number; offset: number; href: (offset: number) => string }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  return (
    <nav className="pager" aria-label={f.t('pager.label')}>
      {page > 1 ? <a href={href((page - 2) * limit)} rel="prev">{f.t('pager.previous')}</a> : <span aria-hidden="true" className="disabled">{f.t('pager.previous')}</span>}
      <span>{f.t('pager.pageOf', { page, pages })}</span>
      {page < pages ? <a href={href(page * limit)} rel="next">{f.t('pager.next')}</a> : <span aria-hidden="true" className="disabled">{f.t('pager.next')}</span>}
    </nav>
  );
}

export function State({ f, order }: { f: Fmt; order: { orderState: string; paymentState: string } }) {
  return (
    <span className="states">
      <span className={`badge s-${order.orderState.toLowerCase()}`}>{f.t(`orderState.${order.orderState}`)}</span>{' '}
      {/* a cancelled order owes nothing: not "Payment pending" (shownPaymentState) */}
      <span className={`badge p-${shownPaymentState(order).toLowerCase()}`}>{f.t(`paymentState.${shownPaymentState(order)}`)}</span>
    </span>
  );
}

// ---------------------------------------------------------------- sign-in

export function SignInView({ f, csrf, email, message }: { f: Fmt; csrf: string; email?: string; message?: string | null }) {
  return (
    <form method="post" action="/sign-in" className="card narrow">
      {message && <p className="notice error" role="alert">{message}</p>}
      <Csrf value={csrf} />
      <Field name="email" label={f.t('signIn.email')} type="email" value={email} required autoComplete="username" />
      <Field name="password" label={f.t('signIn.password')} type="password" required autoComplete="current-password" />
      <button type="submit">{f.t('signIn.submit')}</button>
    </form>
  );
}

// ---------------------------------------------------------------- order queue

export const queueFilterKeys = ['queue', 'state', 'paymentState', 'store', 'transactionType', 'q'] as const;

export function QueueView({ f, data, query, limit, offset }: { f: Fmt; data: OpsOrdersResponse; query: OpsOrdersQuery; limit: number; offset: number }) {
  const { t } = f;
  const qs = (over: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const k of queueFilterKeys) {
      const v = k in over ? over[k] : query[k];
      if (v !== undefined && v !== '') p.set(k, String(v));
    }
    if (over.offset) p.set('offset', String(over.offset));
    const s = p.toString();
    return `/orders${s ? `?${s}` : ''}`;
  };
  const shownQueues = opsQueues.filter((q) => q !== 'to_store' || (data.counts[q] ?? 0) > 0);
  return (
    <>
      <nav aria-label={t('queue.queues')} className="queues">
        <ul>
          <li><a href={qs({ queue: undefined })} aria-current={!query.queue ? 'page' : undefined}>{t('queue.all')}</a></li>
          {shownQueues.map((q) => (
            <li key={q}>
              <a href={qs({ queue: q })} aria-current={query.queue === q ? 'page' : undefined} className={q === 'overdue' && (data.counts[q] ?? 0) > 0 ? 'warn' : undefined}>
                {t(`queue.name.${q}`)} <span className="count">{data.counts[q] ?? 0}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action="/orders" className="filters" role="search" aria-label={t('queue.filters')}>
        {query.queue && <input type="hidden" name="queue" value={query.queue} />}
        <div className="field">
          <label htmlFor="f-q">{t('queue.search')}</label>
          <input id="f-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={100} />
        </div>
        <Select f={f} name="state" label={t('queue.state')} value={query.state} options={['Open', 'Created', 'Confirmed', 'Complete', 'Cancelled', 'Requested', 'Accepted'].map((s) => [s, t(`orderState.${s}`)])} />
        <Select f={f} name="paymentState" label={t('queue.paymentState')} value={query.paymentState} options={['Pending', 'Paid', 'Failed'].map((s) => [s, t(`paymentState.${s}`)])} />
        <Select f={f} name="store" label={t('queue.store')} value={query.store} options={['at', 'ch', 'de', 'li', 'us'].map((s) => [s, t(`store.${s}`)])} />
        <Select f={f} name="transactionType" label={t('queue.type')} value={query.transactionType} options={['buy', 'sell'].map((s) => [s, t(`type.${s}`)])} />
        <div className="field actions-row">
          <button type="submit">{t('queue.apply')}</button>
          <a href="/orders" className="button secondary">{t('queue.reset')}</a>
        </div>
      </form>
      <p role="status" className="result-count">{t('queue.found', { count: data.total })}</p>
      {data.results.length === 0 ? (
        <p className="empty">{t('queue.empty')}</p>
      ) : (
        <TableWrap label={t('queue.caption')}>
          <table className="orders">
            <caption className="visually-hidden">{t('queue.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('queue.col.order')}</th>
                <th scope="col">{t('queue.col.created')}</th>
                <th scope="col">{t('queue.col.customer')}</th>
                <th scope="col">{t('queue.col.type')}</th>
                <th scope="col">{t('queue.col.state')}</th>
                <th scope="col" className="num">{t('queue.col.total')}</th>
                <th scope="col">{t('queue.col.due')}</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((o) => (
                <tr key={o.id} className={o.overdue ? 'overdue' : undefined}>
                  <td data-label={t('queue.col.order')}><div><a href={`/orders/${o.id}`}>{o.orderNumber}</a> <span className="store">{o.store.toUpperCase()}</span></div></td>
                  <td data-label={t('queue.col.created')}><div>{f.dateTime(o.createdAt)}</div></td>
                  <td data-label={t('queue.col.customer')}><div>{o.customerName}<br /><span className="muted">{o.customerEmail}</span></div></td>
                  <td data-label={t('queue.col.type')}><div>{t(`type.${o.transactionType}`)}<br /><span className="muted">{t(`payment.${o.paymentMethod}`)}</span></div></td>
                  <td data-label={t('queue.col.state')}><div><State f={f} order={o} /></div></td>
                  <td data-label={t('queue.col.total')} className="num"><div><Amount f={f.forStore(o.store)} order={o} /></div></td>
                  <td data-label={t('queue.col.due')}><div>{o.paymentDueBy ? f.date(o.paymentDueBy) : '–'}{o.overdue && <strong className="warn-text"> {t('queue.overdue')}</strong>}</div></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <Pager f={f} total={data.total} limit={limit} offset={offset} href={(o) => qs({ offset: o })} />
    </>
  );
}

export function Select({ f, name, label, value, options }: { f: Fmt; name: string; label: string; value?: string; options: [string, string][] }) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} defaultValue={value ?? ''}>
        <option value="">{f.t('queue.any')}</option>
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </div>
  );
}

// ---------------------------------------------------------------- order detail

export interface ActionFormState {
  /** the action whose form was sent and refused */
  action?: OpsAction;
  values?: Record<string, string>;
  fields?: FieldMessages;
}

function actorName(f: Fmt, a: AuditEntry['actor']): string {
  if (a.type === 'operator') return a.email ?? a.id;
  if (a.type === 'customer') return f.t('actor.customer');
  return f.t('actor.system', { name: a.id });
}

/** "by finance@…", "by the customer": a phrase of its own per kind of actor, as German declines the noun
 * ("durch den Kunden", never "durch der Kunde"); actorName is the label for a column. */
function byActor(f: Fmt, a: AuditEntry['actor']): string {
  if (a.type === 'operator') return f.t('detail.by', { who: actorName(f, a) });
  if (a.type === 'customer') return f.t('detail.byCustomer');
  return f.t('detail.bySystem', { name: a.id });
}

/** What an audit entry records, in the operator's language (backoffice.event.<action>); every action the
 * shop writes has its label (test/backoffice/looks.test.ts), the raw code shows only for one that is missing. */
function eventLabel(f: Fmt, action: string): string {
  const key = `backoffice.event.${action}`;
  const label = f.tAny(key);
  return label === key ? action : label;
}

function Timeline({ f, entries }: { f: Fmt; entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="empty">{f.t('detail.noEvents')}</p>;
  return (
    <ol className="timeline">
      {entries.map((e) => (
        <li key={e.id}>
          <p><time dateTime={e.at}>{f.dateTime(e.at)}</time> · <strong>{eventLabel(f, e.action)}</strong></p>
          <p className="muted">
            {byActor(f, e.actor)}
            {e.before && e.after && (
              <> · {f.t(`orderState.${e.before.orderState}`)}/{f.t(`paymentState.${shownPaymentState(e.before)}`)} → {f.t(`orderState.${e.after.orderState}`)}/{f.t(`paymentState.${shownPaymentState(e.after)}`)}</>
            )}
          </p>
          <Details f={f} details={e.details} />
        </li>
      ))}
    </ol>
  );
}

/** The facts of an audit entry an operator reads (amounts, references, reasons); keys without a label stay out. */
function Details({ f, details }: { f: Fmt; details: Record<string, unknown> }) {
  const isMoney = (v: unknown): v is { centAmount: number; currencyCode: string } =>
    typeof v === 'object' && v !== null && typeof (v as { centAmount?: unknown }).centAmount === 'number' && typeof (v as { currencyCode?: unknown }).currencyCode === 'string';
  const label = (k: string) => {
    const l = f.tAny(`backoffice.detailKey.${k}`);
    return l === `backoffice.detailKey.${k}` ? null : l;
  };
  const entries = Object.entries(details ?? {}).filter(([k, v]) => label(k) && v !== null && v !== undefined && (typeof v !== 'object' || isMoney(v) || k === 'identityCheck'));
  if (entries.length === 0) return null;
  const show = (k: string, v: unknown) => {
    if (isMoney(v)) return f.money(v);
    if (typeof v === 'object') return identityText(f, v as IdentityFacts);
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return f.date(v);
    // only the tracking link the shop built from its carrier table is a link; text from a customer, a bank
    // statement (a remittance) or staff is shown as text whatever it starts with
    if (k === 'trackingUrl' && typeof v === 'string' && /^https:\/\//.test(v)) return <a href={v} rel="noopener noreferrer">{v}</a>;
    return String(v);
  };
  return (
    <dl className="details">
      {entries.map(([k, v]) => (
        <div key={k}><dt>{label(k)}</dt><dd>{show(k, v)}</dd></div>
      ))}
    </dl>
  );
}

type IdentityFacts = { documentType: string; issuingCountry: string; numberLast4: string; expiryDate: string; matchesOrder?: boolean | null };

/** "Passport · CH · ••••4567 · valid until 31.05.2031": a document as staff read it (never its full number). */
function identityText(f: Fmt, d: IdentityFacts): string {
  const parts = [f.t(`action.identity.type.${d.documentType}`), d.issuingCountry, `••••${d.numberLast4}`, f.t('action.identity.validUntil', { date: f.date(d.expiryDate) })];
  if (d.matchesOrder === true) parts.push(f.t('detail.aml.matches'));
  if (d.matchesOrder === false) parts.push(f.t('detail.aml.differs'));
  return parts.join(' · ');
}

/**
 * The identity document checked at the counter (issue 23): part of the pickup form and of a cash payout's
 * form; required (and said so) where the order reached the anti-money-laundering threshold.
 */
function IdentityCheckFields({ f, aml, action, v, err }: {
  f: Fmt; aml: OpsAml | undefined; action: 'pickup' | 'payout';
  v: (action: OpsAction, name: string, dflt?: string) => string; err: (action: OpsAction, name: string) => string | undefined;
}) {
  const { t } = f;
  const required = aml?.identityRequired === true;
  const id = (n: string) => `${action}-${n}`;
  const typeError = err(action, 'idType');
  return (
    <fieldset className="identity-check" aria-describedby={id('id-hint')}>
      <legend>{t('action.identity.title')}</legend>
      <p className="hint" id={id('id-hint')}>{t(required ? 'action.identity.hintRequired' : 'action.identity.hintOptional')}</p>
      <div className="field">
        <label htmlFor={id('idType')}>{t('action.identity.documentType')}</label>
        <select id={id('idType')} name="idType" defaultValue={v(action, 'idType', '')} required={required} aria-invalid={typeError ? true : undefined} aria-describedby={typeError ? `${id('idType')}-error` : undefined}>
          <option value="">{t('action.identity.choose')}</option>
          {(['passport', 'id-card', 'residence-permit'] as const).map((d) => <option key={d} value={d}>{t(`action.identity.type.${d}`)}</option>)}
        </select>
        {typeError && <span className="field-error" id={`${id('idType')}-error`}>{typeError}</span>}
      </div>
      <Field id={id('idCountry')} name="idCountry" label={t('action.identity.issuingCountry')} hint={t('action.identity.countryHint')} value={v(action, 'idCountry', aml?.customerDocument?.issuingCountry ?? '')} required={required} minLength={2} maxLength={2} autoComplete="off" error={err(action, 'idCountry')} />
      <Field id={id('idNumber')} name="idNumber" label={t('action.identity.documentNumber')} hint={t('action.identity.numberHint')} value={v(action, 'idNumber')} required={required} minLength={4} maxLength={40} autoComplete="off" error={err(action, 'idNumber')} />
      <Field id={id('idExpiry')} name="idExpiry" label={t('action.identity.expiryDate')} type="date" value={v(action, 'idExpiry')} required={required} error={err(action, 'idExpiry')} />
    </fieldset>
  );
}

/** A cash order's identification for the auditor: what the customer gave, what the counter checked and who, the linked orders. */
function AmlSection({ f, aml }: { f: Fmt; aml: OpsAml }) {
  const { t } = f;
  const c = aml.identityCheck;
  return (
    <section aria-labelledby="h-aml" className="card">
      <h2 id="h-aml">{t('detail.aml.title')}</h2>
      <dl className="facts">
        <div><dt>{t('detail.aml.required')}</dt><dd>{t(aml.identityRequired ? 'detail.aml.yes' : 'detail.aml.no')}</dd></div>
        {aml.linked && (
          <div><dt>{t('detail.aml.linked', { hours: aml.linked.withinHours })}</dt><dd>{aml.linked.orderNumbers.map((n, i) => <span key={n}>{i > 0 ? ', ' : ''}<a href={`/orders?q=${encodeURIComponent(n)}`}>{n}</a></span>)} · {f.money(aml.linked.amount)}</dd></div>
        )}
        {aml.customerDocument && <div><dt>{t('detail.aml.customerDocument')}</dt><dd>{identityText(f, aml.customerDocument)}</dd></div>}
        <div><dt>{t('detail.aml.check')}</dt><dd>{c ? identityText(f, c) : <strong className={aml.identityRequired ? 'warn-text' : undefined}>{t('detail.aml.noCheck')}</strong>}</dd></div>
        {c && <div><dt>{t('detail.aml.checkedBy')}</dt><dd>{t('detail.aml.checkedByText', { who: actorName(f, c.checkedBy), at: f.dateTime(c.checkedAt), step: t(`detail.aml.step.${c.step}`) })}</dd></div>}
      </dl>
    </section>
  );
}

/** A table that may be wider than a phone scrolls inside this region, which the keyboard can reach. */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>{children}</div>;
}

const carriers = ['Swiss Post', 'DHL', 'DPD', 'UPS', 'FedEx', 'USPS', 'Österreichische Post'];

/**
 * Issue 23: what is paid or paid out; a sale whose assay changed the amount shows the accepted amount with
 * the estimate beside it (the estimate alone misled: finance and support read what the customer is paid).
 */
export function Amount({ f, order }: { f: Fmt; order: Pick<OpsOrderSummary, 'amount' | 'total'> }) {
  const amount = order.amount ?? order.total;
  if (amount.centAmount === order.total.centAmount) return <>{f.money(amount)}</>;
  return <><strong>{f.money(amount)}</strong><br /><span className="muted">{f.t('queue.estimateOf', { amount: f.money(order.total) })}</span></>;
}

/** Issue 23: the counter-offer's state, with its deadline or the customer's answer. */
function CounterOffer({ f, offer }: { f: Fmt; offer: NonNullable<OpsOrderDetail['order']['counterOffer']> }) {
  const { t } = f;
  const values = { offer: f.money(offer.offer), date: f.dateTime(offer.decidedAt ?? offer.deadline) };
  const text = offer.status === 'open' ? t('detail.offerOpen', { offer: values.offer, date: f.dateTime(offer.deadline) })
    : offer.status === 'accepted' ? t('detail.offerAccepted', values)
      : offer.status === 'expired' ? t('detail.offerExpired', { offer: values.offer, date: f.dateTime(offer.deadline) })
        : t('detail.offerDeclined', values);
  return (
    <section aria-labelledby="h-offer" className="card">
      <h2 id="h-offer">{t('detail.counterOffer')}</h2>
      <dl className="facts">
        <div><dt>{t('detail.estimate')}</dt><dd>{f.money(offer.estimate)}</dd></div>
        <div><dt>{t('detail.accepted')}</dt><dd>{f.money(offer.offer)}</dd></div>
      </dl>
      <p data-testid="counter-offer-state">{text}</p>
      {offer.returnedAt && <p>{t('detail.offerReturned', { date: f.dateTime(offer.returnedAt) })}</p>}
    </section>
  );
}

function PostalAddress({ f, address }: { f: Fmt; address: CartAddress }) {
  return <address>{addressLines(address, (code) => f.tAny(`account.country.${code}`)).map((l, i) => <span key={i} className="line">{l}</span>)}</address>;
}

/**
 * Issue 23: finance pays to the account in full (the detail carries it for the roles that pay out) and types
 * it back as the check; other roles see the customer's masked account.
 */
function payoutHint(f: Fmt, detail: OpsOrderDetail, masked: NonNullable<OpsOrderDetail['order']['payoutAccount']>): string {
  const full = detail.payoutAccount;
  if (full?.iban) return f.t('action.payout.accountFull', { owner: full.accountOwner, iban: groupIban(full.iban) });
  if (full?.accountNumber) return f.t('action.payout.accountNumberFull', { owner: full.accountOwner, account: full.accountNumber, routing: full.routingNumber ?? '–' });
  return f.t('action.payout.ibanHint', { owner: masked.accountOwner, iban: masked.iban ?? masked.accountNumber ?? '–' });
}

/** DE89 3704 0044 0532 0130 00: an IBAN in groups of four, as printed on bank documents. */
const groupIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})/g, '$1 ').trim();

export function OrderDetailView({ f: staff, csrf, detail, form }: { f: Fmt; csrf: string; detail: OpsOrderDetail; form: ActionFormState }) {
  // the order's amounts and weights as its store writes them (issue 28, format.ts)
  const f = staff.forStore(detail.summary.store);
  const { t } = f;
  const { summary: s, order } = detail;
  const can = new Set(detail.actions);
  const v = (action: OpsAction, name: string, dflt = '') => (form.action === action ? form.values?.[name] ?? dflt : dflt);
  const err = (action: OpsAction, name: string) => (form.action === action ? form.fields?.[name] : undefined);
  const owed = { centAmount: Math.max(0, s.total.centAmount - detail.paidAmount.centAmount), currencyCode: s.total.currencyCode };
  const payoutDue = s.amount ?? detail.assay?.final ?? s.total;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <p className="back"><a href="/orders">{t('detail.back')}</a></p>
      <section aria-labelledby="h-summary" className="card">
        <h2 id="h-summary">{t('detail.summary')}</h2>
        <dl className="facts">
          <div><dt>{t('detail.state')}</dt><dd><State f={f} order={s} /></dd></div>
          <div><dt>{t('queue.col.type')}</dt><dd>{t(`type.${s.transactionType}`)} · {t(`store.${s.store}`)}</dd></div>
          <div><dt>{t('queue.col.created')}</dt><dd>{f.dateTime(s.createdAt)}</dd></div>
          <div><dt>{t('queue.col.customer')}</dt><dd>{s.customerName} · {s.customerEmail}</dd></div>
          <div><dt>{t('detail.paymentMethod')}</dt><dd>{t(`payment.${s.paymentMethod}`)}</dd></div>
          <div><dt>{t('detail.delivery')}</dt><dd>{order.pickupStore ? t('detail.pickupAt', { store: order.pickupStore.name }) : order.shippingInfo?.name ?? order.deliveryMethod ?? '–'}</dd></div>
          {!order.pickupStore && <div><dt>{t('detail.shippingAddress')}</dt><dd><PostalAddress f={f} address={order.shippingAddress} /></dd></div>}
          <div><dt>{t('detail.billingAddress')}</dt><dd><PostalAddress f={f} address={order.billingAddress} /></dd></div>
          {/* the customer's own words from the checkout: plain text (never a link), line breaks kept */}
          {order.comment && <div><dt>{t('detail.comment')}</dt><dd className="customer-text">{order.comment}</dd></div>}
          <div><dt>{t('queue.col.total')}</dt><dd><Amount f={f} order={s} /></dd></div>
          {s.transactionType === 'buy' && <div><dt>{t('detail.paid')}</dt><dd>{f.money(detail.paidAmount)}</dd></div>}
          {s.paymentDueBy && <div><dt>{t('queue.col.due')}</dt><dd>{f.date(s.paymentDueBy)}{s.overdue && <strong className="warn-text"> {t('queue.overdue')}</strong>}</dd></div>}
        </dl>
        {detail.paymentReview && (
          <p className="notice error" data-testid="payment-review">
            <strong>{t(`review.${detail.paymentReview.reason}`)}</strong> {f.money(detail.paymentReview.amount)} · {f.dateTime(detail.paymentReview.at)} · {detail.paymentReview.entryReference}
          </p>
        )}
        <h3>{t('detail.lines')}</h3>
        <TableWrap label={t('detail.lines')}>
          <table>
            <thead><tr><th scope="col">{t('detail.item')}</th><th scope="col" className="num">{t('detail.quantity')}</th><th scope="col" className="num">{t('queue.col.total')}</th></tr></thead>
            <tbody>
              {order.lineItems.map((l) => (
                <tr key={l.id}><td>{l.name}</td><td className="num">{l.quantity}</td><td className="num">{f.money(l.totalPrice)}</td></tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
        <p><a href={`/audit?orderId=${s.id}`}>{t('detail.auditLink')}</a></p>
      </section>

      {detail.actions.length > 0 && (
        <section aria-labelledby="h-actions" className="card">
          <h2 id="h-actions">{t('detail.actions')}</h2>
          <div className="action-grid">
          {can.has('payment') && (
            <form method="post" action={`/orders/${s.id}/payment`} className="action" aria-labelledby="h-a-payment">
              <h3 id="h-a-payment">{t('action.payment.title')}</h3>
              <Csrf value={csrf} />
              <input type="hidden" name="currency" value={s.total.currencyCode} />
              <Field id="payment-amount" name="amount" label={t('action.payment.amount', { currency: s.total.currencyCode })} hint={t('action.payment.owed', { amount: f.money(owed) })} value={v('payment', 'amount', f.amountInput(owed))} inputMode="decimal" required error={err('payment', 'amount')} />
              <Field id="payment-reference" name="reference" label={t('action.payment.reference')} value={v('payment', 'reference', s.orderNumber)} required maxLength={140} error={err('payment', 'reference')} />
              <Field id="payment-date" name="valueDate" label={t('action.valueDate')} type="date" value={v('payment', 'valueDate', today)} required error={err('payment', 'valueDate')} />
              <button type="submit">{t('action.payment.submit')}</button>
            </form>
          )}
          {can.has('shipment') && (
            <form method="post" action={`/orders/${s.id}/shipment`} className="action" aria-labelledby="h-a-shipment">
              <h3 id="h-a-shipment">{t('action.shipment.title')}</h3>
              <Csrf value={csrf} />
              <Field id="shipment-carrier" name="carrier" label={t('action.shipment.carrier')} value={v('shipment', 'carrier', order.country === 'US' ? 'USPS' : 'Swiss Post')} list="carriers" required maxLength={60} error={err('shipment', 'carrier')} />
              <datalist id="carriers">{carriers.map((c) => <option key={c} value={c} />)}</datalist>
              <Field id="shipment-tracking" name="trackingNumber" label={t('action.shipment.trackingNumber')} value={v('shipment', 'trackingNumber')} required minLength={3} maxLength={60} error={err('shipment', 'trackingNumber')} />
              <button type="submit">{t('action.shipment.submit')}</button>
            </form>
          )}
          {can.has('pickup') && (
            <form method="post" action={`/orders/${s.id}/pickup`} className="action" aria-labelledby="h-a-pickup">
              <h3 id="h-a-pickup">{t('action.pickup.title')}</h3>
              <Csrf value={csrf} />
              <Field id="pickup-by" name="collectedBy" label={t('action.pickup.collectedBy')} hint={t('action.pickup.hint')} value={v('pickup', 'collectedBy', s.customerName)} required maxLength={120} error={err('pickup', 'collectedBy')} />
              <Field id="pickup-note" name="note" label={t('action.note')} value={v('pickup', 'note')} textarea maxLength={1000} error={err('pickup', 'note')} />
              {order.paymentMethod === 'cash' && <IdentityCheckFields f={f} aml={detail.aml} action="pickup" v={v} err={err} />}
              <button type="submit">{t('action.pickup.submit')}</button>
            </form>
          )}
          {can.has('goods-received') && (
            <form method="post" action={`/orders/${s.id}/goods-received`} className="action" aria-labelledby="h-a-goods">
              <h3 id="h-a-goods">{t('action.goods.title')}</h3>
              <Csrf value={csrf} />
              <Field id="goods-note" name="note" label={t('action.note')} value={v('goods-received', 'note')} textarea maxLength={1000} error={err('goods-received', 'note')} />
              <button type="submit">{t('action.goods.submit')}</button>
            </form>
          )}
          {can.has('assay') && (
            <form method="post" action={`/orders/${s.id}/assay`} className="action" aria-labelledby="h-a-assay">
              <h3 id="h-a-assay">{t('action.assay.title')}</h3>
              <p className="hint">{t('action.assay.hint')}</p>
              <Csrf value={csrf} />
              {order.lineItems.map((l) => {
                const est = detail.estimatedFineWeightGrams?.[l.id];
                return (
                  <Field key={l.id} id={`assay-${l.id}`} name={`line.${l.id}`} label={t('action.assay.line', { name: l.name, quantity: l.quantity })}
                    hint={est !== undefined ? t('action.assay.estimate', { grams: f.grams(est) }) : undefined}
                    value={v('assay', `line.${l.id}`, est !== undefined ? String(est) : '')} inputMode="decimal" required error={err('assay', `line.${l.id}`)} />
                );
              })}
              <Field id="assay-note" name="note" label={t('action.note')} value={v('assay', 'note')} textarea maxLength={1000} error={err('assay', 'note')} />
              <div className="check">
                <input type="checkbox" id="assay-confirm" name="confirmDeviation" value="1" />
                <label htmlFor="assay-confirm">{t('action.assay.confirmDeviation')}</label>
              </div>
              <button type="submit">{t('action.assay.submit')}</button>
            </form>
          )}
          {can.has('payout') && (
            <form method="post" action={`/orders/${s.id}/payout`} className="action" aria-labelledby="h-a-payout">
              <h3 id="h-a-payout">{t('action.payout.title')}</h3>
              <Csrf value={csrf} />
              {order.paymentMethod === 'cash' || !order.payoutAccount ? (
                <p>{t('action.payout.cash')}</p>
              ) : order.payoutAccount.iban ? (
                <Field id="payout-iban" name="iban" label={t('action.payout.iban')} hint={payoutHint(f, detail, order.payoutAccount)} value={v('payout', 'iban')} required autoComplete="off" maxLength={42} error={err('payout', 'iban')} />
              ) : (
                <Field id="payout-account" name="accountNumber" label={t('action.payout.accountNumber')} hint={payoutHint(f, detail, order.payoutAccount)} value={v('payout', 'accountNumber')} required autoComplete="off" maxLength={17} inputMode="numeric" error={err('payout', 'accountNumber')} />
              )}
              <Field id="payout-amount" name="amount" label={t('action.payout.amount', { currency: payoutDue.currencyCode })} hint={t('action.payout.due', { amount: f.money(payoutDue) })} value={v('payout', 'amount', f.amountInput(payoutDue))} inputMode="decimal" required error={err('payout', 'amount')} />
              <Field id="payout-date" name="valueDate" label={t('action.valueDate')} type="date" value={v('payout', 'valueDate', today)} required error={err('payout', 'valueDate')} />
              {order.paymentMethod === 'cash' && <IdentityCheckFields f={f} aml={detail.aml} action="payout" v={v} err={err} />}
              <button type="submit">{t('action.payout.submit')}</button>
            </form>
          )}
          {can.has('goods-returned') && (
            <form method="post" action={`/orders/${s.id}/goods-returned`} className="action" aria-labelledby="h-a-returned">
              <h3 id="h-a-returned">{t('action.returned.title')}</h3>
              <p className="hint">{t('action.returned.hint')}</p>
              <Csrf value={csrf} />
              <Field id="returned-tracking" name="trackingNumber" label={t('action.returned.trackingNumber')} value={v('goods-returned', 'trackingNumber')} maxLength={60} error={err('goods-returned', 'trackingNumber')} />
              <Field id="returned-note" name="note" label={t('action.note')} value={v('goods-returned', 'note')} textarea maxLength={1000} error={err('goods-returned', 'note')} />
              <button type="submit">{t('action.returned.submit')}</button>
            </form>
          )}
          {can.has('payment-failed') && (
            <form method="post" action={`/orders/${s.id}/payment-failed`} className="action danger" aria-labelledby="h-a-payment-failed">
              <h3 id="h-a-payment-failed">{t('action.paymentFailed.title')}</h3>
              <p className="hint">{t('action.paymentFailed.hint')}</p>
              <Csrf value={csrf} />
              <Field id="payment-failed-reason" name="reason" label={t('action.paymentFailed.reason')} value={v('payment-failed', 'reason')} textarea required minLength={3} maxLength={500} error={err('payment-failed', 'reason')} />
              <button type="submit" className="danger">{t('action.paymentFailed.submit')}</button>
            </form>
          )}
          {can.has('cancel') && (
            <CancelForm f={f} csrf={csrf} orderId={s.id} orderNumber={s.orderNumber} locale={order.locale} overdue={!!s.overdue}
              values={form.action === 'cancel' ? form.values ?? {} : {}} errors={form.action === 'cancel' ? form.fields ?? {} : {}} />
          )}
          </div>
        </section>
      )}

      <section aria-labelledby="h-timeline" className="card">
        <h2 id="h-timeline">{t('detail.timeline')}</h2>
        <Timeline f={f} entries={detail.timeline} />
      </section>

      {s.transactionType === 'buy' && (
        <section aria-labelledby="h-payments" className="card">
          <h2 id="h-payments">{t('detail.payments')}</h2>
          {detail.payments.length === 0 ? <p className="empty">{t('detail.noPayments')}</p> : (
            <TableWrap label={t('detail.payments')}>
              <table>
                <thead><tr><th scope="col">{t('action.valueDate')}</th><th scope="col" className="num">{t('detail.amount')}</th><th scope="col">{t('action.payment.reference')}</th><th scope="col">{t('detail.source')}</th><th scope="col">{t('detail.recordedBy')}</th></tr></thead>
                <tbody>
                  {detail.payments.map((p) => (
                    <tr key={p.id} className={p.reversedAt ? 'reversed' : undefined}><td>{f.date(p.valueDate)}</td><td className="num">{p.reversedAt ? <del>{f.money(p.amount)}</del> : f.money(p.amount)}</td><td>{p.reference}</td><td>{t(`source.${p.source}`)}{p.reversedAt && <strong className="warn-text"> · {t('source.reversed')} {f.dateTime(p.reversedAt)}</strong>}</td><td>{actorName(f, p.recordedBy)}</td></tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
        </section>
      )}

      {detail.shipments.length > 0 && (
        <section aria-labelledby="h-shipments" className="card">
          <h2 id="h-shipments">{t('detail.shipments')}</h2>
          <ul>
            {detail.shipments.map((sh) => (
              <li key={sh.id}>
                {f.dateTime(sh.shippedAt)} · {sh.carrier} ·{' '}
                {sh.trackingUrl ? <a href={sh.trackingUrl} rel="noopener noreferrer">{sh.trackingNumber}</a> : sh.trackingNumber}
              </li>
            ))}
          </ul>
        </section>
      )}

      {detail.assay && (
        <section aria-labelledby="h-assay" className="card">
          <h2 id="h-assay">{t('detail.assay')}</h2>
          <TableWrap label={t('detail.assay')}>
            <table>
              <thead><tr><th scope="col">{t('detail.item')}</th><th scope="col" className="num">{t('detail.estimatedGrams')}</th><th scope="col" className="num">{t('detail.finalGrams')}</th><th scope="col" className="num">{t('detail.estimate')}</th><th scope="col" className="num">{t('detail.final')}</th></tr></thead>
              <tbody>
                {detail.assay.lines.map((l) => (
                  <tr key={l.lineId}><td>{l.name}</td><td className="num">{f.grams(l.estimatedFineWeightGrams)}</td><td className="num">{f.grams(l.finalFineWeightGrams)}</td><td className="num">{f.money(l.estimate)}</td><td className="num">{f.money(l.final)}</td></tr>
                ))}
              </tbody>
              <tfoot><tr><th scope="row" colSpan={3}>{t('detail.assayTotal')}</th><td className="num">{f.money(detail.assay.estimate)}</td><td className="num"><strong>{f.money(detail.assay.final)}</strong></td></tr></tfoot>
            </table>
          </TableWrap>
          {detail.assay.note && <p>{detail.assay.note}</p>}
        </section>
      )}

      {detail.aml && <AmlSection f={f} aml={detail.aml} />}
      {order.counterOffer && <CounterOffer f={f} offer={order.counterOffer} />}

      {detail.payout && (
        <section aria-labelledby="h-payout" className="card">
          <h2 id="h-payout">{t('detail.payout')}</h2>
          <dl className="facts">
            <div><dt>{t('detail.amount')}</dt><dd>{f.money(detail.payout.amount)}</dd></div>
            <div><dt>{t('action.payout.account')}</dt><dd>{detail.payout.iban ?? t('action.payout.cashPaid')}</dd></div>
            <div><dt>{t('action.valueDate')}</dt><dd>{f.date(detail.payout.valueDate)}</dd></div>
          </dl>
        </section>
      )}
    </>
  );
}

// ---------------------------------------------------------------- bank statements

/** The upload form, a running import's progress, or a result (a page of its entries when the import is a job). */
export function StatementsView({ f, csrf, result, error, job, offset = 0, limit = 200 }: {
  f: Fmt; csrf: string; result: BankStatementResult | null; error?: string; job?: BankStatementImport; offset?: number; limit?: number;
}) {
  const { t } = f;
  const running = job?.status === 'running';
  return (
    <>
      <form method="post" action="/bank-statements" encType="multipart/form-data" className="card">
        <Csrf value={csrf} />
        <p>{t('statements.intro')}</p>
        <div className="field">
          <label htmlFor="f-file">{t('statements.file')}</label>
          <input id="f-file" name="file" type="file" accept=".xml,application/xml,text/xml" required aria-describedby={error ? 'f-file-error' : undefined} aria-invalid={error ? true : undefined} />
          {error && <span className="field-error" id="f-file-error">{error}</span>}
        </div>
        <button type="submit">{t('statements.submit')}</button>
      </form>
      {running && (
        <section aria-labelledby="h-running" className="card">
          <h2 id="h-running">{job.statementId || t('statements.title')}</h2>
          <p role="status" data-testid="import-progress">{job.total === 0 ? t('statements.reading') : t('statements.running', { processed: job.processed, total: job.total })}</p>
          <p><a href={`/bank-statements/imports/${job.id}`}>{t('statements.refresh')}</a></p>
        </section>
      )}
      {result && (
        <section aria-labelledby="h-result" className="card">
          <h2 id="h-result">{t('statements.result', { applied: result.applied, flagged: result.flagged })}</h2>
          {result.accountIban && <p>{t('statements.account', { iban: result.accountIban })}</p>}
          {(result.pending ?? 0) > 0 && <p>{t('statements.pendingCount', { count: result.pending })}</p>}
          {(result.reversed ?? 0) > 0 && <p><strong className="warn-text">{t('statements.reversedCount', { count: result.reversed })}</strong></p>}
          <TableWrap label={t('statements.title')}>
            <table>
              <thead><tr><th scope="col">{t('statements.col.result')}</th><th scope="col">{t('action.valueDate')}</th><th scope="col" className="num">{t('detail.amount')}</th><th scope="col">{t('statements.col.remittance')}</th><th scope="col">{t('statements.col.debtor')}</th><th scope="col">{t('queue.col.order')}</th></tr></thead>
              <tbody>
                {result.entries.map((e, i) => (
                  <tr key={`${e.entryReference}-${i}`} className={e.result === 'applied' ? 'applied' : 'flagged'}>
                    <td><span className={`badge ${e.result === 'applied' ? 'ok' : e.result === 'pending' || e.result === 'info' || e.result === 'debit' || e.result === 'duplicate' ? 'neutral' : 'warn'}`}>{t(`statements.entry.${e.result}`)}</span></td>
                    <td>{e.valueDate ? f.date(e.valueDate) : '–'}</td>
                    <td className="num">{f.money(e.amount)}</td>
                    <td>{e.remittance}</td>
                    <td>{e.debtorName ?? '–'}</td>
                    <td>{e.orderId ? <a href={`/orders/${e.orderId}`}>{e.orderNumber}</a> : e.orderNumber ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          {job && job.processed > limit && <Pager f={f} total={job.processed} limit={limit} offset={offset} href={(o) => `/bank-statements/imports/${job.id}?offset=${o}`} />}
        </section>
      )}
    </>
  );
}

// ---------------------------------------------------------------- whistleblower cases (admin)

export function CasesView({ f, cases, total, status, limit, offset }: { f: Fmt; cases: WhistleblowOpsCase[]; total: number; status?: string; limit: number; offset: number }) {
  const { t } = f;
  return (
    <>
      <form method="get" action="/cases" className="filters" aria-label={t('queue.filters')}>
        <Select f={f} name="status" label={t('cases.status')} value={status} options={['received', 'in-progress', 'closed'].map((s) => [s, t(`cases.state.${s}`)])} />
        <div className="field actions-row"><button type="submit">{t('queue.apply')}</button></div>
      </form>
      {cases.length === 0 ? <p className="empty">{t('cases.empty')}</p> : (
        <TableWrap label={t('cases.title')}>
          <table>
            <thead><tr><th scope="col">{t('cases.reference')}</th><th scope="col">{t('cases.category')}</th><th scope="col">{t('cases.status')}</th><th scope="col">{t('cases.received')}</th><th scope="col">{t('cases.updated')}</th></tr></thead>
            <tbody>
              {cases.map((c) => (
                <tr key={c.caseReference}>
                  <td><a href={`/cases/${encodeURIComponent(c.caseReference)}`}>{c.caseReference}</a></td>
                  <td>{c.category}</td>
                  <td>{t(`cases.state.${c.status}`)}</td>
                  <td>{f.dateTime(c.createdAt)}</td>
                  <td>{f.dateTime(c.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <Pager f={f} total={total} limit={limit} offset={offset} href={(o) => `/cases?${new URLSearchParams({ ...(status ? { status } : {}), offset: String(o) })}`} />
    </>
  );
}

export function CaseView({ f, csrf, c, message, error }: { f: Fmt; csrf: string; c: WhistleblowOpsCase; message?: string; error?: string }) {
  const { t } = f;
  return (
    <>
      <p className="back"><a href="/cases">{t('cases.back')}</a></p>
      <section className="card" aria-labelledby="h-case">
        <h2 id="h-case">{t('cases.facts')}</h2>
        <dl className="facts">
          <div><dt>{t('cases.category')}</dt><dd>{c.category}</dd></div>
          <div><dt>{t('cases.status')}</dt><dd>{t(`cases.state.${c.status}`)}</dd></div>
          <div><dt>{t('cases.received')}</dt><dd>{f.dateTime(c.createdAt)}</dd></div>
          <div><dt>{t('cases.reporter')}</dt><dd>{c.anonymous || !c.reporter ? t('cases.anonymous') : [c.reporter.name, c.reporter.email, c.reporter.phone].filter(Boolean).join(' · ')}</dd></div>
        </dl>
      </section>
      <section className="card" aria-labelledby="h-messages">
        <h2 id="h-messages">{t('cases.messages')}</h2>
        <ol className="timeline">
          {c.messages.map((m, i) => (
            <li key={i} className={m.author}>
              <p><time dateTime={m.createdAt}>{f.dateTime(m.createdAt)}</time> · <strong>{t(`cases.author.${m.author}`)}</strong>{m.by ? <> · {m.by}</> : null}</p>
              <p className="message">{m.text}</p>
            </li>
          ))}
        </ol>
      </section>
      {c.status !== 'closed' && (
        <form method="post" action={`/cases/${encodeURIComponent(c.caseReference)}/answers`} className="card" aria-labelledby="h-answer">
          <h2 id="h-answer">{t('cases.answer')}</h2>
          <Csrf value={csrf} />
          <Field name="message" label={t('cases.message')} value={message} textarea required maxLength={5000} error={error} />
          <div className="check">
            <input type="checkbox" id="f-close" name="close" value="1" />
            <label htmlFor="f-close">{t('cases.close')}</label>
          </div>
          <button type="submit">{t('cases.send')}</button>
        </form>
      )}
    </>
  );
}

// ---------------------------------------------------------------- operators (admin)

export function OperatorsView({ f, csrf, operators, values, fields }: { f: Fmt; csrf: string; operators: Operator[]; values?: Record<string, string | string[]>; fields?: FieldMessages }) {
  const { t } = f;
  const checkedRoles = new Set(Array.isArray(values?.roles) ? values.roles : values?.roles ? [values.roles] : []);
  return (
    <>
      <TableWrap label={t('operators.caption')}>
        <table>
          <caption className="visually-hidden">{t('operators.caption')}</caption>
          <thead><tr><th scope="col">{t('signIn.email')}</th><th scope="col">{t('operators.roles')}</th><th scope="col">{t('operators.lastLogin')}</th><th scope="col">{t('operators.change')}</th></tr></thead>
          <tbody>
            {operators.map((o) => (
              <tr key={o.id} className={o.disabled ? 'disabled' : undefined}>
                <td>{o.email}{o.disabled && <> <span className="badge warn">{t('operators.disabled')}</span></>}</td>
                <td>{o.roles.map((r) => t(`role.${r}`)).join(', ')}</td>
                <td>{o.lastLoginAt ? f.dateTime(o.lastLoginAt) : '–'}</td>
                <td>
                  <form method="post" action={`/operators/${o.id}`} className="operator-edit">
                    <Csrf value={csrf} />
                    <fieldset>
                      <legend className="visually-hidden">{t('operators.rolesOf', { email: o.email })}</legend>
                      {operatorRoles.map((r) => (
                        <span className="check" key={r}>
                          <input type="checkbox" id={`r-${o.id}-${r}`} name="roles" value={r} defaultChecked={o.roles.includes(r)} />
                          <label htmlFor={`r-${o.id}-${r}`}>{t(`role.${r}`)}</label>
                        </span>
                      ))}
                      <span className="check">
                        <input type="checkbox" id={`d-${o.id}`} name="disabled" value="1" defaultChecked={o.disabled ?? false} />
                        <label htmlFor={`d-${o.id}`}>{t('operators.disable')}</label>
                      </span>
                    </fieldset>
                    <button type="submit" aria-label={t('operators.saveFor', { email: o.email })}>{t('operators.save')}</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <form method="post" action="/operators" className="card" aria-labelledby="h-new-operator">
        <h2 id="h-new-operator">{t('operators.create')}</h2>
        <Csrf value={csrf} />
        <Field id="new-email" name="email" label={t('signIn.email')} type="email" value={typeof values?.email === 'string' ? values.email : ''} required autoComplete="off" error={fields?.email} />
        <Field id="new-password" name="password" label={t('operators.password')} hint={t('operators.passwordHint')} type="password" required minLength={12} autoComplete="new-password" error={fields?.password} />
        <fieldset aria-describedby={fields?.roles ? 'new-roles-error' : undefined}>
          <legend>{t('operators.roles')}</legend>
          {operatorRoles.map((r) => (
            <span className="check" key={r}>
              <input type="checkbox" id={`new-${r}`} name="roles" value={r} defaultChecked={checkedRoles.has(r)} />
              <label htmlFor={`new-${r}`}>{t(`role.${r}`)}</label>
            </span>
          ))}
          {fields?.roles && <span className="field-error" id="new-roles-error">{fields.roles}</span>}
        </fieldset>
        <button type="submit">{t('operators.createSubmit')}</button>
      </form>
    </>
  );
}

// ---------------------------------------------------------------- audit log

export function AuditView({ f, data, orderId, operatorId, limit, offset }: { f: Fmt; data: AuditResponse; orderId?: string; operatorId?: string; limit: number; offset: number }) {
  const { t } = f;
  const filter = (more: Record<string, string>) => `/audit?${new URLSearchParams({ ...(orderId ? { orderId } : {}), ...(operatorId ? { operatorId } : {}), ...more })}`;
  const who = (a: AuditEntry['actor']) => actorName(f, a);
  const filtered = operatorId ? data.results.find((e) => e.actor.type === 'operator' && e.actor.id === operatorId)?.actor : undefined;
  return (
    <>
      {operatorId && (
        <p>
          {t('audit.operatorFilter', { who: filtered ? who(filtered) : operatorId })}{' '}
          <a href={`/audit?${new URLSearchParams(orderId ? { orderId } : {})}`}>{t('audit.allOperators')}</a>
        </p>
      )}
      <form method="get" action="/audit" className="filters" aria-label={t('queue.filters')}>
        {operatorId && <input type="hidden" name="operatorId" value={operatorId} />}
        <div className="field">
          <label htmlFor="f-orderId">{t('audit.orderId')}</label>
          <input id="f-orderId" name="orderId" defaultValue={orderId ?? ''} maxLength={36} />
        </div>
        <div className="field actions-row">
          <button type="submit">{t('queue.apply')}</button>
          <a href="/audit" className="button secondary">{t('queue.reset')}</a>
        </div>
      </form>
      {data.results.length === 0 ? <p className="empty">{t('audit.empty')}</p> : (
        <TableWrap label={t('audit.title')}>
          <table>
            <thead><tr><th scope="col">{t('audit.when')}</th><th scope="col">{t('audit.who')}</th><th scope="col">{t('audit.what')}</th><th scope="col">{t('queue.col.order')}</th><th scope="col">{t('audit.change')}</th></tr></thead>
            <tbody>
              {data.results.map((e) => (
                <tr key={e.id}>
                  <td>{f.dateTime(e.at)}</td>
                  <td>{e.actor.type === 'operator' && e.actor.id !== operatorId
                    ? <a href={filter({ operatorId: e.actor.id })} title={t('audit.onlyOperator', { who: who(e.actor) })}>{who(e.actor)}</a>
                    : who(e.actor)}</td>
                  <td>
                    {eventLabel(f, e.action)}
                    {/* an entry of the reporting office names its case (only admins are shown these entries) */}
                    {typeof e.details?.caseReference === 'string' ? <> · <a href={`/cases/${encodeURIComponent(e.details.caseReference)}`}>{e.details.caseReference}</a></> : null}
                  </td>
                  <td>{e.orderId ? <a href={`/orders/${e.orderId}`}>{e.orderNumber ?? e.orderId}</a> : '–'}</td>
                  <td>{e.before && e.after ? `${t(`orderState.${e.before.orderState}`)}/${t(`paymentState.${e.before.paymentState}`)} → ${t(`orderState.${e.after.orderState}`)}/${t(`paymentState.${e.after.paymentState}`)}` : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <Pager f={f} total={data.total} limit={limit} offset={offset} href={(o) => filter({ offset: String(o) })} />
    </>
  );
}

export function MessageView({ f, text, link }: { f: Fmt; text: string; link?: { href: string; label: string } }) {
  return (
    <div className="card">
      <p>{text}</p>
      {link ? <p><a href={link.href}>{link.label}</a></p> : <p><a href="/orders">{f.t('detail.back')}</a></p>}
    </div>
  );
}
