// Safe reads over an unchecked body. The cross-field rules run even when the body is structurally
// wrong (so one response lists every problem), so they may assume nothing about its shape.
export type RawObject = Record<string, unknown>;

export function asObject(value: unknown): RawObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as RawObject) : undefined;
}

export function asArray(value: unknown): readonly unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** Own property only, so keys such as `constructor` never read the prototype. */
export function get(value: unknown, key: string): unknown {
  const object = asObject(value);
  return object && Object.hasOwn(object, key) ? object[key] : undefined;
}

/** `undefined` and `null` both mean "not given" to the conditional rules. */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Each element of an array member, with its index; nothing when the member is not an array. */
export function rows(value: unknown, key: string): { index: number; row: unknown }[] {
  return (asArray(get(value, key)) ?? []).map((row, index) => ({ index, row }));
}
