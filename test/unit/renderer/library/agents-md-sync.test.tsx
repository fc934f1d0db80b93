// @vitest-environment jsdom
// The app's "Write AGENTS.md" against a real host: the skills of the project's agent folders land in its AGENTS.md,
// in the block `skillbench sync --agents-md` writes; a second click says it is up to date.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Host } from '../../../../electron/host/host.js';
import { AgentsMdSync } from '../../../../renderer/src/library/AgentsMdSync.js';
import type { HostApi } from '../../../../shared/ipc.js';
import type { ListedEntry } from '../../../../shared/types.js';
import { agentHomeEnv } from '../../../integration/manage-fixtures.js';
import { FIXTURES, hostApi, REPO } from '../../../helpers.js';

let tmp: string;
let project: string;
let host: Host;
let api: HostApi;

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'sb-agents-md-app-')));
  project = join(tmp, 'project');
  mkdirSync(join(project, '.claude'), { recursive: true });
  cpSync(join(FIXTURES, 'ecosystem', 'agents-md', 'skills'), join(project, '.claude', 'skills'), {
    recursive: true,
  });
  for (const [key, value] of Object.entries(agentHomeEnv(tmp))) vi.stubEnv(key, value);
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: join(tmp, 'app-data'),
    projectRoots: [project],
    watch: false,
  });
  api = hostApi(host);
});
afterEach(async () => {
  cleanup();
  await host.close();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

describe('Write AGENTS.md', () => {
  it("lists the agents' skills in the project's AGENTS.md, and says so", async () => {
    const r = await host.handle('skills:list', {});
    const entries = r.ok ? (r.value as { entries: ListedEntry[] }).entries : [];
    render(<AgentsMdSync host={api} entries={entries} />);
    fireEvent.click(screen.getByRole('button', { name: 'Write AGENTS.md' }));
    expect((await screen.findByRole('status')).textContent).toBe(' Created AGENTS.md: 2 skills.');
    const text = readFileSync(join(project, 'AGENTS.md'), 'utf8');
    expect([...text.matchAll(/<name>([^<]+)<\/name>/g)].map((m) => m[1])).toEqual([
      'csv-report',
      'pdf-extract',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Write AGENTS.md' }));
    expect((await screen.findByText(/up to date/)).textContent).toBe(' AGENTS.md is up to date: 2 skills.');
  });

  it('is not offered when no agent folder holds a skill', () => {
    const { container } = render(<AgentsMdSync host={api} entries={[]} />);
    expect(container.textContent).toBe('');
  });
});
