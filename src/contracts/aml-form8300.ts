// The US Form 8300 threshold on its own (aml.ts holds every store's threshold with its legal source): the
// shop's messages name it (src/i18n.ts, 'aml.form8300'), and every page's JavaScript carries those, so they
// take this figure, not the table with its citations (issue 27, "Phones get less JavaScript").
/** Cash received over USD 10,000 is reported on Form 8300 (26 U.S.C. § 6050I; aml.ts, store us). */
export const US_FORM_8300_CENTS = 1_000_000;
