// Lint: type-aware rules everywhere, plus the process boundaries of DESIGN.md enforced by import restrictions.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = {
  group: ['node:*'],
  message: 'This layer must not use Node APIs (DESIGN.md "Architecture").',
};
/** Folders above core: what core must never import. */
const LAYERS_ABOVE_CORE = ['**/host/**', '**/main/**', '**/cli/**', '**/preload/**', '**/renderer/**'];
/** The CLI files that mount the host: `serve` and its HTTP bridge. */
const CLI_SERVE = ['electron/cli/commands/serve.ts', 'electron/cli/browser-server.ts'];
const CONTRACT = ['**/shared/ipc.js', '**/shared/ipc'];
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
    // core: the domain. It imports only core and shared/, never the IPC contract (issue 10).
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ELECTRON],
          patterns: [
            {
              group: LAYERS_ABOVE_CORE,
              message: 'core imports only core and shared/ (DESIGN.md "Architecture").',
            },
            { group: CONTRACT, message: 'core knows nothing of the IPC contract: the host serves it.' },
          ],
        },
      ],
    },
  },
  {
    // host: serves the contract from core; main and the CLI mount it, never the reverse.
    files: ['electron/host/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ELECTRON],
          patterns: [
            {
              group: ['**/main/**', '**/cli/**', '**/renderer/**'],
              message: 'host imports only core and shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The CLI calls core; only `serve` mounts the host (it serves the app's contract over HTTP).
    files: ['electron/cli/**/*.ts'],
    ignores: CLI_SERVE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ELECTRON],
          patterns: [
            { group: ['**/main/**', '**/renderer/**'], message: 'The CLI runs without Electron and the UI.' },
            {
              group: ['**/host/**'],
              message: 'The CLI imports core, never the host (only `serve` mounts it).',
            },
          ],
        },
      ],
    },
  },
  {
    files: CLI_SERVE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ELECTRON],
          patterns: [
            { group: ['**/main/**', '**/renderer/**'], message: 'The CLI runs without Electron and the UI.' },
          ],
        },
      ],
    },
  },
  {
    // preload: exactly the contract, to build window.skillbench from it.
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/core/**',
                '**/host/**',
                '**/main/**',
                '**/cli/**',
                '**/renderer/**',
                '**/shared/*',
                '!**/shared/ipc.js',
              ],
              message: 'The preload imports only the IPC contract (shared/ipc.ts).',
            },
          ],
        },
      ],
    },
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
            {
              group: ['**/electron/**', '**/renderer/**', '**/test/**'],
              message: 'shared/ imports nothing outside itself.',
            },
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
