// The limit-order form (spec 3, 5): target unit price, quantity, expiry date and time (also shown in days).
// Used to give a limit order from the product page and to change one in the account. Checks spec 5's rules
// before anything is sent (target at most 500,000.00, expiry in the future); the service checks them again
// and its field errors land on the same fields. The expiry is entered in the store's time zone, which the
// fields name (issue 28), and shown in it everywhere (LimitOrderRows, the limit order's page).
import { useEffect, useState } from 'react';
import type { CallError, Result } from '../../../src/contracts/result.ts';
import { storeTimeZones, type Currency } from '../../../src/stores.ts';
import { useShop } from '../../lib/context.tsx';
import { ErrorSummary, SubmitButton, TextField } from '../forms/Fields.tsx';
import { useForm } from '../forms/useForm.ts';
import {
  daysUntil, defaultExpiry, draftOf, draftText, expiryInputs, expiryOf, limitMetNotice, limitOrderProblems, parseAmount, type LimitOrderField,
  type LimitOrderValues,
} from './limit-order-input.ts';

export interface LimitOrderInput {
  targetCentAmount: number;
  quantity: number;
  expiresAt: string;
}

/** The service's field names on the form's fields. */
const fieldOfApi: Record<string, LimitOrderField> = { targetCentAmount: 'target', quantity: 'quantity', expiresAt: 'date' };

function onFormFields(err: CallError): CallError {
  const d = err.details as { fields?: { field: string; code?: string; message: string }[] } | undefined;
  if (!d?.fields) return err;
  return { ...err, details: { ...d, fields: d.fields.map((f) => ({ ...f, field: fieldOfApi[f.field] ?? f.field })) } };
}

/** sessionStorage, where a form with a draftKey keeps its values (issue 17: while the customer adds an address) */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function LimitOrderForm({ formId, currency, initial, submitLabel, onSubmit, side = 'buy', currentUnitPrice, draftKey, check }: {
  formId: string;
  currency: Currency;
  /** the values of a limit order being changed; a new one starts empty with the default expiry */
  initial?: LimitOrderValues;
  submitLabel: string;
  onSubmit: (input: LimitOrderInput) => Promise<Result<unknown>>;
  side?: 'buy' | 'sell';
  /** the current price per piece for a quantity (null: not known): a limit it already meets gets a notice */
  currentUnitPrice?: (quantity: number) => number | null;
  /** keeps the values in this tab's sessionStorage under this key until given (restored on the next visit within an hour) */
  draftKey?: string;
  /** a check before anything is sent (the default address): an error stops the submit and shows in the summary */
  check?: () => CallError | null;
}) {
  const { t, store } = useShop();
  const zone = storeTimeZones[store];
  // The clock starts after hydration: the server does not know "now".
  const [now, setNow] = useState<number | null>(null);
  const form = useForm<LimitOrderValues>(initial ?? { target: '', quantity: '1', date: '', time: '' }, (v) => {
    const problems = limitOrderProblems(v, Date.now(), zone);
    return Object.fromEntries(Object.entries(problems).map(([f, key]) => [f, t(key!)]));
  });
  useEffect(() => {
    setNow(Date.now());
    const draft = draftKey ? draftOf(storage()?.getItem(draftKey) ?? null, Date.now()) : null;
    if (draft) form.setValues(draft);
    else if (!initial) form.setValues({ ...form.values, ...expiryInputs(defaultExpiry(Date.now(), zone), zone) });
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
    // once, on mount
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (draftKey && now !== null) storage()?.setItem(draftKey, draftText(form.values, Date.now()));
  }, [draftKey, form.values, now]);

  const submit = form.onSubmit(async (v) => {
    const blocked = check?.();
    if (blocked) return { data: null, error: blocked };
    const r = await onSubmit({ targetCentAmount: parseAmount(v.target)!, quantity: Number(v.quantity), expiresAt: expiryOf(v.date, v.time, zone)!.toISOString() });
    if (!r.error && draftKey) storage()?.removeItem(draftKey);
    return r.error ? { data: null, error: onFormFields(r.error) } : r;
  });

  const quantity = /^\d+$/.test(form.values.quantity.trim()) ? Number(form.values.quantity) : 1;
  const notice = limitMetNotice(side, parseAmount(form.values.target), currentUnitPrice?.(Math.max(1, quantity)));

  const at = expiryOf(form.values.date, form.values.time, zone);
  const days = at && now !== null && at.getTime() > now ? daysUntil(at, now) : null;
  const labels = {
    target: t('limitOrders.field.target', { currency }),
    quantity: t('limitOrders.field.quantity'),
    date: t('limitOrders.field.date'),
    time: t('limitOrders.field.timeIn', { zone: t(`limitOrders.zone.${store}`) }),
  };
  return (
    <>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
      <form method="post" className="form limit-order-form" noValidate onSubmit={submit}>
        <TextField formId={formId} name="target" label={labels.target} value={form.values.target} onChange={(x) => form.set('target', x)}
          error={form.errors.target} inputMode="decimal" size="medium" required autoComplete="off" hint={t('limitOrders.field.targetHint')} />
        <p className="limit-order-met" role="status" data-testid="limit-met-notice">{notice ? t(notice) : ''}</p>
        <TextField formId={formId} name="quantity" label={labels.quantity} value={form.values.quantity} onChange={(x) => form.set('quantity', x)}
          error={form.errors.quantity} inputMode="numeric" size="short" required autoComplete="off" />
        <fieldset className="limit-order-expiry">
          <legend>{t('limitOrders.field.expiry')}</legend>
          <div className="limit-order-expiry-fields">
            <TextField formId={formId} name="date" type="date" label={labels.date} value={form.values.date} onChange={(x) => form.set('date', x)}
              error={form.errors.date} size="medium" required />
            <TextField formId={formId} name="time" type="time" label={labels.time} value={form.values.time} onChange={(x) => form.set('time', x)}
              error={form.errors.time} size="short" required />
          </div>
          <p className="field-hint limit-order-days" aria-live="polite" data-testid="expiry-days">
            {days === null ? '' : days === 0 ? t('limitOrders.expiresToday') : days === 1 ? t('limitOrders.inOneDay') : t('limitOrders.inDays', { count: days })}
          </p>
        </fieldset>
        <div className="form-actions">
          <SubmitButton busy={form.submitting} label={submitLabel} busyLabel={t('form.sending')} />
        </div>
      </form>
    </>
  );
}
