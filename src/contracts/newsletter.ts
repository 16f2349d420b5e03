// Newsletter subscription (spec 7 POST /newsletters/subscriptions, query languageTag; spec 8: a duplicate is
// answered with its message) with double opt-in, and the calls of the links in its mails. src/commerce/
// README.md (newsletter) explains the states.
import Type, { type Static } from 'typebox';
import { LanguageTag } from './cart.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** Decision: the e-mail alone (data minimisation: the newsletter needs nothing else). */
export const NewsletterSubscriptionBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
}, { additionalProperties: false });
export type NewsletterSubscriptionBody = Static<typeof NewsletterSubscriptionBody>;

export const NewsletterQuery = Type.Object({ languageTag: LanguageTag }, { additionalProperties: false });

/** pending: waiting for the link in the confirmation mail; confirmed: subscribed */
export const NewsletterStatus = Type.Union([Type.Literal('pending'), Type.Literal('confirmed')]);

/** 202 pending (a confirmation mail went out), 201 confirmed (a signed-in customer's own, verified address). */
export const NewsletterSubscriptionResponse = Type.Object({
  status: NewsletterStatus,
  confirmationRequired: Type.Boolean(),
});
export type NewsletterSubscriptionResponse = Static<typeof NewsletterSubscriptionResponse>;

/** The token of a link in our mails (confirm, unsubscribe). */
export const NewsletterTokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type NewsletterTokenBody = Static<typeof NewsletterTokenBody>;

export const NewsletterTokenResponse = Type.Object({ status: Type.Union([NewsletterStatus, Type.Literal('unsubscribed')]) });

/** GET /newsletters/subscriptions/me: the signed-in customer's address and its state ('none': not subscribed). */
export const NewsletterMeResponse = Type.Object({
  email: Type.String(),
  status: Type.Union([NewsletterStatus, Type.Literal('none')]),
  confirmedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type NewsletterMeResponse = Static<typeof NewsletterMeResponse>;
