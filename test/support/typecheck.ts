// The type checker the repository runs over code (TypeScript 7's native compiler, the
// `typescript-native` alias): it checks the same rules as TypeScript 6 in about a third of the CPU.
// TypeScript 6 stays the `typescript` package for what needs the compiler's JavaScript API (the SDK
// generator, typescript-eslint, the tests that walk an AST), which TypeScript 7 does not have.
import { resolve } from 'node:path';

/** `tsc` of the native compiler under `root` (the repository, or a copy with its node_modules). */
export function nativeTsc(root = '.'): string {
  return resolve(root, 'node_modules/typescript-native/bin/tsc');
}
