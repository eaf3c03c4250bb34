// Lint rules for hand-written code: strict TypeScript, no `any`, named exports only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './scripts/lint/layers.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'generated/',
      'spec/',
      'data/',
      '.tmp/',
      'coverage/',
      'dist/',
      'build/',
      'packages/*/dist/',
      'packages/*/spec/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/imports-point-down': 'error', 'layers/stays-in-server': 'error' },
  },
  {
    // Plain JavaScript run by Node itself (no TypeScript step): Node's globals.
    files: ['**/*.mjs', 'scripts/**/*.js', 'packages/*/bin/*.js'],
    languageOptions: { globals: { URL: 'readonly', process: 'readonly', console: 'readonly', WebAssembly: 'readonly' } },
  },
  {
    // Postman scripts Portman injects into the collection (portman/): they run in Newman's sandbox.
    files: ['portman/scripts/*.js'],
    languageOptions: { globals: { pm: 'readonly', setTimeout: 'readonly' } },
  },
  {
    // Tool configuration files are loaded by their tools through a default export.
    files: ['vitest.config.ts', 'eslint.config.js', 'drizzle.config.ts', 'console/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
