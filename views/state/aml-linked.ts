// Issue 23: linked cash orders count together (src/contracts/aml.ts), and only the service knows the
// customer's earlier orders (a guest's are linked by e-mail and name, which the browser must not be told
// about). Decision: the browser learns it from the service's refusal. When placing a cart answers
// identity_document_required although the cart alone stays below the threshold, the checkout remembers it
// for that cart (this tab, sessionStorage) and the delivery step asks for the document as for a large amount.
// The same for the cash payout cap (cash_payout_limit): the delivery step then shows a cash payout ruled out.
const KEY = 'aml-linked-carts';
const memory = new Set<string>();

function stored(): Set<string> {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
    return new Set([...memory, ...(raw ? (JSON.parse(raw) as string[]) : [])]);
  } catch {
    return new Set(memory);
  }
}

/** The service asked for the identity document for this cart because of linked orders. */
export function markLinkedIdentityRequired(cartId: string): void {
  memory.add(cartId);
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(KEY, JSON.stringify([...stored()].slice(-20)));
  } catch {
    // storage full or blocked: this page still knows it
  }
}

export function linkedIdentityRequired(cartId: string | undefined): boolean {
  return !!cartId && stored().has(cartId);
}

/** The service refused a cash payout for this cart: with the linked sales it is over the cap. */
export function markLinkedPayoutCapReached(cartId: string): void {
  markLinkedIdentityRequired(`payout-cap:${cartId}`);
}

export function linkedPayoutCapReached(cartId: string | undefined): boolean {
  return !!cartId && linkedIdentityRequired(`payout-cap:${cartId}`);
}
