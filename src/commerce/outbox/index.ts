// The outbox feature's only door: mails and SMS written in a transaction and delivered after it commits,
// the development mailbox (GET /admin/outbox), and the mail building blocks every feature uses.
import { commerceFeature } from '../http/plugin.ts';
import { outboxRoutes } from './routes.ts';

export const outboxPlugin = commerceFeature('outbox', [outboxRoutes]);
export default outboxPlugin;

export { createOutbox, type Outbox, type OutboxMessageInput } from './outbox.ts';
export { activationLink, resetLink, shopName } from './templates.ts';
// issue 24: an order's mails, for the back office's order page (list and resend)
export { orderMail, orderMails, resendsSince, type OrderMailRow } from './repository.ts';
