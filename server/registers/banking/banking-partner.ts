// The banking partner that opens business accounts (spec 1.3, 2.4, 3.3) as the service sees it. The
// simulated adapter in this folder implements the interface; a real partner's adapter would
// implement the same one, so domain code never knows which it talks to.
import type { Environment } from '../../ids.js';

export interface PartnerSubmission {
  /** Our reference for the application; submitting the same reference again changes nothing. */
  reference: string;
  environment: Environment;
  /** The validated application, serialised as JSON (spec 2.4: passed on unchanged; D-56). */
  payload: Buffer;
  at: Date;
}

/** What the partner finally does with an application, once it has verified the directors. */
export type PartnerDecision = { outcome: 'activated'; bsb: string; accountNumber: string } | { outcome: 'rejected' };

export interface BankingPartner {
  /** Hands an application over. Idempotent by reference, so a retried job never submits twice. */
  submit(submission: PartnerSubmission): Promise<void>;
  /** The partner's decision on an application it holds; undefined when it holds none by that reference. */
  decide(reference: string): Promise<PartnerDecision | undefined>;
  /** The bytes the partner holds for a reference (what it received). */
  received(reference: string): Promise<Buffer | undefined>;
}
