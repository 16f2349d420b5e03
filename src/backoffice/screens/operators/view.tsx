// The operators (admin): each by name with roles, whether disabled (issue 24: listed by name) and whether its
// second factor is set up, the form for a new one, and (issue 26) the reset of another operator's second factor.
import type { Operator } from '../../../contracts/ops.ts';
import { operatorRoles } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import { Csrf, Field, type FieldMessages } from '../../ui/form.tsx';
import { TableWrap } from '../../ui/parts.tsx';

export function OperatorsView({ f, csrf, operators, values, fields, viewerEmail, reset }: {
  f: Fmt; csrf: string; operators: Operator[]; values?: Record<string, string | string[]>; fields?: FieldMessages;
  /** the signed-in admin: its own second factor is not offered for a reset */
  viewerEmail: string;
  /** the reset form's typed values and field messages after a refusal */
  reset?: { operator?: string; fields?: FieldMessages };
}) {
  const { t } = f;
  const checkedRoles = new Set(Array.isArray(values?.roles) ? values.roles : values?.roles ? [values.roles] : []);
  return (
    <>
      <TableWrap label={t('operators.caption')}>
        <table>
          <caption className="visually-hidden">{t('operators.caption')}</caption>
          <thead><tr><th scope="col">{t('operators.name')}</th><th scope="col">{t('signIn.email')}</th><th scope="col">{t('operators.roles')}</th><th scope="col">{t('operators.lastLogin')}</th><th scope="col">{t('operators.secondFactor')}</th><th scope="col">{t('operators.change')}</th></tr></thead>
          <tbody>
            {operators.map((o) => (
              <tr key={o.id} className={o.disabled ? 'disabled' : undefined}>
                <th scope="row">{o.name ?? <span className="muted">{t('operators.noName')}</span>}</th>
                <td>{o.email}{o.disabled && <> <span className="badge warn">{t('operators.disabled')}</span></>}</td>
                <td>{o.roles.map((r) => t(`role.${r}`)).join(', ')}</td>
                <td>{o.lastLoginAt ? f.dateTime(o.lastLoginAt) : '–'}</td>
                <td>{o.secondFactor ? t('operators.secondFactorOn') : <span className="badge warn">{t('operators.secondFactorOff')}</span>}</td>
                <td>
                  <form method="post" action={`/operators/${o.id}`} className="operator-edit">
                    <Csrf value={csrf} />
                    <label htmlFor={`n-${o.id}`} className="visually-hidden">{t('operators.nameOf', { email: o.email })}</label>
                    <input id={`n-${o.id}`} name="name" type="text" maxLength={120} defaultValue={o.name ?? ''} className="name-input" />
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
        <Field id="new-name" name="name" label={t('operators.name')} hint={t('operators.nameHint')} value={typeof values?.name === 'string' ? values.name : ''} maxLength={120} autoComplete="off" error={fields?.name} />
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
      <ResetSecondFactorForm f={f} csrf={csrf} operators={operators.filter((o) => o.email !== viewerEmail)} values={reset} />
    </>
  );
}

/**
 * Issue 26: an admin resets another operator's second factor (a lost phone): its sessions end and its next
 * sign-in enrols again; commerce audits it and refuses the admin's own (so the own one is not offered here).
 * Decision: one form below the list with a choice of operator and a required confirmation, as the order's
 * cancellation asks, rather than a button per row: a reset is rare and locks a colleague out until they enrol.
 */
function ResetSecondFactorForm({ f, csrf, operators, values }: { f: Fmt; csrf: string; operators: Operator[]; values?: { operator?: string; fields?: FieldMessages } }) {
  const { t } = f;
  const errors = values?.fields ?? {};
  const describe = (name: string, hint = false) => [hint ? `reset-${name}-hint` : '', errors[name] ? `reset-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  const error = (name: string) => (errors[name] ? <span className="field-error" id={`reset-${name}-error`}>{errors[name]}</span> : null);
  return (
    <form method="post" action="/operators/second-factor-reset" className="card" aria-labelledby="h-reset-factor" noValidate>
      <h2 id="h-reset-factor">{t('operators.resetTitle')}</h2>
      <p id="reset-operator-hint">{t('operators.resetText')}</p>
      <Csrf value={csrf} />
      <div className="field">
        <label htmlFor="reset-operator">{t('operators.resetWho')}</label>
        <select id="reset-operator" name="operator" required defaultValue={values?.operator ?? ''} aria-invalid={errors.operator ? true : undefined} aria-describedby={describe('operator', true)}>
          <option value="">{t('operators.resetChoose')}</option>
          {operators.map((o) => <option key={o.id} value={o.id}>{o.name ? `${o.name} (${o.email})` : o.email}</option>)}
        </select>
        {error('operator')}
      </div>
      <div className="field">
        <label htmlFor="reset-confirm">
          <input type="checkbox" id="reset-confirm" name="confirm" value="1" required aria-invalid={errors.confirm ? true : undefined} aria-describedby={describe('confirm')} />
          {t('operators.resetConfirm')}
        </label>
        {error('confirm')}
      </div>
      <button type="submit" className="danger">{t('operators.resetSubmit')}</button>
    </form>
  );
}
