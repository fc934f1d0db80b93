// New files from the file tree: each template is one its reader takes without an error, names stay inside the skill
// folder (spelling, `..`, and links that lead out), and nothing that exists is overwritten.
import { existsSync, readFileSync, statSync, symlinkSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSkillFile } from '../../../../electron/core/editor/new-file.js';
import { parseEvalsFile } from '../../../../electron/core/evals/evals-file.js';
import { readTriggerSet } from '../../../../electron/core/evals/triggers.js';
import { newFilePathProblem } from '../../../../shared/new-files.js';
import { copyFixtures, failure } from '../../../helpers.js';

const skill = () => join(copyFixtures('editing'), 'commented-skill');
const attempt = (f: () => unknown) => failure(Promise.resolve().then(f));

describe('createSkillFile', () => {
  it('writes evals/evals.json in skill-creator format, one the evals reader takes', () => {
    const folder = skill();
    const made = createSkillFile(folder, '', 'evals', 'commented-skill');
    expect(made.path).toBe(join(folder, 'evals', 'evals.json'));
    const evals = parseEvalsFile(readFileSync(made.path, 'utf8'), made.path);
    expect(evals.skill_name).toBe('commented-skill');
    expect(evals.evals).toHaveLength(1);
    const written = JSON.parse(readFileSync(made.path, 'utf8')) as { evals: Array<Record<string, unknown>> };
    expect(Object.keys(written.evals[0] ?? {})).toEqual([
      'id',
      'prompt',
      'expected_output',
      'files',
      'expectations',
    ]);
  });

  it('writes the default trigger set with one query that should trigger and one that should not', () => {
    const folder = skill();
    const made = createSkillFile(folder, '', 'triggers', 'commented-skill');
    expect(made.path).toBe(join(folder, 'evals', 'trigger-eval.json'));
    expect(readTriggerSet(made.path, 'cli').map((q) => q.should_trigger)).toEqual([true, false]);
  });

  it('makes a script (executable) and a reference under their folders, and a folder of the author’s name', () => {
    const folder = skill();
    const script = createSkillFile(folder, '', 'script', 'commented-skill');
    expect(script.path).toBe(join(folder, 'scripts', 'run.sh'));
    if (process.platform !== 'win32') expect(statSync(script.path).mode & 0o111).not.toBe(0);
    expect(readFileSync(script.path, 'utf8')).toMatch(/^#!\/usr\/bin\/env bash/);
    const ref = createSkillFile(folder, '', 'reference', 'commented-skill');
    expect(readFileSync(ref.path, 'utf8')).toMatch(/^# commented-skill reference/);
    const dir = createSkillFile(folder, 'assets/images/', 'folder', 'commented-skill');
    expect(dir).toEqual({ path: join(folder, 'assets', 'images'), folder: true });
    expect(statSync(dir.path).isDirectory()).toBe(true);
    expect(createSkillFile(folder, 'notes/todo.md', 'file', 'x').path).toBe(join(folder, 'notes', 'todo.md'));
  });

  it('never overwrites: an existing file is refused and left as it was', async () => {
    const folder = skill();
    const before = readFileSync(join(folder, 'SKILL.md'));
    const e = await attempt(() => createSkillFile(folder, 'SKILL.md', 'file', 'x'));
    expect(e.code).toBe('Conflict');
    expect(e.message).toMatch(/SKILL\.md already exists in the skill folder; nothing was changed/);
    expect(readFileSync(join(folder, 'SKILL.md'))).toEqual(before);
    createSkillFile(folder, '', 'evals', 'x');
    writeFileSync(join(folder, 'evals', 'evals.json'), 'mine');
    expect((await attempt(() => createSkillFile(folder, '', 'evals', 'x'))).code).toBe('Conflict');
    expect(readFileSync(join(folder, 'evals', 'evals.json'), 'utf8')).toBe('mine');
  });

  it('keeps new files inside the skill folder: `..`, absolute paths and links out are refused', async () => {
    const folder = skill();
    expect((await attempt(() => createSkillFile(folder, '../escape.md', 'file', 'x'))).message).toMatch(
      /climbs out with "\.\."/,
    );
    expect(existsSync(join(folder, '..', 'escape.md'))).toBe(false);
    expect((await attempt(() => createSkillFile(folder, '/etc/x', 'file', 'x'))).code).toBe('InvalidArgs');
    if (process.platform === 'win32') return;
    const outside = mkdtempSync(join(tmpdir(), 'skillbench-outside-'));
    symlinkSync(outside, join(folder, 'linked'));
    const e = await attempt(() => createSkillFile(folder, 'linked/x.md', 'file', 'x'));
    expect(e.code).toBe('PermissionDenied');
    expect(e.message).toMatch(/outside the skill folder/);
    expect(existsSync(join(outside, 'x.md'))).toBe(false);
  });
});

describe('newFilePathProblem', () => {
  it('says what is wrong with a name and how to fix it', () => {
    expect(newFilePathProblem('references/guide.md')).toBeUndefined();
    expect(newFilePathProblem('')).toMatch(/Type a name/);
    expect(newFilePathProblem('a//b')).toMatch(/empty folder name/);
    expect(newFilePathProblem('a\\b')).toMatch(/holds "\\\\"/);
    expect(newFilePathProblem('notes.')).toMatch(/ends with a dot or a space/);
    expect(newFilePathProblem('a\tb')).toMatch(/control character/);
  });
});
