// D-55: callerText bounds every quote of caller text in an error answer: at most 100 code points,
// the ellipsis included, cut between code points (never inside a surrogate pair), and idempotent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALLER_TEXT_MAX, ELLIPSIS, callerText, callerValue } from '../../schemas/common/caller-text.js';

const codePoints = (text: string): number => [...text].length;
const HAS_LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('callerText', () => {
  it('keeps text of at most 100 code points as it is', () => {
    expect(callerText('ORD')).toBe('ORD');
    expect(callerText('A'.repeat(CALLER_TEXT_MAX))).toBe('A'.repeat(CALLER_TEXT_MAX));
    expect(callerText('😀'.repeat(CALLER_TEXT_MAX))).toBe('😀'.repeat(CALLER_TEXT_MAX));
  });

  it('cuts longer text to 99 code points and an ellipsis', () => {
    expect(callerText('A'.repeat(CALLER_TEXT_MAX + 1))).toBe(`${'A'.repeat(CALLER_TEXT_MAX - 1)}${ELLIPSIS}`);
    expect(callerText('😀'.repeat(7_000_000 / 2))).toBe(`${'😀'.repeat(CALLER_TEXT_MAX - 1)}${ELLIPSIS}`);
  });

  it('never cuts a surrogate pair in two', () => {
    const text = `${'A'.repeat(CALLER_TEXT_MAX - 2)}😀😀😀`;
    const cut = callerText(text);
    expect(cut).toBe(`${'A'.repeat(CALLER_TEXT_MAX - 2)}😀${ELLIPSIS}`);
    expect(HAS_LONE_SURROGATE.test(cut)).toBe(false);
  });

  it('takes its own limit (the last bound of a whole message)', () => {
    expect(callerText('abcdef', 4)).toBe(`abc${ELLIPSIS}`);
  });

  it('property: bounded, a prefix of the text, no pair cut, idempotent', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 300 }), (a, b) => {
        for (const text of [a, b, a + b]) {
          const cut = callerText(text);
          expect(codePoints(cut)).toBeLessThanOrEqual(CALLER_TEXT_MAX);
          expect(callerText(cut)).toBe(cut);
          if (cut === text) continue;
          expect(cut.endsWith(ELLIPSIS)).toBe(true);
          const kept = cut.slice(0, -ELLIPSIS.length);
          expect(text.startsWith(kept)).toBe(true);
          // Only what the text itself held may be a lone surrogate; the cut adds none.
          if (!HAS_LONE_SURROGATE.test(text)) expect(HAS_LONE_SURROGATE.test(cut)).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('callerValue', () => {
  it('quotes strings as they are and anything else as JSON, bounded alike', () => {
    expect(callerValue('QLD')).toBe('QLD');
    expect(callerValue(12)).toBe('12');
    expect(callerValue(null)).toBe('null');
    expect(callerValue({ a: 1 })).toBe('{"a":1}');
    expect(codePoints(callerValue(Array.from({ length: 10_000 }, (_, i) => i)))).toBe(CALLER_TEXT_MAX);
  });
});
