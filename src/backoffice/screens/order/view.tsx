// The order page: the summary and lines, the forms of the steps the order's `actions` allow, the timeline,
// payments, shipments, assay, identification, counter-offer and payout.
import { Fragment, type ReactNode } from 'react';
import type { AuditEntry, CustomerCard, OpsAction, OpsOrderDetail, OrderMail, OrderNote } from '../../../contracts/ops.ts';
import type { OpsAml } from '../../../contracts/ops.ts';
import { addressLines } from '../../../contracts/address-format.ts';
import { dayInStore } from '../../../stores.ts';
import type { CartAddress } from '../../../contracts/cart.ts';
import { shownPaymentState } from '../../../contracts/order.ts';
import type { Fmt } from '../../format.ts';
import { Csrf, Field, type FieldMessages } from '../../ui/form.tsx';
import { actorName, Amount, eventLabel, State, TableWrap } from '../../ui/parts.tsx';
import { CancelForm } from './cancel-form.tsx';
import type { OpsDocument } from '../../../contracts/ops-documents.ts';
import { DocumentsSection } from './documents.tsx';
import { CarrierFields, CustomerCardSection, MailsSection, nextStepFirst, NotesSection, OrderSumsTable, usualCarrier } from './workbench.tsx';

/** The identity documents the counter accepts (IdentityCheckBody.documentType). */
export const documentTypes = ['passport', 'id-card', 'residence-permit'] as const;

export interface ActionFormState {
  /** the action whose form was sent and refused */
  action?: OpsAction;
  values?: Record<string, string>;
  fields?: FieldMessages;
}

/** "by finance@…", "by the customer": a phrase of its own per kind of actor, as German declines the noun
 * ("durch den Kunden", never "durch der Kunde"); actorName is the label for a column. */
function byActor(f: Fmt, a: AuditEntry['actor']): string {
  if (a.type === 'operator') return f.t('detail.by', { who: actorName(f, a) });
  if (a.type === 'customer') return f.t('detail.byCustomer');
  return f.t('detail.bySystem', { name: a.id });
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
          {documentTypes.map((d) => <option key={d} value={d}>{t(`action.identity.type.${d}`)}</option>)}
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

/** Issue 24: what the order page shows beside the detail (each read on its own; null when that read failed). */
export interface OrderWorkbench {
  notes: OrderNote[] | null;
  customer: CustomerCard | null;
  mails: OrderMail[] | null;
  /** issue 25: the order's documents (null: the read failed, the section is left out) */
  documents: OpsDocument[] | null;
  /** a note refused: what was typed and why */
  noteForm?: { value: string; error: string };
}

export function OrderDetailView({ f: staff, csrf, detail, form, workbench }: { f: Fmt; csrf: string; detail: OpsOrderDetail; form: ActionFormState; workbench: OrderWorkbench }) {
  // the order's amounts and weights as its store writes them (issue 28, format.ts)
  const f = staff.forStore(detail.summary.store);
  const { t } = f;
  const { summary: s, order } = detail;
  const v = (action: OpsAction, name: string, dflt = '') => (form.action === action ? form.values?.[name] ?? dflt : dflt);
  const err = (action: OpsAction, name: string) => (form.action === action ? form.fields?.[name] : undefined);
  const owed = { centAmount: Math.max(0, s.total.centAmount - detail.paidAmount.centAmount), currencyCode: s.total.currencyCode };
  const payoutDue = s.amount ?? detail.assay?.final ?? s.total;
  // the value date's default: today where the order's store is (its bank books in that day)
  const today = dayInStore(s.store);
  // each step's form, by action: rendered only for the actions the order offers this operator
  const forms: Record<OpsAction, () => ReactNode> = {
    'payment': () => (
          <form method="post" action={`/orders/${s.id}/payment`} className="action" aria-labelledby="h-a-payment">
            <h3 id="h-a-payment">{t('action.payment.title')}</h3>
            <Csrf value={csrf} />
            <input type="hidden" name="currency" value={s.total.currencyCode} />
            <Field id="payment-amount" name="amount" label={t('action.payment.amount', { currency: s.total.currencyCode })} hint={t('action.payment.owed', { amount: f.money(owed) })} value={v('payment', 'amount', f.amountInput(owed))} inputMode="decimal" required error={err('payment', 'amount')} />
            <Field id="payment-reference" name="reference" label={t('action.payment.reference')} value={v('payment', 'reference', s.orderNumber)} required maxLength={140} error={err('payment', 'reference')} />
            <Field id="payment-date" name="valueDate" label={t('action.valueDate')} type="date" value={v('payment', 'valueDate', today)} required error={err('payment', 'valueDate')} />
            <button type="submit">{t('action.payment.submit')}</button>
          </form>
    ),
    'shipment': () => (
          <form method="post" action={`/orders/${s.id}/shipment`} className="action" aria-labelledby="h-a-shipment">
            <h3 id="h-a-shipment">{t('action.shipment.title')}</h3>
            <Csrf value={csrf} />
            <CarrierFields f={f} idPrefix="shipment" value={v('shipment', 'carrier', usualCarrier(s.store))} otherValue={v('shipment', 'carrierOther')} error={err('shipment', 'carrierOther')} />
            <Field id="shipment-tracking" name="trackingNumber" label={t('action.shipment.trackingNumber')} value={v('shipment', 'trackingNumber')} required minLength={3} maxLength={60} error={err('shipment', 'trackingNumber')} />
            <button type="submit">{t('action.shipment.submit')}</button>
          </form>
    ),
    'pickup': () => (
          <form method="post" action={`/orders/${s.id}/pickup`} className="action" aria-labelledby="h-a-pickup">
            <h3 id="h-a-pickup">{t('action.pickup.title')}</h3>
            <Csrf value={csrf} />
            <Field id="pickup-by" name="collectedBy" label={t('action.pickup.collectedBy')} hint={t('action.pickup.hint')} value={v('pickup', 'collectedBy', s.customerName)} required maxLength={120} error={err('pickup', 'collectedBy')} />
            <Field id="pickup-note" name="note" label={t('action.note')} value={v('pickup', 'note')} textarea maxLength={1000} error={err('pickup', 'note')} />
            {order.paymentMethod === 'cash' && <IdentityCheckFields f={f} aml={detail.aml} action="pickup" v={v} err={err} />}
            <button type="submit">{t('action.pickup.submit')}</button>
          </form>
    ),
    'goods-received': () => (
          <form method="post" action={`/orders/${s.id}/goods-received`} className="action" aria-labelledby="h-a-goods">
            <h3 id="h-a-goods">{t('action.goods.title')}</h3>
            <Csrf value={csrf} />
            <Field id="goods-note" name="note" label={t('action.note')} value={v('goods-received', 'note')} textarea maxLength={1000} error={err('goods-received', 'note')} />
            <button type="submit">{t('action.goods.submit')}</button>
          </form>
    ),
    'assay': () => (
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
    ),
    'payout': () => (
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
    ),
    'goods-returned': () => (
          <form method="post" action={`/orders/${s.id}/goods-returned`} className="action" aria-labelledby="h-a-returned">
            <h3 id="h-a-returned">{t('action.returned.title')}</h3>
            <p className="hint">{t('action.returned.hint')}</p>
            <Csrf value={csrf} />
            <Field id="returned-tracking" name="trackingNumber" label={t('action.returned.trackingNumber')} value={v('goods-returned', 'trackingNumber')} maxLength={60} error={err('goods-returned', 'trackingNumber')} />
            <Field id="returned-note" name="note" label={t('action.note')} value={v('goods-returned', 'note')} textarea maxLength={1000} error={err('goods-returned', 'note')} />
            <button type="submit">{t('action.returned.submit')}</button>
          </form>
    ),
    'payment-failed': () => (
          <form method="post" action={`/orders/${s.id}/payment-failed`} className="action danger" aria-labelledby="h-a-payment-failed">
            <h3 id="h-a-payment-failed">{t('action.paymentFailed.title')}</h3>
            <p className="hint">{t('action.paymentFailed.hint')}</p>
            <Csrf value={csrf} />
            <Field id="payment-failed-reason" name="reason" label={t('action.paymentFailed.reason')} value={v('payment-failed', 'reason')} textarea required minLength={3} maxLength={500} error={err('payment-failed', 'reason')} />
            <button type="submit" className="danger">{t('action.paymentFailed.submit')}</button>
          </form>
    ),
    'cancel': () => (
          <CancelForm f={f} csrf={csrf} orderId={s.id} orderNumber={s.orderNumber} locale={order.locale} overdue={!!s.overdue}
            values={form.action === 'cancel' ? form.values ?? {} : {}} errors={form.action === 'cancel' ? form.fields ?? {} : {}} />
    ),
  };
  const { primary, others } = nextStepFirst(detail.actions);
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
        <OrderSumsTable f={f} order={order} />
        <p><a href={`/audit?orderId=${s.id}`}>{t('detail.auditLink')}</a></p>
      </section>

      {primary && (
        <section aria-labelledby="h-next-step" className="card next-step">
          <h2 id="h-next-step">{t('detail.nextStep')}</h2>
          <div className="action-grid">{forms[primary]()}</div>
        </section>
      )}
      {workbench.customer && <CustomerCardSection f={f} card={workbench.customer} />}
      {others.length > 0 && (
        <section aria-labelledby="h-other-actions" className="card">
          <h2 id="h-other-actions">{t('detail.otherActions')}</h2>
          <div className="action-grid">{others.map((a) => <Fragment key={a}>{forms[a]()}</Fragment>)}</div>
        </section>
      )}

      {workbench.notes && <NotesSection f={f} csrf={csrf} orderId={s.id} notes={workbench.notes} value={workbench.noteForm?.value} error={workbench.noteForm?.error} />}
      <section aria-labelledby="h-timeline" className="card">
        <h2 id="h-timeline">{t('detail.timeline')}</h2>
        <Timeline f={f} entries={detail.timeline} />
      </section>
      {workbench.mails && <MailsSection f={f} csrf={csrf} orderId={s.id} mails={workbench.mails} />}
      {workbench.documents && <DocumentsSection f={f} orderId={s.id} orderNumber={s.orderNumber} documents={workbench.documents} slip={s.transactionType === 'buy'} />}

      {s.transactionType === 'buy' && (
        // not a landmark of its own: its table is the region named "Payments" (axe landmark-unique)
        <section className="card">
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
