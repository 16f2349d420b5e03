// VAT identification numbers by format (issue 3; spec 5 message 'Invalid VAT ID'): the rule lives in
// src/contracts/field-rules.ts, shared with the storefront's forms.
export { checkVatId, type VatCheck } from '../../contracts/field-rules.ts';
