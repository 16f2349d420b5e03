// One coupon per cart (spec 5: a code must be given; only one coupon allowed; spec 8: code not found). The
// service decides; its message appears on the field, in the customer's language. The applied code can be
// removed.
import { useState, type FormEvent } from 'react';
import type { Result } from '../../../src/contracts/result.ts';
import type { CartView } from '../../lib/browser-types.ts';
import { useShop } from '../../lib/context.tsx';

export interface CouponFormProps {
  cart: CartView;
  onApply: (code: string) => Promise<Result<unknown>>;
  onRemove: (discountCodeId: string) => Promise<Result<unknown>>;
}

export function CouponForm({ cart, onApply, onRemove }: CouponFormProps) {
  const { t, uses } = useShop();
  // said on submit, kept in state: shipped with the page (issue 27)
  uses(['form.error.coupon_code_required']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = cart.discount;
  const id = `coupon-${cart.transactionType}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setStatus(null);
    if (code.trim() === '') {
      setError(t('form.error.coupon_code_required'));
      return;
    }
    setBusy(true);
    const r = await onApply(code.trim());
    setBusy(false);
    if (r.error) {
      setError(r.error.message);
      return;
    }
    setError(null);
    setCode('');
    setStatus(t('cart.coupon.applied', { code: code.trim().toUpperCase() }));
  };

  const remove = async () => {
    if (!applied || busy) return;
    setBusy(true);
    const r = await onRemove(applied.discountCodeId);
    setBusy(false);
    if (r.error) setError(r.error.message);
    else setStatus(t('cart.coupon.removed', { code: applied.code }));
  };

  return (
    <div className="coupon">
      {applied ? (
        <div className="coupon-applied">
          <p>
            {t('cart.coupon.current', { code: applied.code })}
            {!applied.applies ? <span className="muted"> {t('cart.coupon.notYet')}</span> : null}
          </p>
          <button type="button" className="link-button" onClick={() => void remove()} aria-disabled={busy || undefined}>
            {t('cart.coupon.remove')}<span className="visually-hidden">: {applied.code}</span>
          </button>
          {error ? <p className="field-error" role="alert">{error}</p> : null}
        </div>
      ) : (
        <form method="post" className={`coupon-form${error ? ' field-invalid' : ''}`} noValidate onSubmit={(e) => void submit(e)}>
          <div className="field">
            <label className="field-label" htmlFor={id}>{t('cart.coupon.label')}</label>
            <div className="coupon-row">
              <input
                id={id}
                name="code"
                type="text"
                value={code}
                maxLength={50}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                onChange={(e) => {
                  setCode(e.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <button type="submit" className="button button-quiet" aria-disabled={busy || undefined}>
                {busy ? t('cart.coupon.applying') : t('cart.coupon.apply')}
              </button>
            </div>
            {error ? (
              <p className="field-error" id={`${id}-error`} role="alert">
                <span aria-hidden="true" className="field-error-icon">!</span> {error}
              </p>
            ) : null}
          </div>
        </form>
      )}
      <p className="visually-hidden" role="status">{status}</p>
    </div>
  );
}
