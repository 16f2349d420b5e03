// Issue 23, the counter-offer's two figures as plain data (the browser imports them at run time, without
// TypeBox): the decision itself is stated at OrderCounterOffer in order.ts.

/** An assay whose total comes out more than this share below the estimate makes the assayed amount an offer. */
export const COUNTER_OFFER_THRESHOLD = 0.05;
/** Calendar days from the assay the customer has to answer; afterwards the offer counts as accepted. */
export const COUNTER_OFFER_DAYS = 14;
