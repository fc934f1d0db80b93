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
    files: ['electron/cli/**/*.ts'],
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
    // preload: the contract's names (shared/ipc-names.ts) to build window.skillbench from, nothing else of the app.
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
                '**/shared/**',
                '!**/shared/ipc-names.js',
              ],
              message: "The preload imports only the contract's names (shared/ipc-names.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // main: the Electron shell. It mounts the host and uses shared/ and core's ground floor; never the UI or the CLI.
    files: ['electron/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**'],
              message: 'main talks to the renderer through the IPC contract only.',
            },
            {
              group: ['**/cli/**'],
              message: 'main and the CLI are two edges of one host; neither imports the other.',
            },
            {
              group: ['**/preload/**'],
              message: 'The preload is bundled on its own; main loads it by path.',
            },
            {
              // core's ground floor only (paths, deferred loading, file writes, app data); the host serves features.
              regex: String.raw`/core/(?!(paths|load-later|app-data)\.js$|editor/save-file\.js$|fs/)`,
              message: "main uses core's ground floor only; the host serves core's features.",
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
