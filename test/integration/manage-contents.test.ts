// Issue 17, acceptance audit: what `add` shows before anything is written (allowed-tools entries, script files, links
// installing leaves out, the size; only the source's own MCP config) and how sizes are handled: a skill over the
// install limit is blocked unless forced, a file over 2 GiB is hashed without being read whole, and pack stops
// reading once the zip passes the upload limit.
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  createReadStream,
  existsSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../electron/cli/index.js';
import type { CliIo } from '../../electron/cli/io.js';
import { MAX_INSTALL_BYTES } from '../../electron/core/manage/inspect.js';
import { computeSkillFolderHash } from '../../electron/core/manage/skill-hash.js';
import { agentHomeEnv } from './manage-fixtures.js';

let tmp: string;
let home: string;
let project: string;

async function run(args: string[], cwd = project) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

function skill(dir: string, frontmatter: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\n${frontmatter}\n---\n\n# Body\n`);
}

/** A file of `size` bytes that takes no disk space (a hole). */
function sparse(path: string, size: number): void {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, size);
  closeSync(fd);
}

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-contents-'));
  home = join(tmp, 'home');
  project = join(tmp, 'project');
  for (const d of [home, project]) mkdirSync(d, { recursive: true });
  for (const [key, value] of Object.entries(agentHomeEnv(tmp))) vi.stubEnv(key, value);
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

describe('add shows everything the skill can run before anything is written', () => {
  it('lists allowed-tools entries, script files, links left out and the size; ignores MCP config outside the source', async () => {
    const lib = join(tmp, 'downloads');
    const src = join(lib, 'deploy');
    skill(
      src,
      'name: deploy\ndescription: Deploys the site. Use when the user asks to deploy.\nallowed-tools: Bash(rm:*) mcp__github__create_pull_request Read',
    );
    mkdirSync(join(src, 'scripts'));
    writeFileSync(join(src, 'scripts', 'push.py'), 'print("push")\n');
    writeFileSync(join(src, 'release'), '#!/bin/sh\necho release\n'); // a shebang, no extension
    writeFileSync(join(src, 'tool'), 'binary-ish'); // the execute bit only
    chmodSync(join(src, 'tool'), 0o755);
    writeFileSync(join(src, 'notes.md'), 'plain\n');
    symlinkSync('notes.md', join(src, 'latest.md'));
    // The folder the skill was downloaded into configures a server: it is not part of the source.
    mkdirSync(join(lib, '.skillbench'));
    writeFileSync(
      join(lib, '.skillbench', 'mcp.json'),
      JSON.stringify({ mcpServers: { outside: { command: 'node', args: ['outside.js'] } } }),
    );

    const r = await run(['add', src]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('  may use without asking: Bash(rm:*)\n');
    expect(r.stdout).toContain('  may use without asking: mcp__github__create_pull_request\n');
    expect(r.stdout).toContain('  may use without asking: Read\n');
    expect(r.stdout).toContain('  script file: scripts/push.py\n');
    expect(r.stdout).toContain('  script file: release\n');
    expect(r.stdout).toContain('  script file: tool\n');
    expect(r.stdout).not.toContain('script file: notes.md');
    expect(r.stdout).toMatch(
      /warning links-left-out Installing leaves out the link in the skill \(latest\.md -> notes\.md\)/,
    );
    expect(r.stdout).toMatch(/^ {2}5 files, \d+ B$/m);
    expect(r.stdout).not.toContain('outside');
    expect(existsSync(join(project, '.claude'))).toBe(false);
  });

  it('shows the MCP servers the source itself configures', async () => {
    const src = join(tmp, 'repo');
    skill(join(src, 'skills', 'calls'), 'name: calls\ndescription: Calls a server. Use when asked.');
    mkdirSync(join(src, '.skillbench'));
    writeFileSync(
      join(src, '.skillbench', 'mcp.json'),
      JSON.stringify({ mcpServers: { inside: { command: 'node', args: ['inside.js'] } } }),
    );
    const r = await run(['add', src]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/inside.*node inside\.js/);
  });
});

describe('sizes', () => {
  it(`blocks a skill over ${MAX_INSTALL_BYTES / 1024 / 1024} MiB unless --force, naming its largest file`, async () => {
    const src = join(tmp, 'big');
    skill(src, 'name: big\ndescription: Carries data. Use when asked.');
    sparse(join(src, 'data.bin'), MAX_INSTALL_BYTES + 1024 * 1024);
    const preview = await run(['add', src, '--agent', 'claude-code']);
    expect(preview.stdout).toContain('BLOCKED');
    expect(preview.stdout).toMatch(
      /error skill-too-large The skill holds 2 files, 101 MiB in all \(largest: data\.bin, 101 MiB\), over the 100 MiB Skillbench installs without --force/,
    );
    const r = await run(['add', src, '--agent', 'claude-code', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('big: the findings include errors');
    expect(existsSync(join(project, '.claude', 'skills', 'big'))).toBe(false);
    const forced = await run(['add', src, '--agent', 'claude-code', '--yes', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(existsSync(join(project, '.claude', 'skills', 'big', 'data.bin'))).toBe(true);
  });

  it('hashes a file over 2 GiB in chunks, as the skills CLI would hash its bytes', async () => {
    const dir = join(tmp, 'huge');
    skill(dir, 'name: huge\ndescription: Huge. Use when asked.');
    const size = 2 ** 31 + 5; // past what Node can read into one Buffer
    sparse(join(dir, 'blob.bin'), size);
    // localeCompare order: blob.bin before SKILL.md.
    const expected = createHash('sha256');
    expected.update('blob.bin');
    for await (const chunk of createReadStream(join(dir, 'blob.bin'))) expected.update(chunk as Buffer);
    expected.update('SKILL.md');
    expected.update('---\nname: huge\ndescription: Huge. Use when asked.\n---\n\n# Body\n');
    expect(computeSkillFolderHash(dir)).toBe(expected.digest('hex'));
  }, 60_000);

  it('pack refuses a skill whose zip would pass the upload limit, saying how much it holds', async () => {
    const src = join(tmp, 'assets');
    skill(src, 'name: assets\ndescription: Ships assets. Use when asked.');
    writeFileSync(join(src, 'noise.bin'), randomBytes(12 * 1024 * 1024)); // does not compress
    const r = await run(['pack', src, '-o', 'assets.zip']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/over the 8 MiB upload limit \(its 2 files hold 12 MiB before compression\)/);
    expect(existsSync(join(project, 'assets.zip'))).toBe(false);
  });
});
