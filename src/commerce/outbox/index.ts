// The outbox feature's door (the development mailbox GET /admin/outbox is its plugin, plugin.ts): mails and
// SMS written in a transaction and delivered after it commits (the kernel's lib/outbox.ts, which the service
// context carries), and the mail building blocks every feature uses.

export { createOutbox, type MailAttachment, type MailAttachmentRef, type Outbox, type OutboxMessageInput } from '../lib/outbox.ts';
export { deleteMessagesOf, purgeOutbox } from './repository.ts';
// issue 27: the backlog the metrics report
export { outboxBacklog } from './repository.ts';
export { activationLink, resetLink, shopName } from './templates.ts';
// issue 24: an order's mails, for the back office's order page (list and resend)
export { orderMail, orderMails, resendsSince, type OrderMailRow } from './repository.ts';
