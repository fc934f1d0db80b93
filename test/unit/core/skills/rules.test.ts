import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import type { Diagnostic } from '../../../../shared/types.js';
import { byCode, codes, covered, evaluateText, fixtureSkill, loadFixture } from '../../../helpers.js';

describe('name rules', () => {
  it('flags uppercase and underscores, suggesting a valid name', () => {
    const d = byCode(loadFixture('Bad_Name').diagnostics, 'name-format');
    expect(d.message).toMatch(/uppercase letters/);
    expect(d.message).toMatch(/"_"/);
    expect(covered(d)).toBe('Bad_Name');
    expect(d.fix?.edits[0]?.newText).toBe('bad-name');
  });

  it('flags consecutive, leading and trailing hyphens', () => {
    expect(byCode(loadFixture('double--hyphen').diagnostics, 'name-format').message).toMatch(
      /consecutive hyphens/,
    );
    expect(byCode(loadFixture('-leading').diagnostics, 'name-format').message).toMatch(
      /leading or trailing hyphen/,
    );
  });

  it('limits names to 64 characters', () => {
    const entry = loadFixture('a'.repeat(65));
    expect(byCode(entry.diagnostics, 'name-too-long').message).toMatch(/65 characters/);
    expect(codes(entry.diagnostics)).not.toContain('name-format');
  });

  it('accepts non-ASCII lowercase names with a warning, but refuses them in the portable profile', () => {
    const d = byCode(loadFixture('café').diagnostics, 'name-non-ascii');
    expect(d.severity).toBe('warning');
    expect(d.fix?.edits[0]?.newText).toBe('cafe');
    expect(byCode(loadFixture('café', 'portable').diagnostics, 'name-non-ascii').severity).toBe('error');
    expect(codes(loadFixture('café').diagnostics)).not.toContain('name-folder-mismatch');
  });

  it('compares the name with the folder after NFKC', () => {
    expect(codes(loadFixture('ｆｕｌｌ').diagnostics)).not.toContain('name-folder-mismatch');
    const d = byCode(loadFixture('mismatch-folder').diagnostics, 'name-folder-mismatch');
    expect(d.severity).toBe('error');
    expect(d.fix?.edits[0]?.newText).toBe('mismatch-folder');
    expect(d.alternativeFixes?.[0]?.rename?.to).toBe(fixtureSkill('other-name'));
  });

  it('never offers to make name and folder equal on a name that breaks name-format', () => {
    // `Warn_Skill` in warn-skill/: set the name to the folder's, never rename the folder to Warn_Skill.
    const warn = byCode(loadFixture('warn-skill').diagnostics, 'name-folder-mismatch');
    expect(warn.fix?.edits[0]?.newText).toBe('warn-skill');
    expect(warn.alternativeFixes ?? []).toEqual([]);
  });

  it('uses the folder name when name is missing, and says so', () => {
    const entry = loadFixture('no-name');
    expect(entry.skill?.name).toBe('no-name');
    const d = byCode(entry.diagnostics, 'name-missing');
    expect(d.line).toBe(1);
    expect(d.fix?.edits[0]).toMatchObject({ newText: 'name: no-name\n', range: { line: 2, column: 1 } });
    expect(byCode(loadFixture('no-name', 'portable').diagnostics, 'name-missing').severity).toBe('error');
  });

  it('refuses a non-string name and reserved words per profile', () => {
    expect(byCode(loadFixture('name-number').diagnostics, 'name-type').severity).toBe('error');
    expect(byCode(loadFixture('claude-helper').diagnostics, 'name-reserved-word').severity).toBe('warning');
    expect(byCode(loadFixture('claude-helper', 'portable').diagnostics, 'name-reserved-word').severity).toBe(
      'error',
    );
  });
});

describe('description rules', () => {
  it('never coerces a number into a description silently', () => {
    const entry = loadFixture('desc-number');
    const d = byCode(entry.diagnostics, 'description-type');
    expect(d.severity).toBe('error');
    expect(d.fix?.edits[0]?.newText).toBe('"12345"');
    expect(entry.skill?.description).toBe('12345');
  });

  it('requires a non-empty description of at most 1024 characters (counted as characters, not bytes)', () => {
    expect(byCode(loadFixture('desc-missing').diagnostics, 'description-missing').severity).toBe('error');
    expect(
      byCode(loadFixture('desc-missing', 'claude-code').diagnostics, 'description-missing').severity,
    ).toBe('warning');
    expect(codes(loadFixture('desc-empty').diagnostics)).toContain('description-empty');
    expect(byCode(loadFixture('desc-long').diagnostics, 'description-too-long').message).toMatch(
      /1025 characters/,
    );
    expect(loadFixture('desc-exact').diagnostics).toEqual([]);
  });

  it('warns about XML tags (an error when portable) and about a # that cuts the value', () => {
    expect(byCode(loadFixture('desc-xml').diagnostics, 'description-xml-tags').severity).toBe('warning');
    expect(byCode(loadFixture('desc-xml', 'portable').diagnostics, 'description-xml-tags').severity).toBe(
      'error',
    );
    const entry = loadFixture('desc-comment');
    expect(entry.skill?.description).toBe('Use for C# or F');
    const d = byCode(entry.diagnostics, 'comment-in-value');
    expect(d.fix?.edits[0]?.newText).toBe('"Use for C# or F # code"');
  });

  it('limits compatibility to 500 characters', () => {
    expect(byCode(loadFixture('compat-long').diagnostics, 'compatibility-too-long').message).toMatch(/501/);
  });
});

describe('field and key rules', () => {
  it('checks the types of known fields, with fixes where obvious', () => {
    const entry = loadFixture('fields-types');
    const types = entry.diagnostics.filter((d) => d.code === 'field-type');
    expect(types.map((d) => d.line)).toEqual([4, 5, 6, 7]);
    expect(types[0]?.fix?.edits[0]?.newText).toBe('false');
    expect(types[2]?.fix?.edits[0]?.newText).toBe('"2"');
    expect(entry.skill?.userInvocable).toBe(true);
  });

  it('keeps a numeric version as written, with a warning and a quoting fix', () => {
    const entry = loadFixture('fields-types');
    expect(entry.skill?.version).toBe('2.10');
    const d = byCode(entry.diagnostics, 'version-type');
    expect(d.severity).toBe('warning');
    expect(d.fix?.edits[0]?.newText).toBe('"2.10"');
  });

  it('accepts both spellings of hyphenated keys, suggesting the canonical one', () => {
    const entry = loadFixture('key-aliases');
    expect(entry.status).toBe('loaded');
    expect(entry.skill).toMatchObject({
      allowedTools: ['Read', 'Grep'],
      argumentHint: '[file]',
      userInvocable: false,
      disableModelInvocation: true,
    });
    const alias = entry.diagnostics.filter((d) => d.code === 'key-alias');
    expect(alias).toHaveLength(4);
    expect(alias[0]?.fix?.edits[0]?.newText).toBe('allowed-tools');
    expect(covered(alias[0]!)).toBe('allowed_tools');
    expect(
      loadFixture('key-aliases', 'portable')
        .diagnostics.filter((d) => d.code === 'key-alias')
        .every((d) => d.severity === 'error'),
    ).toBe(true);
    expect(byCode(loadFixture('key-alias-clash').diagnostics, 'key-alias-duplicate').line).toBe(5);
  });

  it('keeps unknown keys in metadata with their types, with a severity per profile', () => {
    const entry = loadFixture('unknown-keys');
    expect(entry.skill?.metadata).toEqual({ author: 'me', colour: 'blue', model: 'haiku' });
    expect(codes(entry.diagnostics)).toEqual(['unknown-key']);
    expect(byCode(entry.diagnostics, 'unknown-key').severity).toBe('info');
    const portable = loadFixture('unknown-keys', 'portable').diagnostics.filter(
      (d) => d.code === 'unknown-key',
    );
    expect(portable.map((d) => covered(d))).toEqual(['author', 'colour', 'model', 'tools']);
    expect(portable.every((d) => d.severity === 'error')).toBe(true);
    const claude = loadFixture('unknown-keys', 'claude-code').diagnostics.filter(
      (d) => d.code === 'unknown-key',
    );
    expect(claude.map((d) => covered(d))).toEqual(['author', 'colour', 'tools']);
  });

  it('asks "did you mean" for a misspelt key the profile reads, with the rename as its fix', () => {
    const found = loadFixture('key-misspelled').diagnostics.filter((d) => d.code === 'unknown-key');
    expect(found.map((d) => d.message)).toEqual([
      '`licence` is not a key any known runtime reads; did you mean `license`? Rename it, or move it under `metadata` if it is your own.',
      '`alowed-tools` is not a key any known runtime reads; did you mean `allowed-tools`? Rename it, or move it under `metadata` if it is your own.',
    ]);
    expect(found.map((d) => [d.fix?.title, d.fix?.edits[0]?.newText])).toEqual([
      ['Rename to `license`', 'license'],
      ['Rename to `allowed-tools`', 'allowed-tools'],
    ]);
    // Nothing close (`colour`): no guess.
    expect(byCode(loadFixture('unknown-keys').diagnostics, 'unknown-key').message).not.toContain(
      'did you mean',
    );
  });

  it('accepts allowed-tools as a list or a string, converting either way per profile', () => {
    expect(loadFixture('allowed-list').diagnostics).toEqual([]);
    expect(loadFixture('allowed-list').skill?.allowedTools).toEqual(['Read', 'Bash(git diff:*)']);
    const toString = byCode(loadFixture('allowed-list', 'portable').diagnostics, 'allowed-tools-format');
    expect(toString.fix?.edits[0]?.newText).toBe('"Read Bash(git diff:*)"');
    const entry = loadFixture('allowed-string');
    expect(entry.skill?.allowedTools).toEqual(['Read', 'Bash(git add:*)', 'Grep']);
    expect(byCode(entry.diagnostics, 'allowed-tools-format').fix?.edits[0]?.newText).toBe(
      '[Read, "Bash(git add:*)", Grep]',
    );
    expect(
      byCode(loadFixture('allowed-string', 'portable').diagnostics, 'allowed-tools-format').fix?.edits[0]
        ?.newText,
    ).toBe('"Read Bash(git add:*) Grep"');
  });
});

describe('body rules', () => {
  it('warns past 500 lines, at the first line over the limit', () => {
    const d = byCode(loadFixture('body-long').diagnostics, 'body-too-long');
    expect(d.severity).toBe('warning');
    expect(covered(d)).toBe('line 501');
  });

  it('warns about empty instructions', () => {
    expect(byCode(loadFixture('body-empty').diagnostics, 'body-empty').severity).toBe('warning');
  });

  it('checks relative links outside code, decoding and dropping anchors', () => {
    const diags = loadFixture('links').diagnostics;
    const missing = diags.filter((d) => d.code === 'link-missing').map(covered);
    expect(missing).toEqual(['references/missing.md', 'assets/missing.png', 'references/also-missing.md']);
    expect(covered(byCode(diags, 'link-outside-skill'))).toBe('../valid-minimal/SKILL.md');
  });

  it('checks declared variables against {{var}} in the instructions, or infers them', () => {
    const entry = loadFixture('variables');
    expect(covered(byCode(entry.diagnostics, 'variable-undeclared'))).toBe('{{audience}}');
    expect(covered(byCode(entry.diagnostics, 'variable-unused'))).toBe('unused');
    expect(loadFixture('variables-inferred').skill?.variables).toEqual(['topic', 'audience']);
  });
});

describe('tool rules', () => {
  it('accepts well-formed tools of every kind, in every key spelling', () => {
    const entry = loadFixture('tools-good');
    expect(entry.diagnostics).toEqual([]);
    const tools = entry.skill?.tools ?? [];
    expect(tools.map((t) => [t.name, t.kind])).toEqual([
      ['echo', 'builtin'],
      ['greet', 'shell'],
      ['run', 'script'],
      ['fetch', 'http'],
      ['remote', 'mcp'],
      ['safe-read', 'builtin'],
    ]);
    expect(tools[0]).toMatchObject({ target: 'echo' });
    expect(tools[1]?.args).toEqual({ name: 'Who' });
    expect(tools[3]).toMatchObject({ method: 'POST', inputSchema: { type: 'object' } });
    expect(tools[5]).toMatchObject({ lockedArgs: { path: 'README.md' }, timeoutSecs: 5 });
  });

  it('accepts the boolean schema `true` as a tool input schema (it used to crash the schema check)', () => {
    const entry = loadFixture('schema-boolean');
    expect(entry.diagnostics).toEqual([]);
    expect(entry.skill?.tools[0]?.inputSchema).toBe(true);
  });

  it("warns that a built-in's own inputSchema or args are ignored, naming what it takes and how to fix it", () => {
    const diags = loadFixture('builtin-own-schema').diagnostics;
    const ignored = diags.filter((d) => d.code === 'tool-builtin-schema-ignored');
    expect(ignored.map((d) => [d.line, d.severity])).toEqual([
      [9, 'warning'],
      [18, 'warning'],
    ]);
    expect(ignored[0]?.message).toMatch(
      /built-in "echo" has a fixed schema \(it takes text\).*`inputSchema` is ignored/,
    );
    expect(ignored[0]?.message).toMatch(/Remove `inputSchema`.*lockedArgs/);
    expect(ignored[1]?.message).toMatch(/built-in "now".*`args` is ignored/);
    // The built-in reads `text`, so locking it is no mistake, whatever the entry's own schema says.
    expect(codes(diags)).not.toContain('tool-locked-arg-undeclared');
  });

  it('reports every broken entry with its own rule and position', () => {
    const diags = loadFixture('tools-bad').diagnostics;
    const at = (code: string) => diags.filter((d) => d.code === code).map((d) => d.line);
    expect(at('tool-entry-type')).toEqual([5]);
    expect(at('tool-kind-missing')).toEqual([6]);
    expect(at('tool-kind-unknown')).toEqual([9]);
    expect(byCode(diags, 'tool-kind-unknown').fix?.edits[0]?.newText).toBe('shell');
    expect(at('tool-target-unknown')).toEqual([13, 18]);
    expect(byCode(diags, 'tool-target-unknown').message).toMatch(/did you mean "echo"/);
    expect(at('tool-target-missing')).toEqual([14]);
    expect(at('tool-field-missing')).toEqual([19]);
    expect(at('tool-script-missing')).toEqual([23]);
    expect(at('tool-script-outside')).toEqual([26]);
    expect(at('tool-url-invalid')).toEqual([29, 33]);
    expect(at('tool-method-invalid')).toEqual([30]);
    expect(at('tool-schema-invalid')).toEqual([38, 49, 77]);
    expect(at('tool-schema-not-object')).toEqual([44]);
    expect(covered(byCode(diags, 'tool-locked-arg-undeclared'))).toBe('bogus');
    expect(byCode(diags, 'tool-placeholder-undeclared').message).toMatch(/\{\{undeclared\}\}/);
    expect(at('tool-timeout-invalid')).toEqual([66, 81]);
    expect(diags.find((d) => d.line === 81)?.message).toMatch(
      /from 1 to 86400 \(24 hours; default 60\), but it is the number 3000000/,
    );
    expect(at('tool-name-duplicate')).toEqual([67]);
    expect(covered(byCode(diags, 'tool-unknown-key'))).toBe('colour');
    expect(covered(byCode(diags, 'tool-name-format'))).toBe('has space');
  });
});

describe('validating unsaved text', () => {
  /** The editor's buffer checked as the app checks it: by the library holding the skill. */
  const validate = (name: string, text: string) => {
    const path = `${fixtureSkill(name)}/SKILL.md`;
    return loadLibrary([{ path: fixtureSkill(name) }]).validate(path, text);
  };

  it('validates an unsaved buffer exactly like the file on disk', () => {
    const fromDisk = loadFixture('fields-types').diagnostics;
    const text = `---\nname: fields-types\ndescription: Wrong field types.\nuser-invocable: "false"\ndisable-model-invocation: 1\nlicense: 2\nmetadata: [a, b]\nversion: 2.10\n---\nbody\n`;
    expect(validate('fields-types', text)).toEqual(fromDisk);
  });

  it('reports problems at exact positions as the user types', () => {
    const diagnostics = validate(
      'valid-minimal',
      '---\nname: valid-minimal\ndescription: ok\nuser-invocable: yes\n---\nbody\n',
    );
    // `yes` is Claude Code's YAML 1.1 true: a hint, not a field-type error.
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.endColumn])).toEqual([
      ['yaml11-boolean', 4, 17, 20],
    ]);
    expect(validate('valid-minimal', '---\nname: valid-minimal\ndescription: ok\n---\nbody\n')).toEqual([]);
  });

  it('uses the injected existence check for links and scripts', () => {
    const path = `${fixtureSkill('valid-minimal')}/SKILL.md`;
    const text = '---\nname: valid-minimal\ndescription: ok\n---\nSee [x](refs/x.md).\n';
    expect(codes(evaluateText(path, text, { pathExists: () => false }).diagnostics)).toEqual([
      'link-missing',
    ]);
    expect(evaluateText(path, text, { pathExists: () => true }).diagnostics).toEqual([]);
  });
});

describe('shell templates (issue 18)', () => {
  it.skipIf(process.platform === 'win32')(
    'refuses on the manifest what the run would refuse, naming the line and column inside the command (sh rules; skipped on Windows, where cmd.exe rules apply: see shell-syntax.test.ts)',
    () => {
      const diags = loadFixture('shell-template-refused').diagnostics.filter(
        (d) => d.code === 'tool-shell-template',
      );
      expect(diags.map((d) => [d.line, d.severity])).toEqual([
        [7, 'error'],
        [12, 'error'],
      ]);
      expect(diags[0]?.message).toMatch(/Tool "suffix".*line 1, column 14: a placeholder inside \$\{…\}/);
      expect(diags[1]?.message).toMatch(/Tool "sum".*line 2, column 10: a placeholder inside arithmetic/);
      expect(covered(diags[0] as Diagnostic)).toBe(`'echo "\${file%{{ext}}}"'`);
    },
  );
});

describe('shell: powershell (issue 18)', () => {
  it('warns on each shell tool that its command does not run in PowerShell, pointing at a .ps1 script tool', () => {
    const diags = loadFixture('shell-powershell').diagnostics;
    expect(diags.map((d) => [d.code, d.severity, d.line])).toEqual([['tool-shell-powershell', 'warning', 8]]);
    expect(diags[0]?.message).toMatch(
      /Tool "list".*`shell: powershell`.*never in PowerShell.*`script` tool running a \.ps1/,
    );
  });

  it('says nothing about shell tools of a skill without `shell: powershell`', () => {
    expect(codes(loadFixture('shell-template-refused').diagnostics)).not.toContain('tool-shell-powershell');
  });
});

describe('tool placeholders', () => {
  it('are checked in the fields the kind fills in: an http url and header values, a shell command only', () => {
    const diags = loadFixture('tools-templates').diagnostics;
    expect(diags.map((d) => [d.code, d.line])).toEqual([['tool-placeholder-undeclared', 9]]);
    expect(diags[0]?.message).toMatch(/\{\{token\}\} is used in `headers`/);
  });
});
