// The sandbox banking partner's magic values (sandbox.md "Lodgements and business accounts"), kept as
// data so the docs, the sandbox guide and the simulation read one table.

/** A director e-mail whose local part (before `@`) contains this is rejected once sent. */
export const REJECT_EMAIL_MARKER = '+reject';

/** BSB of the simulated partner bank; the last three digits vary per account. */
export const SANDBOX_BSB_PREFIX = '062';
