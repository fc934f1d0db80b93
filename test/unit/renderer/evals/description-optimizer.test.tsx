// @vitest-environment jsdom
// The Evals tab's "Optimise description…": the iterations and the diff of SKILL.md are shown and nothing is written
// until Apply; Apply saves through the editor's writer over the version the optimisation read, waits while the editor
// holds unsaved changes, and is refused when the file changed on disk. A real host serves the files; the optimisation
// itself is answered with a result whose proposal the real core makes (the SDKs refuse a jsdom environment:
// test/integration/host/evals.test.ts runs the loop through them).
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OptimizeResult, OptimizeView } from '../../../../shared/evals.js';
import type { HostApi } from '../../../../shared/ipc.js';
import { Host } from '../../../../electron/host/host.js';
import { proposal } from '../../../../electron/core/evals/description-edit.js';
import { readFileSnapshot } from '../../../../electron/core/editor/save-file.js';
import { DescriptionOptimizer } from '../../../../renderer/src/evals/DescriptionOptimizer.js';
import { pendingOptimizations } from '../../../../renderer/src/evals/optimize-proposal.js';
import { REPO } from '../../../helpers.js';
import { LIBRARY, OPTIMIZE } from '../../../integration/evals/routes.js';

const hosts: Host[] = [];
afterAll(() => Promise.all(hosts.map((h) => h.close())));
afterEach(cleanup);
beforeEach(() => pendingOptimizations.clear());

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-optimizer-'));
  cpSync(LIBRARY, root, { recursive: true });
  const manifest = join(root, 'csv-report', 'SKILL.md');
  const host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-optimizer-data-')),
    projectRoots: [root],
    watch: false,
  });
  hosts.push(host);
  const asked: unknown[] = [];
  const api: HostApi = {
    invoke: (channel, request) => {
      if (channel !== 'evals:optimize-description') return host.handle(channel, request) as never;
      asked.push(request);
      const before = readFileSnapshot(manifest);
      const result = {
        exit_reason: 'all_passed (iteration 3)',
        original_description: 'Summarise a CSV file',
        best_description: OPTIMIZE.first,
        best_iteration: 2,
        train_size: 4,
        test_size: 2,
        runs_per_query: 3,
        provider: 'fake',
        model: 'opt-1',
        history: [1, 2, 3].map((iteration) => ({
          iteration,
          description: ['Summarise a CSV file', OPTIMIZE.first, OPTIMIZE.second][iteration - 1],
          train_passed: iteration + 1,
          train_total: 4,
          test_passed: iteration === 2 ? 2 : 1,
          test_total: 2,
        })),
      } as unknown as OptimizeResult;
      const value: OptimizeView = {
        result,
        path: manifest,
        hash: before.hash,
        ...proposal(before.text, manifest, 'SKILL.md', result),
      };
      return Promise.resolve({ ok: true, value }) as never;
    },
    on: (event, listener) => host.on(event, listener),
  };
  return { host, api, manifest, asked, skillId: host.workspace.skill('csv-report').id };
}

const view = (s: ReturnType<typeof setup>, extra: { unsavedText?: string; onApplied?: () => void } = {}) =>
  render(
    <DescriptionOptimizer
      host={s.api}
      skillId={s.skillId}
      provider="fake"
      runs={3}
      budget={{}}
      canRun
      onApplied={extra.onApplied ?? (() => undefined)}
      {...(extra.unsavedText !== undefined ? { unsavedText: extra.unsavedText } : {})}
    />,
  );

const optimise = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Optimise description…' }));
  await waitFor(() => expect(screen.getByRole('table', { name: 'Iterations' })).toBeTruthy());
};

describe('optimising the description in the Evals tab', () => {
  it('shows the iterations and the diff, writes nothing until Apply, then saves over the version it read', async () => {
    const s = setup();
    const before = readFileSync(s.manifest, 'utf8');
    let applied = 0;
    view(s, { onApplied: () => applied++ });
    await optimise();
    expect(s.asked).toEqual([
      {
        runId: expect.any(String) as unknown,
        skillId: s.skillId,
        provider: 'fake',
        runs: 3,
        holdout: 0.4,
        maxIterations: 5,
      },
    ]);
    const best = screen.getAllByRole('row').find((r) => r.textContent?.includes(' best'));
    expect(best?.textContent).toContain(OPTIMIZE.first);
    const diff = screen.getByLabelText('Proposed change to SKILL.md');
    expect(diff.textContent).toContain(`+description: "${OPTIMIZE.first}"`);
    expect(readFileSync(s.manifest, 'utf8')).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Apply to SKILL.md' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Applied to SKILL.md.'));
    expect(readFileSync(s.manifest, 'utf8')).toBe(
      before.replace(/^description: .*$/m, `description: "${OPTIMIZE.first}"`),
    );
    expect(applied).toBe(1);
  });

  it('waits while the editor holds unsaved changes to SKILL.md', async () => {
    const s = setup();
    const before = readFileSync(s.manifest, 'utf8');
    view(s, { unsavedText: `${before}\nTyped, not saved.\n` });
    await optimise();
    fireEvent.click(screen.getByRole('button', { name: 'Apply to SKILL.md' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^SKILL\.md has unsaved changes in the editor/);
    expect(readFileSync(s.manifest, 'utf8')).toBe(before);
  });

  it('refuses to overwrite SKILL.md changed on disk since the optimisation read it, and discards on request', async () => {
    const s = setup();
    view(s);
    await optimise();
    const edited = `${readFileSync(s.manifest, 'utf8')}\nEdited elsewhere.\n`;
    writeFileSync(s.manifest, edited);
    fireEvent.click(screen.getByRole('button', { name: 'Apply to SKILL.md' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /changed on disk since the optimisation read it, so nothing was written/,
      ),
    );
    expect(readFileSync(s.manifest, 'utf8')).toBe(edited);
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Description optimisation' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(screen.queryByRole('table', { name: 'Iterations' })).toBeNull();
  });
});
