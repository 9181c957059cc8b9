// ESLint: import cycles, and functions short enough to read. Layers and line length are checked by
// test/project/layers.test.ts; formatting is Prettier's (npm run format).
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const LONG = { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true };

export default [
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'public/**'] },
  {
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': 'error',
      'max-lines-per-function': ['warn', LONG],
    },
  },
  {
    // a test's describe block and a script's main are long by nature
    files: ['test/**', 'e2e/**', 'scripts/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // the layers that decide: a function over 80 lines says why, on the line before it
    files: ['src/geometry/**/*.ts', 'src/rules/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', LONG] },
  },
];
