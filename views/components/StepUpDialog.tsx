// Issue 26: the step-up dialog. A change that moves money or takes over the account (payout account, password,
// the account's deletion, a large sale from the depot) answers 403 step_up_required when the session was not
// confirmed within the last 5 minutes; views/state/api.ts then asks this dialog, which asks for the password
// or, where the account has a second factor (details.method 'second_factor'), a code of the authenticator app
// or a recovery code. Confirmed, the refused call goes again by itself: the customer types the form only once.
// A native modal dialog (the page behind is inert, focus stays inside, Escape closes), labelled by its title.
// Mounted by StepUpHost.tsx, which loads this module only when a change asks for a confirmation.
import { useEffect, useRef } from 'react';
import { stepUp } from '../state/shop-api.ts';
import { useShop } from '../lib/context.tsx';
import { ErrorSummary, PasswordField, SubmitButton, TextField } from './forms/Fields.tsx';
import { useForm } from './forms/useForm.ts';
import { Rules } from './forms/validation.ts';

export type StepUpMethod = 'password' | 'second_factor';
type Method = StepUpMethod;

const formId = 'step-up';

/** The dialog's code is a chunk of its own: StepUpHost.tsx loads it when a change first asks for it. */
export default StepUpDialog;

export function StepUpDialog({ method, onDone }: { method: Method; onDone: (confirmed: boolean) => void }) {
  const { t } = useShop();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const field = method === 'password' ? 'password' : 'code';
  const labels = { password: t('account.stepUp.password'), code: t('account.stepUp.code') };
  const form = useForm({ password: '', code: '' }, (v) => new Rules(t).required(field, v[field]).errors);
  // the service's refusal (wrong password or code, or locked) also marks the field it concerns
  const refusal = form.error ? form.summary ?? undefined : undefined;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    opener.current = document.activeElement;
    // jsdom (component tests) has no showModal: the open attribute shows the same content
    if (typeof d.showModal === 'function') {
      if (!d.open) d.showModal();
    } else d.setAttribute('open', '');
    document.getElementById(`${formId}-${field}`)?.focus();
    return () => {
      if (typeof d.close === 'function' && d.open) d.close();
      // back where the customer was (the button of the change)
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, []);

  const submit = form.onSubmit(async (v) => {
    const r = await stepUp(method === 'password' ? { password: v.password } : { code: v.code.trim() });
    if (r.error) {
      // the typed secret goes: a wrong one is typed anew, a locked one waits
      form.set(field, '');
      return r;
    }
    onDone(true);
  });

  return (
    <dialog
      ref={ref}
      className="step-up-dialog"
      aria-labelledby="step-up-title"
      aria-describedby="step-up-text"
      onCancel={(e) => {
        e.preventDefault();
        onDone(false);
      }}
      data-testid="step-up-dialog"
    >
      <h2 id="step-up-title">{t('account.stepUp.title')}</h2>
      <p id="step-up-text">{t(method === 'password' ? 'account.stepUp.textPassword' : 'account.stepUp.textCode')}</p>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
      <form method="post" className="form" noValidate onSubmit={submit}>
        {method === 'password' ? (
          <PasswordField formId={formId} {...form.field('password')} error={form.errors.password ?? refusal} label={labels.password} autoComplete="current-password" required />
        ) : (
          <TextField
            formId={formId} {...form.field('code')} error={form.errors.code ?? refusal} label={labels.code}
            hint={t('account.stepUp.codeHint')} autoComplete="one-time-code" maxLength={20} spellCheck={false} size="medium" required
          />
        )}
        <div className="form-actions">
          <SubmitButton busy={form.submitting} label={t('account.stepUp.confirm')} busyLabel={t('form.sending')} />
          <button type="button" className="button button-quiet" onClick={() => onDone(false)}>{t('form.cancel')}</button>
        </div>
      </form>
    </dialog>
  );
}
