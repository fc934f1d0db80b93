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
const CORE_PATTERNS = [
  { group: LAYERS_ABOVE_CORE, message: 'core imports only core and shared/ (DESIGN.md "Architecture").' },
  { group: CONTRACT, message: 'core knows nothing of the IPC contract: the host serves it.' },
];
/**
 * Core's feature rooms. Each may use the ground floor (fs/, agents/, models/, app-data, load-later, paths, pid) and
 * shared/, and of another feature only the files named in FEATURE_EDGES (docs/architecture.md, "Inside core").
 */
const CORE_FEATURES = ['skills', 'tools', 'evals', 'manage', 'mcp', 'history', 'cases', 'editor', 'schema'];
const FEATURE_EDGES = {
  skills: ['tools/kinds/**', 'tools/compose-name.js', 'tools/process-runner.js', 'schema/check-schema.js'],
  tools: ['mcp/pool.js', 'mcp/protocol-log.js', 'schema/check-schema.js'],
  evals: ['cases/cases.js', 'tools/executor.js', 'editor/save-file.js'],
  manage: ['skills/diagnostic.js', 'tools/process-runner.js', 'tools/kinds/registry.js'],
  mcp: [],
  history: ['tools/executor.js', 'mcp/protocol-log.js'],
  cases: ['tools/executor.js', 'tools/validate-args.js'],
  editor: ['skills/manifest-text.js', 'skills/rules/name.js', 'skills/validate.js'],
  schema: [],
};
/** The no-restricted-imports options for a core file: core's own nevers plus `patterns`. */
const coreImports = (...patterns) => ({
  'no-restricted-imports': ['error', { paths: [ELECTRON], patterns: [...CORE_PATTERNS, ...patterns] }],
});
const featureBlocks = CORE_FEATURES.map((feature) => ({
  files: [`electron/core/${feature}/**/*.ts`],
  rules: coreImports({
    group: CORE_FEATURES.filter((other) => other !== feature).flatMap((other) => {
      const edges = FEATURE_EDGES[feature].filter((edge) => edge.startsWith(`${other}/`));
      // gitignore semantics: a file comes back only when the folders above it do (`!…/`).
      return [
        `**/${other}/**`,
        ...(edges.length ? [`!**/${other}/**/`] : []),
        ...edges.map((e) => `!**/${e}`),
      ];
    }),
    message:
      'A core feature uses the ground floor and shared/; of another feature only its intended edges (FEATURE_EDGES in eslint.config.js).',
  }),
}));

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
    // core: the domain. It imports only core and shared/, never the IPC contract.
    files: ['electron/core/**/*.ts'],
    rules: coreImports(),
  },
  ...featureBlocks,
  {
    // core's ground floor: what every feature stands on imports no feature, and not the assembly above them.
    files: [
      'electron/core/fs/**/*.ts',
      'electron/core/agents/**/*.ts',
      'electron/core/models/**/*.ts',
      'electron/core/app-data.ts',
      'electron/core/load-later.ts',
      'electron/core/paths.ts',
      'electron/core/pid.ts',
    ],
    rules: coreImports({
      group: [...CORE_FEATURES.map((feature) => `**/${feature}/**`), '**/workspace.js', '**/trust.js'],
      message: "core's ground floor imports only itself and shared/: features stand on it, not the reverse.",
    }),
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
