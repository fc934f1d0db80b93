// The `claude-code` profile tells the truth Claude Code tells: the real Claude Code (pinned, test/external-tools.ts)
// loads the fixtures in test/fixtures/ecosystem/claude-code, and every skill it lists has no error under the profile,
// every one it skips has one, and the names and descriptions it lists are the profile's effective values.
import {
  cpSync,
  mkdtempSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
  mkdirSync,
  readdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasErrors } from '../../../electron/core/skills/diagnostic.js';
import { loadLibrary, type SkillLibrary } from '../../../electron/core/skills/library.js';
import { listedDescription, qualifiedName } from '../../../shared/effective.js';
import type { LibraryEntry } from '../../../shared/types.js';
import { CLAUDE_CODE, externalTool } from '../../external-tools.js';
import { FIXTURES } from '../../helpers.js';
import { ClaudeCode, type Listed } from './claude-code-run.js';

const tool = externalTool(CLAUDE_CODE);
const FIXTURE = join(FIXTURES, 'ecosystem', 'claude-code');
const CLAUDE_CODE_READER = [{ agent: 'claude-code', profile: 'claude-code' as const }];

describe.skipIf(!('path' in tool))(
  `the claude-code profile against Claude Code ${CLAUDE_CODE.version}${'reason' in tool ? ` (skipped: ${tool.reason})` : ''}`,
  () => {
    let cc: ClaudeCode;
    let project: string;
    let skills: string;
    let listing: Map<string, Listed>;
    let library: SkillLibrary;
    const entryOf = (folder: string): LibraryEntry | undefined =>
      library.entries.find((e) => dirname(e.path) === join(skills, folder));

    beforeAll(async () => {
      cc = await ClaudeCode.start((tool as { path: string }).path);
      const root = realpathSync(mkdtempSync(join(tmpdir(), 'sb-cc-')));
      cpSync(FIXTURE, root, { recursive: true });
      project = join(root, 'project');
      skills = join(project, '.claude', 'skills');
      // Made here: files too big to keep in the repository, and links (not every checkout keeps them).
      const big = (folder: string, bytes: number) => {
        mkdirSync(join(skills, folder));
        const head = `---\nname: ${folder}\ndescription: A large file. Use when testing sizes.\n---\n`;
        writeFileSync(join(skills, folder, 'SKILL.md'), head + 'a'.repeat(bytes - head.length));
      };
      big('over-claude-code-limit', 1_020_000); // under Skillbench's 1 MiB, over Claude Code's 1,000,000 bytes
      big('over-one-mib', 1_200_000);
      symlinkSync(join('..', '..', '.agents', 'skills', 'linked'), join(skills, 'linked'));
      const elsewhere = join(root, 'elsewhere', 'outside');
      mkdirSync(elsewhere, { recursive: true });
      writeFileSync(
        join(elsewhere, 'SKILL.md'),
        '---\nname: outside\ndescription: Out of the project.\n---\nB\n',
      );
      symlinkSync(elsewhere, join(skills, 'outside'));
      listing = await cc.listing(project);
      library = loadLibrary([{ path: skills, readers: CLAUDE_CODE_READER }], {
        profile: 'claude-code',
        linkScopes: [project],
      });
    }, 120_000);

    afterAll(async () => {
      await cc?.close();
    });

    it('lists every skill the profile finds no error in, and skips every one it finds an error in', () => {
      const folders = readdirSync(skills).filter((f) => !['group', 'outside'].includes(f));
      expect(folders.length).toBeGreaterThan(60);
      const disagree: string[] = [];
      for (const folder of folders) {
        const entry = entryOf(folder);
        const listed = listing.has(folder);
        if (!entry) {
          disagree.push(`${folder}: Skillbench found no skill; Claude Code ${listed ? 'lists' : 'skips'} it`);
          continue;
        }
        if (entry.skill?.disableModelInvocation) {
          // Loaded, but only for the user: Claude Code does not list it to the model.
          if (listed || hasErrors(entry.diagnostics)) disagree.push(`${folder}: disable-model-invocation`);
          continue;
        }
        if (listed === hasErrors(entry.diagnostics))
          disagree.push(
            `${folder}: Claude Code ${listed ? 'lists' : 'skips'} it; under claude-code: ` +
              entry.diagnostics.map((d) => `${d.severity} ${d.code}`).join(', '),
          );
      }
      expect(disagree).toEqual([]);
      // What it skips, and why the profile says so.
      for (const [folder, code] of [
        ['lowercase-file', 'manifest-filename'],
        ['over-claude-code-limit', 'file-too-large'],
        ['over-one-mib', 'file-too-large'],
      ] as const) {
        expect(listing.has(folder)).toBe(false);
        expect(entryOf(folder)?.diagnostics.find((d) => d.severity === 'error')?.code).toBe(code);
      }
    });

    it('lists each skill under its folder, its name beside it, with the description the profile says it lists', () => {
      const disagree: string[] = [];
      for (const [key, listed] of listing) {
        const skill = entryOf(key)?.skill;
        if (!skill) continue; // Claude Code's own skills, and what Skillbench does not read (below)
        // Skillbench never expands more than 100 aliases (an alias bomb), so it cannot say what Claude Code read.
        if (key === 'alias-bomb') continue;
        const expected = listedDescription(skill, 'claude-code');
        if (listed.description !== expected)
          disagree.push(
            `${key}: Claude Code lists ${JSON.stringify(listed.description)}, the profile ${JSON.stringify(expected)}`,
          );
        if (listed.display !== undefined && listed.display !== skill.name)
          disagree.push(`${key}: shown as ${listed.display}, named ${skill.name}`);
      }
      expect(disagree).toEqual([]);
      expect(listing.get('name-differs')?.display).toBe('other-name');
      expect(listing.get('desc-missing')?.description).toBe('The Heading');
    });

    it('runs a skill by the commands the findings name, and by no other', async () => {
      const ran = async (command: string, marker: string) =>
        (await cc.run(project, command)).some((body) => body.includes(marker));
      const checks: Array<Promise<[string, boolean]>> = [];
      for (const folder of ['name-differs', 'name-upper', 'name-spaces']) {
        const finding = entryOf(folder)?.diagnostics.find((d) =>
          ['name-format', 'name-folder-mismatch'].includes(d.code),
        );
        expect(finding?.severity, folder).toBe('info');
        const commands = [...(finding?.message ?? '').matchAll(/\/([^\s,)]+?)(?=[\s,)]|\.?$)/g)].map(
          (m) => m[1]!,
        );
        expect(commands, folder).toContain(folder);
        const marker = `BODY-${folder.toUpperCase()}`;
        for (const command of commands)
          checks.push(ran(`/${command}`, marker).then((ok) => [`/${command}`, ok]));
      }
      const results = await Promise.all(checks);
      expect(results.filter(([, ok]) => !ok)).toEqual([]);
      expect(results.map(([command]) => command).sort()).toEqual(
        ['/name-differs', '/other-name', '/name-upper', '/UPPER_Case', '/name-spaces'].sort(),
      );
      // A name with spaces is a label only: typing it runs nothing.
      expect(await ran('/Braintree Automation', 'BODY-NAME-SPACES')).toBe(false);
    }, 120_000);

    it('reads a link into the project as Claude Code does, and says why it does not read one out of it', () => {
      expect(listing.has('linked')).toBe(true);
      expect(entryOf('linked')?.skill?.name).toBe('linked');
      // Claude Code follows any link; Skillbench never reads outside its roots, the project and the agents' folders.
      expect(listing.has('outside')).toBe(true);
      expect(entryOf('outside')).toBeUndefined();
      const why = library.diagnostics.find((d) => d.code === 'link-outside-root');
      expect(why?.file).toBe(join(skills, 'outside'));
      // Its advice works: with the folder it names as a root, the skill is read.
      const folder = /add "([^"]+)" as a root/.exec(why?.message ?? '')?.[1];
      const fixed = loadLibrary([{ path: skills, readers: CLAUDE_CODE_READER }, { path: folder! }], {
        profile: 'claude-code',
      });
      expect(fixed.entries.map((e) => e.skill?.name)).toContain('outside');
    });

    it('loads only skills directly in the skills folder', () => {
      expect(listing.has('nested')).toBe(false);
      expect(entryOf(join('group', 'nested'))?.diagnostics.map((d) => `${d.severity} ${d.code}`)).toContain(
        'error skill-nested',
      );
    });

    it("keys a plugin's skills plugin:folder and shows them plugin:name, so plugins never shadow each other", async () => {
      // gamma has a .claude-plugin folder without plugin.json: Claude Code names it after its folder.
      const plugins = join(dirname(project), 'plugins');
      const dirs = ['alpha', 'beta', 'gamma'].flatMap((p) => ['--plugin-dir', join(plugins, p)]);
      const listed = [...(await cc.listing(project, dirs)).values()].filter((l) => l.key.includes(':'));
      const lib = loadLibrary([{ path: plugins }], { profile: 'claude-code' });
      const ours = new Map(
        lib.entries.map((e) => [`${e.skill?.plugin}:${basename(dirname(e.path))}`, qualifiedName(e.skill!)]),
      );
      expect([...ours.keys()].sort()).toEqual(listed.map((l) => l.key).sort());
      expect(listed.map((l) => l.key).sort()).toEqual([
        'alpha:check-folder',
        'alpha:review',
        'alpha:second-review',
        'beta-tools:review',
        'gamma:review',
      ]);
      for (const l of listed) if (l.display) expect(ours.get(l.key)).toBe(l.display);
      expect(listed.find((l) => l.key === 'alpha:check-folder')?.display).toBe('alpha:checker');
      // Under the default profile a plugin's skills are checked as Claude Code reads them, its only reader.
      const plain = loadLibrary([{ path: plugins }]);
      expect(plain.entries.map((e) => [e.readers, e.status])).toEqual(
        plain.entries.map(() => [['claude-code'], 'loaded']),
      );
      // Two folders of one plugin may share a name: both run (by folder), so neither shadows the other.
      expect(ours.get('alpha:second-review')).toBe('alpha:review');
      expect(lib.entries.flatMap((e) => e.diagnostics).filter((d) => d.code === 'name-shadowed')).toEqual([]);
    });
  },
);
