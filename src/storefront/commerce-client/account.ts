// Customer calls of spec 7 through the session-aware client, reshaped to the shop's own types so views
// never see wire formats (STYLE: Next.js Commerce reshape layer). Every wrapper returns { data, error }.
import type {
  Address, AddressInput, ChangePasswordBody, Customer, EmailLookupResponse, EmailVerificationResponse,
  LoginResponse, MeResponse, OkResponse, PhoneVerificationResponse, ProfileBody, RegisterBody, RegisterResponse,
} from '../../contracts/commerce.ts';
import type { CallError, Result } from '../../contracts/result.ts';

type AcceptedResponse = { accepted: boolean };
import type { ShopAddress, ShopCustomer } from '../../contracts/shop-api.ts';
import type { AccountReader, MeView } from '../../contracts/loader-ports.ts';

export type { AccountReader, MeView };

export type { ShopAddress, ShopCustomer };
import { fail, ok } from './http.ts';
import type { SessionClient } from './session-client.ts';
import type { CeremonyOptions, Passkey } from '../../contracts/passkeys.ts';
import type { SecondFactorStatus, TotpEnrolment } from '../../contracts/second-factor.ts';

/** Issue 26: what the sign-in's second step needs (the pending token of the right password, from its 401). */
export interface SecondStepInput {
  pendingToken: string;
  code: string;
  rememberDevice: boolean;
}

export function reshapeCustomer(c: Customer): ShopCustomer {
  return {
    id: c.id,
    email: c.email,
    salutation: c.salutation,
    title: c.title,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone,
    phoneVerified: c.phoneVerified,
    accountType: c.accountType,
    companyName: c.companyName,
    vatId: c.vatId,
    language: c.language,
    newsletterOptIn: c.newsletterOptIn,
    addresses: c.addresses.map((a) => ({ ...a })),
    defaultShippingAddressId: c.defaultShippingAddressId,
    defaultBillingAddressId: c.defaultBillingAddressId,
    createdAt: c.createdAt,
  };
}


/** Issue 26: the step-up's answer and one line of the session list, as the commerce service sends them. */
export interface StepUpAnswer { method: string; confirmedAt: string; validUntil: string }
export interface SessionView { id: string; device: string | null; ipRange: string | null; createdAt: string; lastUsedAt: string; current: boolean }

export const NOT_SIGNED_IN: CallError = { code: 'not_signed_in', status: 401, message: 'Please log in.' };

function map<A, B>(r: Result<A>, f: (a: A) => B): Result<B> {
  return r.error ? fail(r.error) : ok(f(r.data));
}

export interface LoginInput {
  email?: string;
  password?: string;
}

/** The account calls bound to one request's session. */
export class AccountClient {
  private readonly client: SessionClient;

  constructor(client: SessionClient) {
    this.client = client;
  }

  get session(): SessionClient {
    return this.client;
  }

  /**
   * Signs in. A guest's anonymous customer moves into the account (merge), then the user's token set
   * replaces the anonymous one. Issue 14: the merge is proven with the guest's anonymous access token from
   * the httpOnly ctToken cookie (x-anonymous-token), the id is the one the service confirms for it; the
   * script-readable ctUserId is never used (a forged one changes nothing).
   */
  async login(input: LoginInput): Promise<Result<MeView & { merged: boolean }>> {
    return this.signIn('/customers/login', input);
  }

  /** Issue 26: starts a sign-in with a passkey (usernameless: no account is named). */
  passkeyLoginOptions(): Promise<Result<CeremonyOptions>> {
    return this.client.call<CeremonyOptions>({ method: 'POST', path: '/customers/passkeys/authentication-options', auth: 'none', body: {} });
  }

  /** Issue 26: signs in with a passkey; the guest's merge and the token set as login() does. */
  async passkeyLogin(ceremonyId: string, response: unknown): Promise<Result<MeView & { merged: boolean }>> {
    return this.signIn('/customers/passkeys/login', { ceremonyId, response });
  }

  /**
   * Issue 26: the second step of a sign-in (the code of the authenticator app or a recovery code). The guest's
   * merge, the token set and the device cookie exactly as login() does them, so the cart and the session
   * events stay as after a sign-in with the password alone.
   */
  async loginSecondStep(input: SecondStepInput): Promise<Result<MeView & { merged: boolean }>> {
    return this.signIn('/customers/login/second-factor', input);
  }

  /**
   * Every way of signing in ends here: the guest's merge proven with its anonymous token (issue 14), the device
   * header, then the token set and the device cookie adopted, so the cart and the session events are the same
   * whichever factor signed the customer in.
   */
  private async signIn(path: string, body: object): Promise<Result<MeView & { merged: boolean }>> {
    const proven = await this.client.anonymousProof();
    if (proven.error) return fail(proven.error);
    const proof = proven.data;
    const res = await this.client.call<LoginResponse>({
      method: 'POST',
      path,
      auth: 'none',
      body: { ...body, ...(proof ? { anonymousId: proof.anonymousId } : {}) },
      headers: { ...this.client.deviceHeaders(), ...(proof ? { 'x-anonymous-token': proof.token } : {}) },
    });
    if (res.error) return fail(res.error);
    this.client.adopt(res.data);
    this.client.rememberDevice(res.data);
    return ok({ session: this.client.info(), customer: reshapeCustomer(res.data.customer), merged: res.data.merged });
  }

  /** Issue 26: the account's authenticator app: its status, enrolment (start, confirm) and removal. */
  async secondFactor(): Promise<Result<SecondFactorStatus>> {
    const id = await this.customerId();
    return id.error ? fail(id.error) : this.client.call({ path: `/customers/${id.data}/second-factor` });
  }

  async startTotp(): Promise<Result<TotpEnrolment>> {
    const id = await this.customerId();
    return id.error ? fail(id.error) : this.client.call({ method: 'POST', path: `/customers/${id.data}/totp`, body: {} });
  }

  async confirmTotp(code: string): Promise<Result<{ recoveryCodes: string[] }>> {
    const id = await this.customerId();
    return id.error ? fail(id.error) : this.client.call({ method: 'POST', path: `/customers/${id.data}/totp/confirmation`, body: { code } });
  }

  /**
   * Removes the app. With a code, this session's step-up comes first (the service asks for one within the
   * last 5 minutes); a refused step-up is the answer, nothing is removed.
   */
  async removeTotp(code: string | undefined): Promise<Result<OkResponse>> {
    const id = await this.customerId();
    if (id.error) return fail(id.error);
    if (code !== undefined) {
      const stepUp = await this.client.call({ method: 'POST', path: `/customers/${id.data}/step-up`, body: { code } });
      if (stepUp.error) return fail(stepUp.error);
    }
    return this.client.call({ method: 'DELETE', path: `/customers/${id.data}/totp` });
  }

  async passkeys(): Promise<Result<{ passkeys: Passkey[] }>> {
    if (this.client.session.current?.level !== 'User') return fail({ ...NOT_SIGNED_IN });
    return this.client.call({ path: '/customers/passkeys' });
  }

  async passkeyOptions(password: string | undefined): Promise<Result<CeremonyOptions>> {
    if (this.client.session.current?.level !== 'User') return fail({ ...NOT_SIGNED_IN });
    return this.client.call({ method: 'POST', path: '/customers/passkeys/registration-options', body: password === undefined ? {} : { password } });
  }

  async addPasskey(ceremonyId: string, name: string, response: unknown): Promise<Result<Passkey>> {
    if (this.client.session.current?.level !== 'User') return fail({ ...NOT_SIGNED_IN });
    return this.client.call({ method: 'POST', path: '/customers/passkeys', body: { ceremonyId, name, response } });
  }

  async deletePasskey(id: string): Promise<Result<OkResponse>> {
    if (this.client.session.current?.level !== 'User') return fail({ ...NOT_SIGNED_IN });
    return this.client.call({ method: 'DELETE', path: `/customers/passkeys/${encodeURIComponent(id)}` });
  }

  register(body: RegisterBody): Promise<Result<RegisterResponse>> {
    return this.client.call<RegisterResponse>({ method: 'POST', path: '/customers', auth: 'none', body });
  }

  resendActivation(email: string): Promise<Result<AcceptedResponse>> {
    return this.client.call({ method: 'POST', path: '/customers/emails/registration-activation', auth: 'none', body: { email } });
  }

  verifyEmail(emailToken: string): Promise<Result<EmailVerificationResponse>> {
    return this.client.call({ path: '/customers/email-verification', auth: 'none', query: { emailToken } });
  }

  requestPasswordReset(email: string, languageTag: string): Promise<Result<AcceptedResponse>> {
    return this.client.call({ method: 'POST', path: '/customers/emails/password-reset', auth: 'none', body: { email, languageTag } });
  }

  resetPassword(token: string, newPassword: string): Promise<Result<OkResponse>> {
    return this.client.call({ method: 'PUT', path: '/customers/password', auth: 'none', body: { token, newPassword } });
  }

  emailExists(email: string): Promise<Result<EmailLookupResponse>> {
    return this.client.call({ path: '/customers/email', auth: 'none', query: { email } });
  }

  /** The session's customer (GET /customers/me). Guests get { guest, null } without a call. */
  async me(): Promise<Result<MeView>> {
    if (!this.client.session.current) return ok({ session: this.client.info(), customer: null });
    const res = await this.client.call<MeResponse>({ path: '/customers/me' });
    return map(res, (me) => ({ session: this.client.info(), customer: me.customer ? reshapeCustomer(me.customer) : null }));
  }

  /**
   * The signed-in customer's id, as the service says for the session's token. Issue 14: not the ctUserId
   * cookie (the browser's state, writable by any script): no decision of ours rests on it.
   */
  private async customerId(): Promise<Result<string>> {
    const s = this.client.session.current;
    if (!s || s.level !== 'User') return fail({ ...NOT_SIGNED_IN });
    const me = await this.me();
    if (me.error) return fail(me.error);
    return me.data.customer ? ok(me.data.customer.id) : fail({ ...NOT_SIGNED_IN });
  }

  private async asCustomer(
    call: (id: string) => Promise<Result<Customer>>,
  ): Promise<Result<ShopCustomer>> {
    const id = await this.customerId();
    if (id.error) return fail(id.error);
    return map(await call(id.data), reshapeCustomer);
  }

  updateProfile(body: ProfileBody): Promise<Result<ShopCustomer>> {
    return this.asCustomer((id) => this.client.call({ method: 'PUT', path: `/customers/${id}`, body }));
  }

  async changePassword(body: ChangePasswordBody): Promise<Result<OkResponse>> {
    if (this.client.session.current?.level !== 'User') return fail({ ...NOT_SIGNED_IN });
    return this.client.call({ method: 'PUT', path: '/customers/change-password', body });
  }

  async deleteAccount(password: string): Promise<Result<OkResponse>> {
    const id = await this.customerId();
    if (id.error) return fail(id.error);
    return this.client.call({ method: 'DELETE', path: `/customers/${id.data}`, body: { password } });
  }

  addAddress(address: AddressInput): Promise<Result<ShopCustomer>> {
    return this.asCustomer((id) => this.client.call({ method: 'PUT', path: `/customers/${id}/address`, body: { address } }));
  }

  updateAddress(addressId: string, address: AddressInput): Promise<Result<ShopCustomer>> {
    return this.asCustomer((id) =>
      this.client.call({ method: 'PUT', path: `/customers/${id}/address/${encodeURIComponent(addressId)}`, body: { address } }),
    );
  }

  /** Issue 24: the default flags in one call; commerce leaves the address's fields as they are. */
  setDefaultAddress(addressId: string, flags: { shipping?: boolean; billing?: boolean }): Promise<Result<ShopCustomer>> {
    return this.asCustomer((id) =>
      this.client.call({ method: 'PUT', path: `/customers/${id}/address/${encodeURIComponent(addressId)}/default`, body: flags }),
    );
  }

  deleteAddress(addressId: string): Promise<Result<ShopCustomer>> {
    return this.asCustomer((id) => this.client.call({ method: 'DELETE', path: `/customers/${id}/address/${encodeURIComponent(addressId)}` }));
  }

  async sendPhoneCode(): Promise<Result<PhoneVerificationResponse>> {
    const id = await this.customerId();
    if (id.error) return fail(id.error);
    return this.client.call({ method: 'POST', path: `/customers/${id.data}/phone/verification` });
  }

  verifyPhoneCode(code: string): Promise<Result<ShopCustomer>> {
    return this.asCustomer((id) => this.client.call({ method: 'POST', path: `/customers/${id}/phone/verification/verify`, body: { code } }));
  }

  /** Issue 26: confirms this session for 5 minutes (the password, or a code where the account has a second factor). */
  async stepUp(proof: { password?: string; code?: string }): Promise<Result<StepUpAnswer>> {
    const id = await this.customerId();
    if (id.error) return fail(id.error);
    return this.client.call({ method: 'POST', path: `/customers/${id.data}/step-up`, body: proof });
  }

  /** Issue 26: the account's active sessions (current marks this one). */
  async sessions(): Promise<Result<{ sessions: SessionView[] }>> {
    const id = await this.customerId();
    if (id.error) return fail(id.error);
    return this.client.call({ path: `/customers/${id.data}/sessions` });
  }

  /** Issue 26: ends one session (its refresh token stops working at once); another's or an unknown one: 404. */
  async endSession(sessionId: string): Promise<Result<OkResponse>> {
    const id = await this.customerId();
    if (id.error) return fail(id.error);
    return this.client.call({ method: 'DELETE', path: `/customers/${id.data}/sessions/${encodeURIComponent(sessionId)}` });
  }

  /** Issue 26: ends every session of the account but this one. */
  async endOtherSessions(): Promise<Result<OkResponse>> {
    const id = await this.customerId();
    if (id.error) return fail(id.error);
    return this.client.call({ method: 'DELETE', path: `/customers/${id.data}/sessions` });
  }
}

