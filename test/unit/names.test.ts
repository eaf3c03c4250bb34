// D-57 and D-64 in isolation: the name patterns refuse exactly the invisible characters, the fold
// every name comparison uses, the look-alike skeleton and the mixed-script test.
import { describe, expect, it } from 'vitest';
import {
  LOOK_ALIKE_LETTERS,
  NAME_PATTERN,
  UPPERCASE_NAME_PATTERN,
  foldName,
  hasInvisibleCharacter,
  lookAlikeSkeleton,
  mixesScriptsInAWord,
  nameText,
} from '../../schemas/common/names.js';
import { companyNameLookAlikeKey, normaliseCompanyName } from '../../server/registers/asic/company-name.js';

/** D-57 and D-64 from Unicode's data: Cc, Cf, Default_Ignorable_Code_Point, the Hangul fillers and U+2800. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]/u;

describe('name patterns', () => {
  it('refuse exactly the invisible characters of the BMP, with and without the u flag', () => {
    const unicode = new RegExp(NAME_PATTERN.source, 'u');
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      const refused = INVISIBLE.test(character);
      expect(NAME_PATTERN.test(`A${character}B`), `U+${code.toString(16)}`).toBe(!refused);
      expect(unicode.test(`A${character}B`), `U+${code.toString(16)} (u flag)`).toBe(!refused);
    }
  });

  it('the upper-case pattern adds a-z and nothing else', () => {
    expect(UPPERCASE_NAME_PATTERN.test('SANDBOX TRADING PTY LTD')).toBe(true);
    expect(UPPERCASE_NAME_PATTERN.test('Sandbox')).toBe(false);
    expect(UPPERCASE_NAME_PATTERN.test('SAND\u200BBOX')).toBe(false);
    expect(UPPERCASE_NAME_PATTERN.test('悉尼贸易 МОСКВА ΑΘΗΝΑ ÉCOLE 😀')).toBe(true);
  });

  it('nameText refuses format characters beyond the BMP (tags) as one invalid_format', () => {
    const result = nameText({ min: 1 }).safeParse('ACME\u{E0041}\u{E0042}');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.code, i.code === 'custom' ? i.params : undefined])).toEqual([
      ['custom', { code: 'invalid_format' }],
    ]);
    expect(hasInvisibleCharacter('\u{E0001}')).toBe(true);
    expect(nameText().safeParse('Ordinary Name 😀').success).toBe(true);
  });
});

describe('foldName: the one comparison form', () => {
  it.each([
    ['ＡＣＭＥ  Pty\u00A0Ltd', 'ACME PTY LTD'],
    ['ﬁnance ĳssel', 'FINANCE IJSSEL'],
    ['ℍ𝐀𝐑𝐁𝐎𝐔𝐑', 'HARBOUR'],
    ['Straße', 'STRASSE'],
    ['  Jane\tCitizen ', 'JANE CITIZEN'],
    ['Tra\u200Bding\u202E', 'TRADING'],
    ['Москва', 'МОСКВА'],
  ])('%s -> %s', (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });
});

describe('look-alikes', () => {
  it('the skeleton reads Cyrillic and Greek capitals drawn like Latin ones as those letters', () => {
    expect(lookAlikeSkeleton(foldName('АСМЕ'))).toBe('ACME');
    expect(lookAlikeSkeleton(foldName('ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ'))).toBe('ABEZHIKMNOPTYX');
    expect(lookAlikeSkeleton('ЖУК')).toBe('ЖYK');
    for (const [letter, latin] of Object.entries(LOOK_ALIKE_LETTERS)) {
      expect(letter).toBe(letter.toUpperCase());
      expect(/^[A-Z]$/.test(latin)).toBe(true);
    }
  });

  it('company names compare by look-alike key after the D-45 rules, legal words included', () => {
    const cyrillic = normaliseCompanyName('АСМЕ Proprietary LІМІТЕD');
    expect(companyNameLookAlikeKey(cyrillic)).toBe('ACME PTY LTD');
    expect(companyNameLookAlikeKey(normaliseCompanyName('Acme Pty Ltd'))).toBe('ACME PTY LTD');
    expect(normaliseCompanyName('नमस्ते ट्रेडिंग')).toBe('नमस्ते ट्रेडिंग');
  });

  it('mixed scripts: Latin with Cyrillic or Greek inside one word only', () => {
    expect(mixesScriptsInAWord('SANDBOX TRАDING')).toBe(true);
    expect(mixesScriptsInAWord('ΑCME')).toBe(true);
    expect(mixesScriptsInAWord('АСМЕ PTY LTD')).toBe(false);
    expect(mixesScriptsInAWord('Москва Трейдинг')).toBe(false);
    expect(mixesScriptsInAWord('Café Zürich')).toBe(false);
    expect(mixesScriptsInAWord('悉尼 Trading')).toBe(false);
  });
});

describe('invisible characters', () => {
  it('every character the patterns refuse is one hasInvisibleCharacter sees', () => {
    for (const character of ['\u0000', '\u001F', '\u007F', '\u009F', '\u00AD', '\u200B', '\u202E', '\u2066', '\uFEFF', '\u{E007F}'])
      expect(hasInvisibleCharacter(character)).toBe(INVISIBLE.test(character));
  });

  it('D-64, every plane: nameText refuses each one with one invalid_format, foldName drops it, and nothing else', () => {
    const wrong: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCodePoint(code);
      const invisible = INVISIBLE.test(character);
      if (hasInvisibleCharacter(character) !== invisible) wrong.push(`U+${code.toString(16)} hasInvisibleCharacter`);
      if (!invisible) continue;
      const parsed = nameText({ uppercase: true }).safeParse(`ACME${character} PTY LTD`);
      if (parsed.success || parsed.error.issues.length !== 1) wrong.push(`U+${code.toString(16)} nameText`);
      if (foldName(`Acme${character} Pty Ltd`) !== 'ACME PTY LTD' && !/\s/u.test(character)) wrong.push(`U+${code.toString(16)} foldName`);
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });
});
