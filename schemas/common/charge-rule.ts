// What an operation charges (`x-charge`), stated as data beside the prose so a tool can check a
// server's ledger against it (the contract runner's ledger_charges, D-76): the live price in cents,
// per request or per item of the request body's list, and that the test environment is free.
// Discounts (D-41) are named, not computed: a checker compares the undiscounted price only on an
// account the discount does not apply to.

export interface ChargeRule {
  live: {
    /** Price in cents, GST inclusive. */
    cents: number;
    /** `request`: once per request; otherwise the name of the body's array charged per item. */
    per: 'request' | { items: string };
    /** The decision whose discount may lower the price (empty when none). */
    discount?: string;
  };
  /** Test keys are never charged. */
  test: 0;
}

export function chargeExtension(def: { charge?: ChargeRule }): { 'x-charge'?: ChargeRule } {
  return def.charge ? { 'x-charge': def.charge } : {};
}
