// An update that touches a link, or a skill reached through one, leaves the library exactly as a fresh load would:
// the same entries, readers and other places, whichever root the change was seen in.
import {
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadLibrary, type RootSpec } from '../../../electron/core/skills/index.js';
import type { SkillLibrary } from '../../../electron/core/skills/library.js';

let project: string;
let shared: string;
let claude: string;
let specs: RootSpec[];

const manifest = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;

function addShared(name: string, description = `Does ${name} things when asked.`): string {
  mkdirSync(join(shared, name), { recursive: true });
  writeFileSync(join(shared, name, 'SKILL.md'), manifest(name, description));
  return join(shared, name);
}

/** What a library shows a user, without the ids' order of discovery. */
function view(library: SkillLibrary) {
  return library.entries
    .map((e) => ({
      path: e.path,
      status: e.status,
      description: e.skill?.description,
      readers: [...(e.readers ?? [])].sort(),
      alsoAt: [...(e.alsoAt ?? [])].sort(),
      codes: e.diagnostics.map((d) => `${d.code}:${d.severity}`).sort(),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

function expectFresh(library: SkillLibrary) {
  expect(view(library)).toEqual(view(loadLibrary(specs, { linkScopes: [project] })));
  expect(library.diagnostics.map((d) => d.code)).toEqual(
    loadLibrary(specs, { linkScopes: [project] }).diagnostics.map((d) => d.code),
  );
}

beforeEach(() => {
  project = realpathSync(mkdtempSync(join(tmpdir(), 'sb-link-updates-')));
  shared = join(project, '.agents', 'skills');
  claude = join(project, '.claude', 'skills');
  mkdirSync(shared, { recursive: true });
  mkdirSync(claude, { recursive: true });
  specs = [
    { path: shared, readers: [{ agent: 'codex', profile: 'portable' }] },
    { path: claude, readers: [{ agent: 'claude-code', profile: 'claude-code' }] },
  ];
  symlinkSync(addShared('notes'), join(claude, 'notes'));
});

describe('updating a library where skills are reached through links', () => {
  it('starts with one skill read by both agents', () => {
    const library = loadLibrary(specs, { linkScopes: [project] });
    expect(view(library)).toEqual([
      expect.objectContaining({
        path: join(shared, 'notes', 'SKILL.md'),
        readers: ['claude-code', 'codex'],
        alsoAt: [join(claude, 'notes', 'SKILL.md')],
      }),
    ]);
  });

  it('picks up a link made after the load as another place of the same skill', () => {
    const library = loadLibrary(specs, { linkScopes: [project] });
    const folder = addShared('deploy');
    library.update([join(folder, 'SKILL.md')]);
    symlinkSync(folder, join(claude, 'deploy'));
    const delta = library.update([join(claude, 'deploy')]);
    expect(delta.reset).toBe(true);
    const deploy = library.entries.find((e) => e.skill?.name === 'deploy');
    expect([...(deploy?.readers ?? [])].sort()).toEqual(['claude-code', 'codex']);
    expectFresh(library);
  });

  it('drops the other place and its reader when the link is removed', () => {
    const library = loadLibrary(specs, { linkScopes: [project] });
    unlinkSync(join(claude, 'notes'));
    library.update([join(claude, 'notes')]);
    const notes = library.entries.find((e) => e.skill?.name === 'notes');
    expect(notes?.alsoAt ?? []).toEqual([]);
    expect(notes?.readers).toEqual(['codex']);
    expectFresh(library);
  });

  it('re-reads an edit seen through the link, and one seen in the shared folder, for every reader', () => {
    const library = loadLibrary(specs, { linkScopes: [project] });
    writeFileSync(join(shared, 'notes', 'SKILL.md'), manifest('Notes Two', 'Edited through the link.'));
    library.update([join(claude, 'notes', 'SKILL.md')]);
    const edited = library.entries.find((e) => e.path === join(shared, 'notes', 'SKILL.md'));
    expect(edited?.skill?.description).toBe('Edited through the link.');
    // The portable reader (codex) refuses the name; the claude-code reader does not.
    expect(edited?.diagnostics.find((d) => d.code === 'name-format')?.profiles).toEqual(['portable']);
    expectFresh(library);

    writeFileSync(join(shared, 'notes', 'SKILL.md'), manifest('notes', 'Edited in the shared folder.'));
    library.update([join(shared, 'notes', 'SKILL.md')]);
    expect(library.entries[0]?.skill?.description).toBe('Edited in the shared folder.');
    expectFresh(library);
  });

  it('drops the skill from both roots when the shared folder goes, leaving the dangling link reported', () => {
    const library = loadLibrary(specs, { linkScopes: [project] });
    rmSync(join(shared, 'notes'), { recursive: true });
    library.update([join(shared, 'notes')]);
    expect(library.entries).toEqual([]);
    expectFresh(library);
  });
});

describe('a skill one reader refuses and another loads', () => {
  it('is published as the reader that loads it reads it, with the refusal tagged by profile', () => {
    mkdirSync(join(shared, 'colons'), { recursive: true });
    writeFileSync(
      join(shared, 'colons', 'SKILL.md'),
      '---\nname: colons\ndescription: Use: when asked: things\n---\nBody.\n',
    );
    symlinkSync(join(shared, 'colons'), join(claude, 'colons'));
    const library = loadLibrary(specs, { linkScopes: [project] });
    const entry = library.entries.find((e) => e.path === join(shared, 'colons', 'SKILL.md'));
    expect(entry?.skill?.description).toBe('Use: when asked: things');
    expect(entry?.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.profiles])).toEqual(
      [['unquoted-colon', ['portable']]],
    );
  });
});
