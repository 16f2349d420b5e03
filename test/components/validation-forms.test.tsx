// useForm's field(name) and check(name) binders give a field its name, value, onChange and message in one.
// The checkout's "My data" step as a shopper on the US store fills it in: a phone number typed as at home
// is taken, a zip outside the chosen state is named before anything is sent, and the shipping address's
// fields and messages count only while "Ship to a different address" is ticked.
import './render.tsx';
import t from 'tap';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { userEvent } from '@testing-library/user-event';
import type { Result } from '../../src/contracts/result.ts';
import type { ShopCart } from '../../src/contracts/shop-api.ts';
import { CheckboxField, ErrorSummary, TextField } from '../../views/components/forms/Fields.tsx';
import { useForm } from '../../views/components/forms/useForm.ts';
import { Rules } from '../../views/components/forms/validation.ts';
import { makeShop, ShopContext, useShop, type Shop } from '../../views/lib/context.tsx';
import { DataStep, type DataSubmit } from '../../views/pages/checkout/DataStep.tsx';
import { boot, renderInShop } from './render.tsx';
import { loadPhoneRules } from '../../views/components/forms/field-rules.ts';

// the phone check is a chunk of its own (a page starts loading it at once): here it is loaded before the forms
await loadPhoneRules();

t.afterEach(() => cleanup());

const cart = { transactionType: 'buy', customerEmail: null, billingAddress: null, shippingAddress: null } as unknown as ShopCart;

function renderStep(answer: (data: DataSubmit) => Result<unknown> = () => ({ data: {} } as Result<unknown>)) {
  const sent: DataSubmit[] = [];
  const onSubmit = async (data: DataSubmit) => {
    sent.push(data);
    return answer(data);
  };
  renderInShop(<DataStep cart={cart} customer={null} onSubmit={onSubmit} checkEmail={async () => false} refreshing={false} />, { path: '/en/checkout/buy', store: 'us' });
  return sent;
}

const section = (name: string) => screen.getByRole('group', { name });

async function fillBilling(user: ReturnType<typeof userEvent.setup>, over: { zip?: string; state?: string; phone?: string } = {}) {
  const billing = section('Billing address');
  await user.type(screen.getByLabelText(/^E-mail/), 'jane@example.com');
  await user.type(within(billing).getByLabelText(/^First name/), 'Jane');
  await user.type(within(billing).getByLabelText(/^Last name/), 'Doe');
  // the US store asks for one street-address line, house number first (issue 28)
  await user.type(within(billing).getByLabelText(/^Street/), '350 Fifth Avenue');
  await user.type(within(billing).getByLabelText(/^Zip code/), over.zip ?? '10118');
  await user.type(within(billing).getByLabelText(/^City/), 'New York');
  await user.selectOptions(within(billing).getByLabelText(/^State/), over.state ?? 'NY');
  await user.type(within(billing).getByLabelText(/^Phone number/), over.phone ?? '212 555 0100');
}

t.test('US store: "212 555 0100" is a phone number, a zip outside its state is named, the hint shows a US number', async (t) => {
  const sent = renderStep();
  const user = userEvent.setup();
  const billing = section('Billing address');
  t.match(within(billing).getByLabelText(/^Phone number/).getAttribute('aria-describedby') ?? '', /\S/);
  t.ok(within(billing).getByText('For example (212) 555-0100'), 'the US store\'s own example, not a Swiss number');
  await fillBilling(user, { zip: '90210' });
  await user.click(screen.getByRole('button', { name: 'Continue to delivery and payment' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /Please correct 1 field: Zip code \(billing\)\./);
  t.match(summary.textContent, /This zip code is not in the chosen state\./);
  const zip = within(billing).getByLabelText(/^Zip code/);
  t.equal(zip.getAttribute('aria-invalid'), 'true');
  t.equal(within(billing).getByLabelText(/^Phone number/).getAttribute('aria-invalid'), null, 'the phone as typed at home is fine');
  t.same(sent, [], 'nothing is sent');

  await user.clear(zip);
  await user.type(zip, '10118');
  await user.click(screen.getByRole('button', { name: 'Continue to delivery and payment' }));
  await waitFor(() => t.equal(sent.length, 1));
  t.equal(sent[0].billingAddress.phone, '212 555 0100');
  t.equal(sent[0].shippingAddress.zipCode, '10118', 'shipped to the billing address');
});

t.test('a hidden shipping address is neither checked nor are its messages shown', async (t) => {
  let answer: Result<unknown> = { data: {} } as Result<unknown>;
  const sent = renderStep(() => answer);
  const user = userEvent.setup();
  await fillBilling(user);
  const different = screen.getByLabelText('Ship to a different address');
  await user.click(different);
  await user.click(screen.getByRole('button', { name: 'Continue to delivery and payment' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /Please correct \d+ fields: First name \(shipping\)/, 'the empty shipping address is named while it is shown');
  t.match(summary.textContent, /Zip code \(shipping\): This field is required\./);

  await user.click(different);
  await waitFor(() => t.equal(screen.queryByRole('alert'), null, 'unticked: its messages go with it'));
  t.equal(screen.queryAllByText('This field is required.').length, 0);

  // the service's messages for the shipping address (a copy of the billing address) stay hidden too
  answer = {
    error: {
      code: 'validation_failed', status: 400, message: 'Please correct 1 field.',
      details: { fields: [{ field: 'shippingAddress.zipCode', code: 'invalid_zip', message: 'Invalid zip code.' }] },
    },
  } as unknown as Result<unknown>;
  await user.click(screen.getByRole('button', { name: 'Continue to delivery and payment' }));
  await waitFor(() => t.equal(sent.length, 1, 'the form was sent: nothing hidden held it back'));
  t.equal(screen.queryByText(/Invalid zip code/), null, 'no message of a field the shopper cannot see');
});

function Binder({ sent }: { sent: unknown[] }) {
  const { t } = useShop();
  const form = useForm({ city: '', agree: false }, (v) => new Rules(t).required('city', v.city).errors);
  const submit = form.onSubmit(async (values) => {
    sent.push(values);
  });
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary formId="b" summary={form.summary} errors={form.errors} labels={{ city: 'City' }} attempt={form.attempt} />
      <TextField formId="b" label="City" {...form.field('city')} />
      <CheckboxField formId="b" label="Agree" {...form.check('agree')} />
      <button type="submit">Send</button>
    </form>
  );
}

t.test('the binder: a bound field shows its message, loses it when corrected, and its value is what is sent', async (t) => {
  const sent: unknown[] = [];
  renderInShop(<Binder sent={sent} />, { path: '/en' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const city = screen.getByLabelText(/^City/);
  await waitFor(() => t.equal(city.getAttribute('aria-invalid'), 'true'));
  t.equal(city.getAttribute('name'), 'city');
  t.ok(screen.getAllByText(/This field is required\./).length > 0);
  await user.type(city, 'Zug');
  t.equal(city.getAttribute('aria-invalid'), null, 'typing clears the message');
  await user.click(screen.getByLabelText('Agree'));
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => t.same(sent, [{ city: 'Zug', agree: true }]));
});

// The form's own check runs before the language's full table has come (a submit quicker than its fetch):
// a message the page did not ship reads "Invalid value." meanwhile. When the table comes the translator is
// made anew, and the field still marked reads in the check's own words; a field corrected since stays clear.
function Passwords() {
  const { t } = useShop();
  const form = useForm({ password: '', city: '' }, (v) => new Rules(t).newPassword('password', v.password).required('city', v.city).errors);
  const submit = form.onSubmit(async () => {});
  return (
    <form noValidate onSubmit={submit}>
      <TextField formId="p" label="Password" {...form.field('password')} />
      <TextField formId="p" label="City" {...form.field('city')} />
      <button type="submit">Send</button>
    </form>
  );
}

t.test('a check message shown before the full table came reads in its own words once it came', async (t) => {
  const shop = makeShop(boot('ch'), 'en');
  let tableCame = false;
  const translate = (): Shop => ({
    ...shop,
    t: (key, params) => (!tableCame && key === 'validation.password_too_short' ? shop.t('validation.invalid_value') : shop.t(key, params)),
  });
  const page = (s: Shop) => (
    <MemoryRouter>
      <ShopContext.Provider value={s}>
        <Passwords />
      </ShopContext.Provider>
    </MemoryRouter>
  );
  const { rerender } = render(page(translate()));
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Password/), 'short');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const password = screen.getByLabelText(/^Password/);
  const city = screen.getByLabelText(/^City/);
  await waitFor(() => t.equal(password.getAttribute('aria-invalid'), 'true'));
  t.ok(screen.getByText(/Invalid value\./), 'before the table came: the generic message, never a key');
  await user.type(city, 'Zug');
  t.equal(city.getAttribute('aria-invalid'), null);

  tableCame = true;
  rerender(page(translate()));
  await waitFor(() => t.ok(screen.getByText(/at least 8 characters/), 'the check\'s own words once the table came'));
  t.equal(screen.queryByText(/Invalid value\./), null);
  t.equal(city.getAttribute('aria-invalid'), null, 'the corrected field stays clear');
});
