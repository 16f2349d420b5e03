// The error catalogue of every service of this repository (commerce, pricing, content, storefront): each
// code with its HTTP status and English default message, one error class built from a code, ONE mapping
// from anything thrown to the answer { statusCode, code, message, details? }, and ONE mapping from
// Fastify's (ajv) schema errors to field errors { field, code, message }.
//
// visible: the storefront shows the code's message to customers (forms and notices, through /api), in
// their language: such a code needs `form.error.<code>` in locales/en.json and locales/de.json
// (test/unit/error-catalogue.test.ts checks it). Codes only programs read (the services' own callers,
// the price hooks, storyblok-js-client, WebSocket handshakes) answer their English message and are not
// visible. Every field code is visible (`validation.<code>`).
//
// Adding a code: put it in the table of its service below (a code keeps one status everywhere); if it is
// visible, add both translations. A module's own table of the same shape ({ code: { status, message,
// visible } }) folds in by spreading it into errorCatalogue.
import type { FastifyError, FastifyReply } from 'fastify';
import type { FieldError } from '../contracts/commerce.ts';
import { pricingErrorCodes } from '../contracts/prices.ts';
import { priceHubErrorCodes } from '../contracts/price-stream-constants.ts';
import { storeKeys } from '../stores.ts';

export interface ErrorSpec {
  /** HTTP status of the answer */
  readonly status: number;
  /** English default message; a thrown error may say more (new AppError(code, { message })) */
  readonly message: string;
  /** the storefront shows it to customers: form.error.<code> in both locale files */
  readonly visible: boolean;
}

/** Refusals every service answers alike: Fastify's own (bad JSON, body size, URL) and the generic ones. */
const requestErrors = {
  bad_request: { status: 400, message: 'The request could not be processed.', visible: true },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.', visible: true },
  body_too_large: { status: 413, message: 'The request body is too large.', visible: true },
  unsupported_media_type: { status: 415, message: 'The content type of the request is not supported.', visible: true },
  uri_too_long: { status: 414, message: 'A path segment is too long.', visible: true },
  bad_url: { status: 400, message: 'The URL is not valid.', visible: true },
  validation_failed: { status: 400, message: 'The request is not valid.', visible: true },
  not_found: { status: 404, message: 'Not found.', visible: true },
  internal_error: { status: 500, message: 'An internal error occurred.', visible: true },
  /** admin calls (commerce catalogue attributes, price recalculation) from elsewhere without the token */
  forbidden: { status: 403, message: 'This call needs loopback or the admin token.', visible: false },
  /** commerce GET /products/by-skus and the price service's product prices */
  too_many_skus: { status: 400, message: 'Too many skus in one request.', visible: false },
  /** the price service and the price hub before the first recalculation */
  prices_not_ready: { status: 503, message: 'Prices are being calculated; try again in a few seconds.', visible: false },
  price_service_standby: { status: 503, message: 'This price service is a standby; the active one announces the prices.', visible: false },
} as const satisfies Record<string, ErrorSpec>;

/** The commerce service (spec 7 calls, spec 8 messages). */
const commerceErrors = {
  invalid_store_key: { status: 400, message: `Header x-store-key must be one of ${storeKeys.join(', ')}.`, visible: false },
  db_unavailable: { status: 503, message: 'The database does not answer.', visible: false },
  // a call while the database server is away (restart, failover): the storefront passes the 503 through
  // with this message; the call changed nothing and works again once the server is back (src/commerce/db)
  database_unavailable: { status: 503, message: 'Our shop cannot process this just now. Please try again in a moment.', visible: true },
  token_required: { status: 401, message: 'This call needs an access token (Authorization: Bearer ...).', visible: true },
  invalid_token: { status: 401, message: 'The access token is invalid or has expired.', visible: true },
  user_token_required: { status: 403, message: 'Please sign in to use this call.', visible: true },
  // the storefront's session layer turns a refused refresh into session_expired
  invalid_refresh_token: { status: 400, message: 'The refresh token is invalid or has expired.', visible: false },
  invalid_credentials: { status: 401, message: "E-mail address and password don't match.", visible: true },
  too_many_attempts: { status: 429, message: 'Too many failed attempts. Please wait and try again.', visible: true },
  // issue 26: the customers' second factor and step-up (details of second_factor_required: pendingToken, expiresAt)
  second_factor_required: { status: 401, message: 'Please enter the code from your authenticator app.', visible: true },
  invalid_second_factor: { status: 401, message: 'This code is not valid.', visible: true },
  invalid_pending_sign_in: { status: 401, message: 'Your sign-in has expired. Please sign in again.', visible: true },
  step_up_required: { status: 403, message: 'For your security, please confirm it is you first: sign in again (or confirm with your code), then repeat this change.', visible: true },
  second_factor_required_for_step_up: { status: 400, message: 'Please enter the code from your authenticator app.', visible: true },
  second_factor_exists: { status: 409, message: 'An authenticator app is set up already.', visible: true },
  second_factor_not_started: { status: 409, message: 'Please start setting up the authenticator app first.', visible: true },
  second_factor_not_found: { status: 404, message: 'No authenticator app is set up.', visible: true },
  session_not_found: { status: 404, message: 'Session not found.', visible: true },
  email_not_verified: { status: 403, message: 'Please confirm your e-mail address first. We can send you the activation e-mail again.', visible: true },
  email_taken: { status: 409, message: 'An account with this e-mail address exists already. Please log in.', visible: true },
  invalid_email_token: { status: 400, message: 'This activation link is invalid.', visible: true },
  email_token_expired: { status: 400, message: 'This activation link has expired. Please request a new one.', visible: true },
  invalid_reset_token: { status: 400, message: 'This link to reset your password is invalid or has expired. Please request a new one.', visible: true },
  invalid_current_password: { status: 400, message: 'Entered password is incorrect.', visible: true },
  // issue 26: passkeys (WebAuthn)
  passkey_not_found: { status: 404, message: 'Passkey not found.', visible: true },
  passkey_rejected: { status: 400, message: 'This passkey could not be confirmed. Please try again.', visible: true },
  passkey_ceremony_expired: { status: 400, message: 'The passkey request has expired. Please try again.', visible: true },
  passkey_password_required: { status: 403, message: 'Please enter your password again to add a passkey.', visible: true },
  limit_orders_exist: { status: 409, message: 'Please delete your limit orders before deleting your account.', visible: true },
  deposit_not_empty: { status: 409, message: 'Your depot still holds metal. Please sell it or have it delivered before deleting your account.', visible: true },
  orders_in_progress: { status: 409, message: 'An order of yours is still in progress. Your account can be deleted once it is completed or cancelled.', visible: true },
  customer_not_found: { status: 404, message: 'Customer not found.', visible: true },
  too_many_requests: { status: 429, message: 'Too many requests. Please try again later.', visible: true },
  address_not_found: { status: 404, message: 'Address not found.', visible: true },
  too_many_addresses: { status: 409, message: 'An account can keep only so many addresses.', visible: true },
  address_is_default: { status: 409, message: 'Selected address cannot be removed: it is a default address. Choose another default address first.', visible: true },
  phone_missing: { status: 409, message: 'Please add a phone number to your profile first.', visible: true },
  phone_already_verified: { status: 409, message: 'This phone number is verified already.', visible: true },
  sms_rate_limited: { status: 429, message: 'Please wait before requesting another code.', visible: true },
  sms_locked: { status: 429, message: 'Too many wrong codes. Please try again in 10 minutes.', visible: true },
  no_pending_code: { status: 400, message: 'Please request a new code.', visible: true },
  code_expired: { status: 400, message: 'The code has expired. Please request a new one.', visible: true },
  invalid_code: { status: 400, message: 'Verification code incorrect.', visible: true },
  // catalogue calls: pages render a 404 page or a filter without results, never these messages
  invalid_weight_range: { status: 400, message: 'fineWeightMin must not be greater than fineWeightMax.', visible: false },
  // ---------------------------------------------------------------- operators (issue 15, /ops; the back office shows them)
  operator_token_required: { status: 401, message: 'Please sign in as an operator.', visible: true },
  operator_role_required: { status: 403, message: 'Your role does not allow this.', visible: true },
  operator_self_lockout: { status: 409, message: 'You cannot take away your own admin role or disable yourself.', visible: true },
  operator_email_taken: { status: 409, message: 'An operator with this e-mail address exists already.', visible: true },
  operator_not_found: { status: 404, message: 'Operator not found.', visible: true },
  // issue 26: the second factor of operators (the wrong code is invalid_code; the lock too_many_attempts)
  operator_second_step_required: { status: 403, message: 'Please confirm your sign-in with your second factor first.', visible: true },
  operator_second_step_done: { status: 409, message: 'This sign-in needs no such step.', visible: true },
  operator_self_factor_reset: { status: 409, message: 'You cannot reset your own second factor; another admin can.', visible: true },
  operator_session_not_found: { status: 404, message: 'No such session.', visible: true },
  four_eyes_same_operator: { status: 409, message: 'Another finance operator must release the payout you prepared.', visible: true },
  four_eyes_mismatch: { status: 409, message: 'The payout differs from the one prepared (amount, account or value date).', visible: true },
  // issue 24: resending a mail of an order that is not one of its mails
  order_mail_not_found: { status: 404, message: 'This order has no such mail.', visible: true },
} as const satisfies Record<string, ErrorSpec>;

/** The commerce service's carts, orders, wishlists and price hand-over (spec 4, 5, 8; src/commerce/orders/). */
export const cartOrderErrors = {
  // ---------------------------------------------------------------- carts (spec 4, 5, 8)
  cart_not_found: { status: 404, message: 'Cart not found.', visible: true },
  cart_version_conflict: { status: 409, message: 'The cart has changed in the meantime. Please check it and try again.', visible: true },
  currency_not_allowed: { status: 400, message: 'This store does not sell in this currency.', visible: true },
  country_not_allowed: { status: 400, message: 'Shipping country not allowed.', visible: true },
  product_not_found: { status: 404, message: 'Product not found.', visible: true },
  product_out_of_stock: { status: 409, message: 'This product is out of stock and was removed from your cart.', visible: true },
  product_no_longer_available: { status: 409, message: 'This product is no longer available.', visible: true },
  product_not_bought_back: { status: 409, message: 'We do not buy back this product.', visible: true },
  duty_free_via_support: { status: 409, message: 'Duty-free products can be bought only through our customer support.', visible: true },
  cart_limit_exceeded: { status: 409, message: 'Cart limit exceeded: a cart can hold at most 500,000.', visible: true },
  line_item_not_found: { status: 404, message: 'This item is not in the cart.', visible: true },
  scrap_only_in_sell_cart: { status: 409, message: 'Scrap metal can only be added to the sell cart.', visible: true },
  // issue 23: a piece so light that its estimate rounds to nothing could never be assayed or paid
  scrap_estimate_zero: { status: 400, message: 'This piece is too light to be bought: its estimate rounds to nothing. Please check the weight.', visible: true },
  shipping_method_not_found: { status: 400, message: 'Shipping method not found', visible: true },
  payment_method_unavailable: { status: 409, message: 'This payment method is coming soon.', visible: true },
  pickup_store_not_found: { status: 400, message: 'Please choose one of our stores.', visible: true },
  // spec 5 / 8: coupon code must be given, only one coupon, code not found
  coupon_code_required: { status: 400, message: 'Please enter a coupon code.', visible: true },
  coupon_not_found: { status: 404, message: 'Coupon code not found.', visible: true },
  only_one_coupon: { status: 409, message: 'Only one coupon code is allowed per order.', visible: true },
  coupon_not_applicable: { status: 409, message: 'This coupon code cannot be used for this cart.', visible: true },
  // spec 8: 'something went wrong while recalculating cart' / 'please reload page'
  prices_unavailable: { status: 503, message: 'Prices are being updated. Please reload the page in a moment.', visible: true },

  // ---------------------------------------------------------------- order creation, spec 8 in its order
  co001: { status: 404, message: 'Cart not found.', visible: true },
  co002: { status: 409, message: 'The cart is not active any more.', visible: true },
  co003: { status: 409, message: 'The cart has no customer group.', visible: true },
  co004: { status: 409, message: 'The cart has no total tax.', visible: true },
  co005: { status: 409, message: 'The cart has no gross price.', visible: true },
  no_shipping_address: { status: 409, message: 'Please enter a shipping address.', visible: true },
  scrap_box_non_scrap_items: { status: 409, message: 'The Scrap Metal Box is only for carts that hold scrap metal alone.', visible: true },
  scrap_box_value_exceeded: { status: 409, message: 'The Scrap Metal Box is only for sales up to 5,000 EUR.', visible: true },
  no_cart_items: { status: 409, message: 'Your cart is empty.', visible: true },
  no_customer_email: { status: 409, message: 'Please enter your e-mail address.', visible: true },
  cart_total_zero: { status: 409, message: 'The cart total is 0.00.', visible: true },
  below_minimum_order_value: { status: 409, message: 'The minimum cart value is 1.00.', visible: true },
  no_billing_address: { status: 409, message: 'Please enter a billing address.', visible: true },
  no_shipping_method: { status: 409, message: 'Please choose a shipping method.', visible: true },
  no_payment_method: { status: 409, message: 'Please choose a payment method.', visible: true },
  // spec 4 / 8: the storefront recognises "not equal", recalculates and shows the price-update modal
  price_not_equal: { status: 409, message: 'Product price not equal: prices have been updated. Please refresh the page and check your cart.', visible: true },
  deposit_silver_not_duty_free: { status: 409, message: 'Silver that is not duty-free cannot go to the Deposit.', visible: true },
  deposit_invalid_items: { status: 409, message: 'Some items in your cart cannot go to the Deposit.', visible: true },
  // ours (issue 23): the depot is kept in a customer account, so a guest cannot buy into it
  deposit_requires_account: { status: 409, message: 'We keep your metal in the depot of your customer account: please sign in or register to buy into the depot.', visible: true },
  // ours: a sale from the deposit (method depositSell) takes only what the customer's deposit holds
  deposit_sell_invalid_items: { status: 409, message: 'Only products held in your deposit can be sold from it.', visible: true },
  deposit_sell_quantity_exceeded: { status: 409, message: 'Your deposit does not hold every piece in this cart.', visible: true },
  // ours, after the spec's list
  no_pickup_store: { status: 409, message: 'Please choose a store.', visible: true },
  cash_requires_pickup: { status: 409, message: 'Cash payment in store is only possible when you pick up your order within 5 working days.', visible: true },
  cash_requires_store_drop_off: { status: 409, message: 'A cash payout is only possible when you bring your items to one of our stores.', visible: true },
  cash_payout_limit: { status: 409, message: 'Cash payouts in store are limited to 15,000. Please choose a bank transfer.', visible: true },
  payout_account_required: { status: 409, message: 'Please enter the bank account we should pay to.', visible: true },
  identity_document_required: { status: 409, message: 'For a cash payment of this amount the law requires us to record your identity document.', visible: true },
  identity_document_expired: { status: 409, message: 'Your identity document has expired.', visible: true },
  idempotency_key_required: { status: 400, message: 'Placing an order needs an Idempotency-Key header.', visible: false },
  idempotency_key_reused: { status: 422, message: 'This Idempotency-Key was used for a different request.', visible: false },
  order_not_found: { status: 404, message: 'Order not found.', visible: true },
  // issue 25: the order has no payment slip (paid, cancelled, not a buy by bank transfer, or its store has no QR scheme)
  payment_slip_not_found: { status: 404, message: 'This order has no payment slip.', visible: false },
  // issue 25: an order's document (invoice) that does not exist or is another customer's
  document_not_found: { status: 404, message: 'Document not found.', visible: true },
  // issue 25: the accountant's ZIP of a filter that holds more PDFs than one download carries
  document_export_too_large: { status: 422, message: 'The filter holds more documents than one ZIP carries: narrow it (company, type or a shorter period).', visible: false },
  // issue 23: the storefront got no answer (or a 5xx) to a placement; the order may exist, the same attempt shows it
  order_outcome_open: { status: 503, message: 'We could not confirm your order yet. Please place it again: an order already placed is shown to you and never placed twice.', visible: true },

  // ---------------------------------------------------------------- wishlists (spec 7)
  wishlist_not_found: { status: 404, message: 'Wishlist not found.', visible: true },
  wishlist_item_not_found: { status: 404, message: 'This item is not on your wishlist.', visible: true },

  // ---------------------------------------------------------------- price hand-over (price service -> commerce)
  // (forbidden: the shared admin refusal above)
  unsupported_content_encoding: { status: 415, message: 'Content-Encoding must be gzip or identity.', visible: false },
} as const satisfies Record<string, ErrorSpec>;

/** The commerce service's account features: limit orders, deposit, availability alerts, newsletter,
 * contact and whistleblower applications (src/commerce/account-error-codes.ts builds their errors). */
export const accountErrors = {
  // ---------------------------------------------------------------- limit orders (spec 3, 4, 7, 8)
  limit_order_not_found: { status: 404, message: 'Limit order not found.', visible: true },
  limit_order_not_editable: { status: 409, message: 'This limit order can no longer be changed.', visible: true },
  too_many_limit_orders: { status: 409, message: 'You can have at most 50 open limit orders.', visible: true },
  // spec 4 / 8: the notice on a limit order whose product left the shop
  limit_order_product_unpublished: { status: 409, message: 'The product of this limit order is no longer published.', visible: true },
  // a failure reason of an execution (the others are order reasons: orders/error-codes.ts)
  no_default_address: { status: 409, message: 'Please set a default shipping and billing address in your account.', visible: true },

  // ---------------------------------------------------------------- deposit
  deposit_not_found: { status: 404, message: 'Deposit not found.', visible: true },
  deposit_quantity_exceeded: { status: 409, message: 'Your deposit does not hold that many pieces of this product.', visible: true },

  // ---------------------------------------------------------------- availability alerts (spec 3, 4)
  alert_not_found: { status: 404, message: 'Availability notification not found.', visible: true },
  alert_not_needed: { status: 409, message: 'This product is available: you can order it now.', visible: true },
  alert_token_invalid: { status: 400, message: 'This confirmation link is invalid or has expired.', visible: true },

  // ---------------------------------------------------------------- newsletter (spec 7, 8)
  // spec 8: newsletter duplicate
  newsletter_already_subscribed: { status: 409, message: 'This e-mail address is already subscribed to our newsletter.', visible: true },
  newsletter_token_invalid: { status: 400, message: 'This newsletter link is invalid or has expired.', visible: true },
  newsletter_not_subscribed: { status: 404, message: 'This e-mail address is not subscribed to our newsletter.', visible: true },

  // ---------------------------------------------------------------- contact and whistleblower (spec 7, 8)
  whistleblow_case_not_found: { status: 404, message: 'No report matches this case reference and access code.', visible: true },
  whistleblow_case_closed: { status: 409, message: 'This case is closed. Please submit a new report.', visible: true },
} as const satisfies Record<string, ErrorSpec>;

/** The price service (src/contracts/prices.ts pricingErrorCodes). */
const pricingErrors = {
  invalid_query: { status: 400, message: 'Invalid query string.', visible: false },
  recalculation_failed: { status: 503, message: 'The recalculation failed.', visible: false },
} as const satisfies Record<string, ErrorSpec>;

/** The content service. Storyblok-compatible: storyblok-js-client shows `error` (= message) and retries 429. */
const contentErrors = {
  token_missing: { status: 401, message: 'Unauthorized: the token parameter is missing', visible: false },
  token_invalid: { status: 401, message: 'Unauthorized: the token is not valid for this space', visible: false },
  preview_token_required: { status: 401, message: 'Unauthorized: draft content needs the preview token', visible: false },
  story_not_found: { status: 404, message: 'This record could not be found', visible: false },
  link_not_found: { status: 404, message: 'This record could not be found', visible: false },
  invalid_parameter: { status: 422, message: 'A parameter is not valid.', visible: false },
  rate_limited: { status: 429, message: 'Too many requests: slow down and retry shortly', visible: false },
} as const satisfies Record<string, ErrorSpec>;

/** The storefront: the browser's API and session layer (visible), the price hub and its sockets (not). */
const storefrontErrors = {
  // a Host header that is not host[:port] (src/stores.ts isValidHost): refused before the store is resolved
  bad_host: { status: 400, message: 'The Host header of the request is not valid.', visible: true },
  csrf_failed: { status: 403, message: 'Your request could not be verified. Please reload the page and try again.', visible: true },
  not_signed_in: { status: 401, message: 'Please log in.', visible: true },
  session_expired: { status: 401, message: 'Your session has expired. We have logged you out.', visible: true },
  session_unavailable: { status: 503, message: 'We could not confirm your session just now.', visible: true },
  // An upstream that does not answer (503) or fails (the browser's API answers 502 then; routes/api/errors.ts).
  service_unavailable: { status: 503, message: 'Something went wrong. Please try again later.', visible: true },
  // issue 14: the storefront sheds load (plugins/limits.ts): 503 with Retry-After on pages and /api
  overloaded: { status: 503, message: 'The shop is very busy right now.', visible: true },
  // spec 8: what a call wrapper answers when the server sent no error object
  UnknownError: { status: 502, message: 'An unknown error occured while making a request', visible: true },
  // issue 17: an add to cart that would take a line over 10,000 pieces (routes/api/carts.ts); the cart maximum
  // (cart_limit_exceeded) is about the amount, not pieces
  line_quantity_exceeded: { status: 409, message: 'A cart line can hold at most 10,000 pieces.', visible: true },
  invalid_price_query: { status: 400, message: 'The price query is not valid.', visible: false },
  origin_not_allowed: { status: 403, message: "Live prices are served to the shop's own pages only.", visible: false },
  too_many_sockets: { status: 503, message: 'Live prices are at capacity; the page falls back to refreshing them.', visible: false },
  shutting_down: { status: 503, message: 'The shop is restarting; try again in a few seconds.', visible: false },
  unknown_build: { status: 404, message: 'Unknown build', visible: false },
  outbox_unavailable: { status: 502, message: 'The commerce service did not answer with its outbox.', visible: false },
  // issue 27: the purge call (routes/purge.ts) and the content service's publish without the purge secret
  purge_unauthorized: { status: 401, message: 'This call needs the purge secret.', visible: false },
} as const satisfies Record<string, ErrorSpec>;

/** The order lifecycle (issue 15, src/commerce/lifecycle): the operators' steps and the bank statement import. */
const lifecycleErrors = {
  invalid_transition: { status: 409, message: 'This step is not possible in the order\'s current state.', visible: false },
  payment_currency_mismatch: { status: 400, message: 'The payment\'s currency is not the order\'s currency.', visible: false },
  payment_exceeds_total: { status: 409, message: 'The payment is more than the order still owes.', visible: false },
  payment_duplicate: { status: 409, message: 'This payment (amount, value date and reference) is recorded on the order already.', visible: false },
  payout_amount_mismatch: { status: 409, message: 'The payout amount is not the accepted payout of the order.', visible: false },
  // issue 23: finance pays out only an accepted counter-offer; the customer answers an open one once
  counter_offer_open: { status: 409, message: 'The customer has not accepted the counter-offer (open or declined): nothing is paid out.', visible: false },
  counter_offer_not_open: { status: 409, message: 'This offer can no longer be answered.', visible: true },
  assay_deviation_unconfirmed: { status: 409, message: 'A final fine weight deviates from its estimate by more than 20 %: weigh again, then confirm the deviation.', visible: false },
  assay_lines_mismatch: { status: 400, message: 'The assay must give the final fine weight of every line of the order, once.', visible: false },
  // issue 23: a cash order over the anti-money-laundering threshold is handed over or paid out only after staff record the document checked
  identity_check_required: { status: 409, message: 'This cash order reached the anti-money-laundering threshold: record the identity document you checked at the counter.', visible: false },
  invalid_bank_statement: { status: 400, message: 'The document is not a readable camt.053 bank statement.', visible: false },
  bank_statement_import_not_found: { status: 404, message: 'No such bank statement import.', visible: false },
  // issue 24: the order list's date range and an operator's saved views
  invalid_date_range: { status: 400, message: 'The date range is not valid: its first day lies after its last.', visible: false },
  saved_view_not_found: { status: 404, message: 'No such saved view.', visible: false },
  saved_views_full: { status: 409, message: 'You keep 50 saved views already: delete one first.', visible: false },
  // also the ops HTTP layer's refusal (a lifecycle step checks the role again: defence in depth)
  operator_role_required: { status: 403, message: 'Your role does not allow this step.', visible: false },
} as const satisfies Record<string, ErrorSpec>;

export const errorCatalogue = {
  ...requestErrors,
  ...commerceErrors,
  ...cartOrderErrors,
  ...accountErrors,
  ...lifecycleErrors,
  ...pricingErrors,
  ...contentErrors,
  ...storefrontErrors,
} as const satisfies Record<string, ErrorSpec>;

/** Every code a service may answer. A code that is not in the catalogue does not typecheck. */
export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}

/** True when the storefront shows this code's message to customers (form.error.<code>). */
export function isVisibleCode(code: unknown): code is ErrorCode {
  return isErrorCode(code) && errorCatalogue[code].visible;
}

export function visibleCodes(): ErrorCode[] {
  return (Object.keys(errorCatalogue) as ErrorCode[]).filter((c) => errorCatalogue[c].visible);
}

// The contracts name some codes for the other end of a call; they must be catalogue codes.
pricingErrorCodes satisfies Record<string, ErrorCode>;
priceHubErrorCodes satisfies Record<string, ErrorCode>;

// ------------------------------------------------------------------------------------- field errors

/**
 * Codes of one invalid field (details.fields of a 400 validation_failed). English messages; the
 * storefront shows `validation.<code>` in the customer's language. Lengths are part of the message
 * (`field must have at most 100 characters`), as spec 5 words them.
 */
export const fieldErrorCatalogue = {
  required: 'This field is required.',
  invalid_email: 'Invalid e-mail',
  password_too_short: 'field must have at least 8 characters',
  password_needs_capital: 'Password must contain at least one capital letter.',
  password_needs_number: 'Password must contain at least one number.',
  password_mismatch: "Passwords don't match.",
  invalid_phone: 'Please enter a valid phone number.',
  phone_format: 'Phone number is not valid.',
  invalid_zip: 'Invalid zip code.',
  zip_state_mismatch: 'This zip code is not in the chosen state.',
  zip_not_found: 'This zip code does not exist.',
  invalid_state: 'Invalid state.',
  country_not_allowed: 'Shipping country not allowed.',
  invalid_vat_id: 'Invalid VAT ID',
  invalid_value: 'Invalid value.',
  invalid_format: 'Invalid value.',
  invalid_current_password: 'Entered password is incorrect.',
  password_unchanged: 'The new password must differ from the current one.',
  unknown_field: 'Unknown field.',
  too_long: 'field must have at most {length} characters',
  min_length: 'field must have at least {length} characters',
  // payout account and identity document (spec 5: IBAN and BIC wording)
  invalid_iban: 'This is not a valid IBAN.',
  invalid_bic: 'This is not a valid BIC.',
  invalid_account_number: 'This is not a valid account number.',
  invalid_routing_number: 'This is not a valid routing number.',
  invalid_date: 'Please enter a valid date.',
  date_in_past: 'This date must be in the future.',
  date_in_future: 'This date must be in the past.',
  // limit orders (spec 5: date in the future, price maximum 500,000) and the contact form (spec 5: consent)
  date_too_far: 'Please choose a date within the next 12 months.',
  limit_price_too_high: 'The limit price can be at most 500,000.',
  consent_required: 'Please agree to the processing of your data.',
} as const satisfies Record<string, string>;

export type FieldCode = keyof typeof fieldErrorCatalogue;

export function isFieldCode(code: unknown): code is FieldCode {
  return typeof code === 'string' && Object.hasOwn(fieldErrorCatalogue, code);
}

export function fieldError(field: string, code: FieldCode, length?: number): FieldError {
  const message = length === undefined ? fieldErrorCatalogue[code] : fieldErrorCatalogue[code].replace('{length}', String(length));
  return { field, code, message };
}

interface AjvError {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/**
 * Fastify's schema errors (ajv) as field errors, one per field (a union reports each branch; the first
 * one counts). `context` names the part that failed (body, querystring, params) for errors on the whole.
 */
export function validationFields(validation: unknown, context = 'body'): FieldError[] {
  if (!Array.isArray(validation)) return [];
  const out: FieldError[] = [];
  for (const e of validation as AjvError[]) {
    const path = (e.instancePath ?? '').split('/').filter(Boolean).join('.');
    const child = (name: unknown) => [path, String(name)].filter(Boolean).join('.');
    const here = path || context;
    const limit = Number(e.params?.limit);
    let f: FieldError;
    switch (e.keyword) {
      case 'required':
        f = fieldError(child(e.params?.missingProperty), 'required');
        break;
      case 'additionalProperties':
        f = fieldError(child(e.params?.additionalProperty), 'unknown_field');
        break;
      case 'maxLength':
        f = fieldError(here, 'too_long', limit);
        break;
      case 'minLength':
        // minLength 1 is how the schemas say "required" for strings
        f = limit > 1 ? fieldError(here, 'min_length', limit) : fieldError(here, 'required');
        break;
      case 'format':
        f = fieldError(here, 'invalid_format');
        break;
      default:
        f = fieldError(here, 'invalid_value');
    }
    if (!out.some((x) => x.field === f.field)) out.push(f);
  }
  return out;
}

// ------------------------------------------------------------------------------------- thrown errors

export interface ErrorDetails {
  /** 400 validation_failed: every invalid field */
  fields?: FieldError[];
  /** 429 and 503: seconds until a retry can succeed (also sent as Retry-After) */
  retryAfter?: number;
  [key: string]: unknown;
}

export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
}

/** An expected failure: a catalogue code, its status, and a message (the catalogue's unless given). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details?: ErrorDetails;
  constructor(code: ErrorCode, opts: { message?: string; details?: ErrorDetails; cause?: unknown } = {}) {
    super(opts.message ?? errorCatalogue[code].message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorCatalogue[code].status;
    if (opts.details !== undefined) this.details = opts.details;
  }
}

/** Fastify's client-error codes (FST_ERR_*) as catalogue codes. */
function fastifyCode(code: string | undefined): ErrorCode {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'uri_too_long';
    case 'FST_ERR_BAD_URL':
      return 'bad_url';
    default:
      return 'bad_request';
  }
}

/**
 * Maps anything thrown to the answer. AppError: its code; a schema error: validation_failed with
 * details.fields; Fastify's own client errors: their code (their status for the generic bad_request);
 * a PostgreSQL data error caused by input (SQLSTATE class 22 or 23): bad_request. Anything else is a
 * 500 internal_error whose message never leaves the process.
 */
export function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof AppError) {
    return { statusCode: err.statusCode, code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) };
  }
  const e = (err ?? {}) as Partial<FastifyError> & { validation?: unknown[]; validationContext?: string };
  if (Array.isArray(e.validation)) {
    const context = e.validationContext ?? 'request';
    return {
      statusCode: 400,
      code: 'validation_failed',
      message: `Invalid ${context}: ${e.message ?? ''}`,
      details: { fields: validationFields(e.validation, e.validationContext) },
    };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500 && typeof e.code === 'string' && e.code.startsWith('FST_')) {
    const code = fastifyCode(e.code);
    const message = code === 'uri_too_long' || code === 'bad_url' ? errorCatalogue[code].message : (e.message ?? errorCatalogue[code].message);
    return { statusCode: code === 'bad_request' ? status : errorCatalogue[code].status, code, message };
  }
  if (status >= 400 && status < 500) return { statusCode: status, code: 'bad_request', message: errorCatalogue.bad_request.message };
  if (typeof e.code === 'string' && /^(22|23)[0-9A-Z]{3}$/.test(e.code)) {
    return { statusCode: 400, code: 'bad_request', message: 'The request holds a value the service cannot store.' };
  }
  return { statusCode: 500, code: 'internal_error', message: errorCatalogue.internal_error.message };
}

/** Seconds of Retry-After for a 429 or 503 answer that names them, else null. */
export function retryAfterOf(body: ErrorBody): number | null {
  const s = body.details?.retryAfter;
  return (body.statusCode === 429 || body.statusCode === 503) && typeof s === 'number' && Number.isFinite(s) && s > 0 ? Math.ceil(s) : null;
}

/** Sends an error answer as JSON, with Retry-After when the body names one. */
export function sendError(reply: FastifyReply, body: ErrorBody): FastifyReply {
  const retryAfter = retryAfterOf(body);
  if (retryAfter !== null) void reply.header('retry-after', String(retryAfter));
  return reply.status(body.statusCode).send(body);
}
