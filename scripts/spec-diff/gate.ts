// D-44: info.version follows semver for the contract and a breaking change needs a new major.
import type { SpecChange } from './types.js';

export interface GateVerdict {
  pass: boolean;
  breaking: number;
  compatible: number;
  /** True when the head's major version is above the base's, which lets breaking changes through. */
  majorRaised: boolean;
  reason: string;
}

export function majorOf(version: string | undefined): number | undefined {
  const match = /^v?(\d+)\.\d+\.\d+/.exec(version ?? '');
  return match ? Number(match[1]) : undefined;
}

export function decide(changes: readonly SpecChange[], baseVersion: string | undefined, headVersion: string | undefined): GateVerdict {
  const breaking = changes.filter((c) => c.severity === 'breaking').length;
  const compatible = changes.length - breaking;
  const baseMajor = majorOf(baseVersion);
  const headMajor = majorOf(headVersion);
  const majorRaised = baseMajor !== undefined && headMajor !== undefined && headMajor > baseMajor;
  if (breaking === 0) return { pass: true, breaking, compatible, majorRaised, reason: 'no breaking change' };
  if (majorRaised)
    return {
      pass: true,
      breaking,
      compatible,
      majorRaised,
      reason: `breaking changes allowed: info.version major went up (${baseVersion} -> ${headVersion})`,
    };
  return {
    pass: false,
    breaking,
    compatible,
    majorRaised,
    reason: `${breaking} breaking change(s) without a new major version (info.version ${baseVersion ?? '?'} -> ${headVersion ?? '?'}): raise the major version (D-44) and add a CHANGELOG entry, or make the change compatible`,
  };
}
