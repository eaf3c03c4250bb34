// D-45 identical-name rules: each rule has a pair it makes identical and a near miss it must not.
import { describe, expect, it } from 'vitest';
import { normaliseCompanyName } from '../../server/registers/asic/company-name.js';

function identical(a: string, b: string): boolean {
  return normaliseCompanyName(a) === normaliseCompanyName(b);
}

describe('normaliseCompanyName', () => {
  it('gives the register form of the name', () => {
    expect(normaliseCompanyName('Sandbox Trading Proprietary Limited')).toBe('SANDBOX TRADING PTY LTD');
  });

  describe('case is ignored', () => {
    it('matches the same letters in another case', () =>
      expect(identical('sandbox trading pty ltd', 'SANDBOX TRADING PTY LTD')).toBe(true));
    it('does not match different letters', () => expect(identical('Sandbox Tradings Pty Ltd', 'SANDBOX TRADING PTY LTD')).toBe(false));
  });

  describe('punctuation is ignored', () => {
    it('drops commas and full stops', () => expect(identical('Sandbox, Trading Pty. Ltd.', 'SANDBOX TRADING PTY LTD')).toBe(true));
    it('keeps a word whole across an apostrophe', () => expect(normaliseCompanyName("O'Brien Consulting")).toBe('OBRIEN CONSULTING'));
    it('reads run-together legal words apart', () =>
      expect(normaliseCompanyName('Sandbox Trading Pty.Ltd.')).toBe('SANDBOX TRADING PTY LTD'));
    it('treats a hyphen between words as a separator', () => expect(identical('Smith-Jones Pty Ltd', 'Smith Jones Pty Ltd')).toBe(true));
    it('does not ignore digits', () => expect(identical('Sandbox Trading 2 Pty Ltd', 'Sandbox Trading Pty Ltd')).toBe(false));
    it('does not ignore spacing inside a word', () => expect(identical('SandboxTrading Pty Ltd', 'Sandbox Trading Pty Ltd')).toBe(false));
  });

  describe('PTY and PROPRIETARY are the same word', () => {
    it('reads PROPRIETARY as PTY', () => expect(identical('Sandbox Trading Proprietary Ltd', 'Sandbox Trading Pty Ltd')).toBe(true));
    it('does not drop the word altogether', () => expect(identical('Sandbox Trading Ltd', 'Sandbox Trading Pty Ltd')).toBe(false));
    it('changes whole words only', () => expect(normaliseCompanyName('Proprietaryship Holdings')).toBe('PROPRIETARYSHIP HOLDINGS'));
  });

  describe('LTD and LIMITED are the same word', () => {
    it('reads LIMITED as LTD', () => expect(identical('Sandbox Trading Pty Limited', 'Sandbox Trading Pty Ltd')).toBe(true));
    it('does not drop the word altogether', () => expect(identical('Sandbox Trading Pty', 'Sandbox Trading Pty Ltd')).toBe(false));
    it('changes whole words only', () => expect(normaliseCompanyName('Limitless Pty Ltd')).toBe('LIMITLESS PTY LTD'));
  });

  describe('& and AND are the same word', () => {
    it('reads & as AND, with or without spaces', () => {
      expect(identical('Smith & Jones Pty Ltd', 'Smith and Jones Pty Ltd')).toBe(true);
      expect(normaliseCompanyName('Smith&Jones')).toBe('SMITH AND JONES');
    });
    it('does not drop the word altogether', () => expect(identical('Smith Jones Pty Ltd', 'Smith & Jones Pty Ltd')).toBe(false));
  });

  describe('runs of spaces collapse', () => {
    it('trims and collapses spaces and tabs', () =>
      expect(normaliseCompanyName('  Sandbox \t Trading   Pty  Ltd ')).toBe('SANDBOX TRADING PTY LTD'));
    it('does not join words', () => expect(identical('Sand box Pty Ltd', 'Sandbox Pty Ltd')).toBe(false));
  });

  it('leaves nothing of a name without letters or digits', () => {
    expect(normaliseCompanyName(' .,-! ')).toBe('');
  });
});
