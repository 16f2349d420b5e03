// The customers feature's door (src/commerce/README.md, "Conventions"; sign-in, sessions, accounts, profiles
// and addresses are its plugin, plugin.ts); what other features use of it: the merge at sign-in, the customer rows, and the
// field validation of the customer forms.

export { addMergeHook, type MergeArgs, type MergeHook } from './merge.ts';
export { addressesOf, customerById, loadCustomer, type AddressRow, type CustomerRow } from './repository.ts';
// a feature that counts the customer's rows before adding one locks the customer first (limit orders: the open maximum)
export { lockCustomer } from './repository.ts';
// housekeeping (app.ts): the feature purges its own tables
export { purgeCustomerData } from './repository.ts';
export { purgeSecondFactorData } from './second-factor-repository.ts';
// the newsletter: the account follows a subscription
export { setNewsletterOptIn } from './repository.ts';
export {
  FieldErrors, asInput, emailField, isEmail, normalizeEmail, phoneField, text, validateAddress, validationFailed, type AddressValues,
} from './validation.ts';
// the passkeys (issue 26): a passkey sign-in opens the session the password sign-in opens (merge, tokens)
export { startSession, tooManyAttempts, type SessionCall } from './session-service.ts';
// issue 26: step-up before what moves money (carts: payout account, depot sales) and the mail on a new payout account
export { payoutAccountMail, requireCustomerStepUp } from './second-factor-service.ts';
