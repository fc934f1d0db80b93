// The process boundaries of DESIGN.md are enforced by ESLint: these imports must be refused where they do not belong.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers.js';

// With CI=true typescript-eslint infers a single run and type-checks the files as they are on disk, ignoring the
// text given to lintText; these tests lint text that is not on disk.
process.env.TSESTREE_SINGLE_RUN = 'false';
const eslint = new ESLint({ cwd: REPO });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}/${filePath}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals')
    .map((m) => m.message);
}

describe('lint boundaries', () => {
  it('keeps electron out of the core', async () => {
    expect(
      await restrictedImports(
        'electron/core/paths.ts',
        "import { app } from 'electron';\nexport const a = app;\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps node:* and the DOM out of shared/', async () => {
    expect(
      await restrictedImports(
        'shared/types.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toHaveLength(1);
    expect(await restrictedImports('shared/types.ts', 'export const w = window.location;\n')).toHaveLength(1);
  });

  it('keeps electron and node:* out of the renderer', async () => {
    expect(
      await restrictedImports(
        'renderer/src/App.tsx',
        "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'renderer/src/App.tsx',
        "import { join } from 'node:path';\nexport const j = join;\n",
      ),
    ).toHaveLength(1);
  });

  // Issue 10: every layer boundary of DESIGN.md "Architecture" is a lint rule, and each one fires.
  const imports = (spec: string) => `import * as m from '${spec}';\nexport const x = m;\n`;
  it.each([
    ['core', 'electron/core/paths.ts', '../host/host.js'],
    ['core', 'electron/core/paths.ts', '../main/app.js'],
    ['core', 'electron/core/paths.ts', '../cli/io.js'],
    ['core', 'electron/core/skills/library.ts', '../../../renderer/src/ui/format.js'],
    ['core', 'electron/core/paths.ts', '../../shared/ipc.js'],
    ['host', 'electron/host/host.ts', '../main/app.js'],
    ['host', 'electron/host/host.ts', '../cli/io.js'],
    ['cli', 'electron/cli/index.ts', '../host/host.js'],
    ['cli', 'electron/cli/commands/tools.ts', '../../host/context.js'],
    ['shared', 'shared/types.ts', '../electron/core/paths.js'],
    ['shared', 'shared/syntax/frontmatter.ts', '../../renderer/src/ui/format.js'],
    ['preload', 'electron/preload/bridge.ts', '../core/paths.js'],
    ['preload', 'electron/preload/bridge.ts', '../host/host.js'],
    ['preload', 'electron/preload/bridge.ts', '../../shared/types.js'],
    ['preload', 'electron/preload/bridge.ts', '../../shared/ipc.js'],
    ['main', 'electron/main/app.ts', '../../renderer/src/App.js'],
    ['main', 'electron/main/app.ts', '../cli/io.js'],
    ['main', 'electron/main/app.ts', '../preload/bridge.js'],
    ['main', 'electron/main/app.ts', '../core/skills/library.js'],
    ['main', 'electron/main/app.ts', '../core/paths-extra.js'],
    ['renderer', 'renderer/src/App.tsx', '../../electron/core/paths.js'],
    ['renderer', 'renderer/src/App.tsx', '../../electron/host/host.js'],
  ])('refuses %s (%s) importing %s', async (_layer, file, spec) => {
    expect(await restrictedImports(file, imports(spec))).toHaveLength(1);
  });

  it.each([
    ['electron/core/workspace.ts', '../../shared/types.js'],
    ['electron/host/host.ts', '../core/workspace.js'],
    ['electron/host/host.ts', '../../shared/ipc.js'],
    ['electron/cli/commands/serve.ts', '../../host/host.js'],
    ['electron/cli/browser-server.ts', '../host/host.js'],
    ['electron/cli/index.ts', '../core/workspace.js'],
    ['electron/main/app.ts', '../host/host.js'],
    ['electron/preload/bridge.ts', '../../shared/ipc-names.js'],
    ['electron/main/app.ts', '../../shared/ipc.js'],
    ['electron/main/app.ts', '../core/paths.js'],
    ['electron/main/app.ts', '../core/editor/save-file.js'],
    ['shared/syntax/frontmatter.ts', '../types.js'],
    ['renderer/src/App.tsx', '../../shared/syntax/frontmatter.js'],
  ])('lets %s import %s', async (file, spec) => {
    expect(await restrictedImports(file, imports(spec))).toEqual([]);
  });

  // Inside core: a feature uses the ground floor and, of another feature, only the edges eslint.config.js names.
  it.each([
    ['skills', 'electron/core/skills/library.ts', '../manage/install.js'],
    ['skills (no edge to the executor)', 'electron/core/skills/library.ts', '../tools/executor.js'],
    ['tools', 'electron/core/tools/executor.ts', '../evals/triggers.js'],
    ['evals', 'electron/core/evals/triggers.ts', '../manage/install.js'],
    ['manage', 'electron/core/manage/install.ts', '../evals/triggers.js'],
    ['mcp', 'electron/core/mcp/sampling.ts', '../evals/triggers.js'],
    ['history', 'electron/core/history/history-store.ts', '../skills/library.js'],
    ['cases', 'electron/core/cases/cases.ts', '../skills/library.js'],
    ['editor', 'electron/core/editor/drafts.ts', '../manage/install.js'],
    ['schema', 'electron/core/schema/check-schema.ts', '../skills/library.js'],
    ['the ground floor (fs)', 'electron/core/fs/walk.ts', '../skills/scan.js'],
    ['the ground floor (fs)', 'electron/core/fs/walk.ts', '../workspace.js'],
    ['the ground floor (agents)', 'electron/core/agents/folders.ts', '../manage/install.js'],
    ['the ground floor (models)', 'electron/core/models/model-client.ts', '../tools/process-runner.js'],
    ['the ground floor (app-data)', 'electron/core/app-data.ts', './history/history-store.js'],
  ])('refuses %s (%s) importing %s', async (_room, file, spec) => {
    expect(await restrictedImports(file, imports(spec))).toHaveLength(1);
  });

  it.each([
    ['electron/core/skills/usual-roots.ts', '../agents/folders.js'],
    ['electron/core/skills/rules/tools.ts', '../../tools/kinds/kind.js'],
    ['electron/core/mcp/sampling.ts', '../models/providers/types.js'],
    ['electron/core/evals/triggers.ts', '../models/model-client.js'],
    ['electron/core/editor/skill-ops.ts', '../skills/rules/name.js'],
    ['electron/core/manage/inspect.ts', '../fs/walk.js'],
    ['electron/core/models/provider-store.ts', '../app-data.js'],
  ])('lets %s import %s', async (file, spec) => {
    expect(await restrictedImports(file, imports(spec))).toEqual([]);
  });

  it('lets the core use node:*', async () => {
    expect(
      await restrictedImports(
        'electron/core/paths.ts',
        "import { join } from 'node:path';\nexport const j = join;\n",
      ),
    ).toEqual([]);
  });
});
