// "Write AGENTS.md" in the app writes the first project's AGENTS.md with what an agent working there can load: the
// skills of that project's agent folders and of the user's, never those of another project open beside it.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult } from '../../../shared/ipc.js';
import { Host } from '../../../electron/host/host.js';
import { REPO } from '../../helpers.js';

let tmp: string;
let host: Host;

function skill(folder: string, name: string): void {
  mkdirSync(join(folder, name), { recursive: true });
  writeFileSync(
    join(folder, name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Does ${name} things. Use when asked for ${name}.\n---\nDo it.\n`,
  );
}

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'skillbench-host-agents-md-')));
  vi.stubEnv('SKILLBENCH_HOME', join(tmp, 'home'));
  for (const v of ['XDG_CONFIG_HOME', 'XDG_STATE_HOME', 'CODEX_HOME', 'CLAUDE_CONFIG_DIR']) vi.stubEnv(v, '');
  skill(join(tmp, 'first', '.claude', 'skills'), 'first-skill');
  skill(join(tmp, 'second', '.claude', 'skills'), 'second-skill');
  skill(join(tmp, 'home', '.claude', 'skills'), 'personal-skill');
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: join(tmp, 'app-data'),
    projectRoots: [join(tmp, 'first'), join(tmp, 'second')],
    watch: false,
  });
});

afterEach(async () => {
  await host.close();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

describe('skills:sync-agents-md', () => {
  it("lists the first project's agent skills and the user's, not another project's", async () => {
    const r = (await host.handle('skills:sync-agents-md', {})) as IpcResult<{
      path: string;
      skills: string[];
    }>;
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.path).toBe(join(tmp, 'first', 'AGENTS.md'));
    expect(r.value.skills.sort()).toEqual(['first-skill', 'personal-skill']);
    expect(readFileSync(join(tmp, 'first', 'AGENTS.md'), 'utf8')).not.toContain('second-skill');
  });
});
