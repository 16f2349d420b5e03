/** session storage: the e-mail of an account created during checkout, for the confirmation's reminder */
export const ACCOUNT_CREATED_KEY = 'checkout-account-created';
