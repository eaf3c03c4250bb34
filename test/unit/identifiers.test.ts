import { describe, expect, it } from 'vitest';
import { Abn, Acn, isValidAbn, isValidAcn, isValidVin, Vin } from '../../schemas/common/identifiers.js';

/** Numbers one above and one below, kept at the same width. */
function neighbours(value: string): string[] {
  const n = BigInt(value);
  return [n - 1n, n + 1n].filter((v) => v >= 0n).map((v) => v.toString().padStart(value.length, '0'));
}

/** Every other digit in the check position. */
function otherCheckDigits(value: string, position: number): string[] {
  return [...'0123456789'].filter((d) => d !== value[position]).map((d) => value.slice(0, position) + d + value.slice(position + 1));
}

describe('ACN checksum (published ASIC vectors)', () => {
  it.each(['000000019', '010499966', '004085616'])('%s is valid', (acn) => {
    expect(isValidAcn(acn)).toBe(true);
    expect(Acn.safeParse(acn).success).toBe(true);
  });

  it.each(['000000019', '010499966', '004085616'])('the neighbours of %s are invalid', (acn) => {
    for (const other of [...neighbours(acn), ...otherCheckDigits(acn, 8)]) {
      expect(isValidAcn(other), other).toBe(false);
      const result = Acn.safeParse(other);
      expect(result.success).toBe(false);
      expect(result.error?.issues.some((i) => i.code === 'custom' && (i.params as { code?: string }).code === 'invalid_acn')).toBe(true);
    }
  });

  it('refuses wrong lengths and non-digits', () => {
    for (const value of ['', '00000001', '0000000190', '00000001a', ' 000000019']) expect(isValidAcn(value), value).toBe(false);
  });

  it('accepts the sandbox magic ACNs', () => {
    for (const acn of ['100000011', '100000020', '100000039', '100000048', '100000057', '100000066', '100000075'])
      expect(isValidAcn(acn), acn).toBe(true);
  });
});

describe('ABN checksum (published ABR vector)', () => {
  it('51824753556 is valid', () => {
    expect(isValidAbn('51824753556')).toBe(true);
    expect(Abn.safeParse('51824753556').success).toBe(true);
  });

  it('its neighbours are invalid', () => {
    for (const other of [...neighbours('51824753556'), ...otherCheckDigits('51824753556', 10), ...otherCheckDigits('51824753556', 0)]) {
      expect(isValidAbn(other), other).toBe(false);
      expect(Abn.safeParse(other).success).toBe(false);
    }
  });

  it('accepts the sandbox magic ABNs', () => {
    for (const abn of ['60100000011', '53900000001', '34900000002', '15900000003', '62100000020']) expect(isValidAbn(abn), abn).toBe(true);
  });
});

describe('VIN (ISO 3779)', () => {
  it('accepts 17 letters and digits without I, O or Q', () => {
    for (const vin of ['1HGCM82633A004352', '6FPPXXMJ2PCD55635', 'KMHCT41BAEU000003']) {
      expect(isValidVin(vin)).toBe(true);
      expect(Vin.safeParse(vin).success).toBe(true);
    }
  });

  it('refuses I, O, Q, lower case and wrong lengths', () => {
    for (const vin of [
      '1HGCM82633A00435I',
      '1HGCM82633A00435O',
      '1HGCM82633A00435Q',
      '1hgcm82633a004352',
      '1HGCM82633A00435',
      '1HGCM82633A0043521',
    ]) {
      expect(isValidVin(vin), vin).toBe(false);
      expect(Vin.safeParse(vin).success).toBe(false);
    }
  });
});
