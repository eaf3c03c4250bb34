// Human-readable output: breaking changes first, one line each with its JSON pointer.
import type { GateVerdict } from './gate.js';
import type { SpecChange } from './types.js';

export function formatReport(changes: readonly SpecChange[], verdict: GateVerdict, heading: string): string {
  const lines = [heading];
  const ordered = [...changes].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'breaking' ? -1 : 1));
  for (const change of ordered) {
    const label = change.severity === 'breaking' ? 'BREAKING  ' : 'compatible';
    lines.push(`  ${label} ${change.message}`);
    lines.push(`             at ${change.pointer}${change.note ? ` (${change.note})` : ''}`);
  }
  if (changes.length === 0) lines.push('  no contract changes');
  lines.push(`${verdict.pass ? 'PASS' : 'FAIL'}: ${verdict.breaking} breaking, ${verdict.compatible} compatible; ${verdict.reason}.`);
  return lines.join('\n');
}
