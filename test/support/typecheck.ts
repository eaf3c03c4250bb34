// The type checker the repository runs over code (TypeScript 7's native compiler, the
// `typescript-native` alias): it checks the same rules as TypeScript 6 in about a third of the CPU.
// TypeScript 6 stays the `typescript` package for what needs the compiler's JavaScript API (the SDK
// generator, typescript-eslint, the tests that walk an AST), which TypeScript 7 does not have.
import { resolve } from 'node:path';

/** The native compiler's `tsc`, the one `npm run typecheck` runs (package.json). */
export const NATIVE_TSC = resolve('node_modules/typescript-native/bin/tsc');
