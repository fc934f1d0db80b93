// Lint: type-aware rules everywhere, plus the process boundaries of DESIGN.md enforced by import restrictions.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = {
  group: ['node:*'],
  message: 'This layer must not use Node APIs (DESIGN.md "Architecture").',
};
const ELECTRON = {
  name: 'electron',
  message: 'Only electron/main and electron/preload may import electron.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test/fixtures/**', '.scratch/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.node.json', './tsconfig.web.json', './tsconfig.test.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['electron/core/**/*.ts', 'electron/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ELECTRON] }] },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ELECTRON],
          patterns: [
            NODE_BUILTINS,
            { group: ['react', 'react-dom'], message: 'shared/ knows nothing of the UI.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require'],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ELECTRON],
          patterns: [
            NODE_BUILTINS,
            { group: ['**/electron/**'], message: 'The renderer talks to the host through HostApi only.' },
          ],
        },
      ],
    },
  },
  {
    files: [
      'bin/**/*.js',
      'scripts/**/*.mjs',
      'scripts/**/*.js',
      'scripts/**/*.cjs',
      'bench/**/*.js',
      'skills/**/*.mjs',
      'test/fixtures/**/*.mjs',
      '*.config.js',
    ],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // electron-builder hooks are CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
