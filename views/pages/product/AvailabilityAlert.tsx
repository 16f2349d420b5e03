// The availability notification of a sold-out product (spec 2 product detail, spec 3 "availability alert
// subscription: e-mail and product", spec 4): one e-mail when the product is back in stock. A signed-in
// customer's address is filled in (the account's, active at once; another address is confirmed by mail
// like a guest's); a guest confirms the mailed link (double opt-in). The link of that mail opens this page
// with ?alertToken= (and &cancel=1 to cancel): AlertLinkNotice.tsx sends it (POST: a mail scanner opening the
// link confirms nothing, and the page's HTML stays the same for everyone).
// Issue 27: the form is a code-split part (parts.ts): only a sold-out product's page loads its
// code (with the form fields and rules), not every product page.
import { useEffect, useRef, useState } from 'react';
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import { pathFor } from '../../../src/screens.ts';
import { createAlert, getMe } from '../../state/shop-api.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { ErrorSummary, SubmitButton, TextField, useFormId } from '../../components/forms/Fields.tsx';
import { privacyPath, ResultMessage } from '../../components/forms/FormResult.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { Rules } from '../../components/forms/validation.ts';

type Outcome = { kind: 'active' | 'again' | 'confirm'; email: string };

export function AvailabilityAlertForm({ product }: { product: Pick<StorefrontProduct, 'sku' | 'localizedName'> }) {
  const { t, lang, session } = useShop();
  const formId = useFormId('alert');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm({ email: '' }, (v) => new Rules(t).email('email', v.email).errors);
  const signedIn = session.level === 'user';
  const touched = useRef(false);
  const { set } = form;

  // the account's address, once known (the page's HTML is the same for everyone: filled in the browser)
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void getMe().then((r) => {
      if (live && !touched.current && !r.error && r.data.customer) set('email', r.data.customer.email);
    });
    return () => {
      live = false;
    };
  }, [signedIn, set]);

  const submit = form.onSubmit(async (v) => {
    const email = v.email.trim();
    const r = await createAlert({ sku: product.sku, email });
    if (r.error) return r;
    setOutcome({ kind: r.data.confirmationRequired ? 'confirm' : r.data.alreadySubscribed ? 'again' : 'active', email: r.data.alert?.email ?? email });
  });

  const titleId = `${formId}-title`;
  return (
    <section className="availability-alert" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('forms.alert.title')}</h3>
      {outcome ? (
        <ResultMessage>
          <p>{t(`forms.alert.${outcome.kind}`, { email: outcome.email, name: product.localizedName })}</p>
          {outcome.kind !== 'confirm' ? <p><Link to={`${pathFor('accountProfile', lang)}#alerts`}>{t('forms.alert.manage')}</Link></p> : null}
        </ResultMessage>
      ) : (
        <>
          <p className="availability-alert-text">{t('forms.alert.text')}</p>
          <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={{ email: t('forms.alert.email') }} attempt={form.attempt} />
          <form method="post" className="form" noValidate onSubmit={submit}>
            <TextField formId={formId} name="email" type="email" label={t('forms.alert.email')} value={form.values.email}
              onChange={(x) => {
                touched.current = true;
                form.set('email', x);
              }}
              error={form.errors.email} autoComplete="email" inputMode="email" maxLength={254} required spellCheck={false} />
            <p className="form-notice">
              {t(signedIn ? 'forms.alert.noticeAccount' : 'forms.alert.notice')} <Link to={privacyPath(lang)}>{t('forms.privacyLink')}</Link>
            </p>
            <div className="form-actions">
              <SubmitButton busy={form.submitting} label={t('forms.alert.submit')} busyLabel={t('form.sending')} />
            </div>
          </form>
        </>
      )}
    </section>
  );
}
