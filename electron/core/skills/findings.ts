// Owns the table of findings: every diagnostic code, its severity under the default profile, what it means, and for
// each other profile how severe it is there, what that runtime does instead and where that is documented or was
// observed. Profiles (profiles.ts), the rule reference in docs/rules.md and its tests all read this one table; it is
// long because it is one table, and splitting it would make a code's row harder to find.
// Tested by: test/unit/core/skills/rule-reference.test.ts
import type { Severity, ValidationProfile } from '../../../shared/types.js';
import type { SourceId } from '../../../shared/runtime-table.js';

/** Facts a ruling may name: the folder (what Claude Code runs the skill as) and the `name` as written. */
export interface RulingFacts {
  folder: string;
  name?: string;
}

/**
 * How one runtime treats a finding: it refuses the skill (error), misreads or ignores what is written (warning), or
 * works with it although it is off the spec (info); `off` when the finding does not apply to it.
 */
interface Ruling {
  severity: Severity | 'off';
  /** What the runtime does, told after the finding's message (starts lowercase, ends with a full stop). */
  does: string | ((facts: RulingFacts) => string);
  source: SourceId;
}

export type OtherProfile = Exclude<ValidationProfile, 'skillbench'>;

interface Finding {
  code: string;
  /** Under the `skillbench` profile; `off` for a finding only some profiles report. */
  severity: Severity | 'off';
  /** One line for the reference: what it means, and the quick fix when there is one. */
  meaning: string;
  rulings?: Partial<Record<OtherProfile, Ruling>>;
}

type FindingGroup = { title: string; findings: readonly Finding[] };

const CC = 'claude-code-run' satisfies SourceId;

const ccLoadsAsFolder = (why: string): Ruling => ({
  severity: 'warning',
  does: ({ folder }) => `${why}: it loads the skill as /${folder}, described by the first line of the body.`,
  source: CC,
});

/** Claude Code never reads `tools:`: what only Skillbench and zeroclaw act on is a note there, never a refusal. */
const toolFinding = (code: string, severity: Severity | 'off', meaning: string): Finding => ({
  code,
  severity,
  meaning,
  rulings: {
    'claude-code': {
      severity: severity === 'off' ? 'off' : 'info',
      does: 'ignores `tools:` (Skillbench and zeroclaw read it).',
      source: CC,
    },
  },
});

export const FINDING_GROUPS: readonly FindingGroup[] = [
  {
    title: 'The file',
    findings: [
      {
        code: 'file-empty',
        severity: 'error',
        meaning: 'the manifest is empty (fix: insert a frontmatter template)',
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: ({ folder }) => `loads it as /${folder}, with no instructions and the description "Skill".`,
            source: CC,
          },
        },
      },
      {
        code: 'file-too-large',
        severity: 'error',
        meaning: 'over 1 MiB (Claude Code: over 1,000,000 bytes); not read',
        rulings: {
          'claude-code': { severity: 'error', does: 'skips a SKILL.md over 1,000,000 bytes.', source: CC },
        },
      },
      {
        code: 'file-not-evaluated',
        severity: 'error',
        meaning:
          'reading or checking the manifest failed inside Skillbench (names the error); this skill is skipped, the rest load',
      },
      {
        code: 'file-binary',
        severity: 'error',
        meaning: 'holds NUL bytes (binary or UTF-16)',
        rulings: {
          'claude-code': ccLoadsAsFolder('reads it as text, its YAML fails and the frontmatter is ignored'),
        },
      },
      {
        code: 'file-encoding',
        severity: 'error',
        meaning: 'not valid UTF-8; the position of the first bad byte is given',
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: 'loads it with the bad bytes replaced by "�".',
            source: CC,
          },
        },
      },
      {
        code: 'file-bom',
        severity: 'error',
        meaning:
          'a UTF-8 byte order mark before `---`, which hides the frontmatter from strict readers (fix: remove it)',
        rulings: {
          portable: {
            severity: 'error',
            does: 'skills-ref and other strict readers find no frontmatter after a BOM.',
            source: 'skills-ref',
          },
          'claude-code': { severity: 'info', does: 'skips the BOM and reads the frontmatter.', source: CC },
        },
      },
      { code: 'file-unreadable', severity: 'error', meaning: 'the file could not be opened' },
    ],
  },
  {
    title: 'Frontmatter and YAML',
    findings: [
      {
        code: 'frontmatter-missing',
        severity: 'error',
        meaning:
          'no `---` frontmatter on the first line (fix: remove the indentation of an indented `---`; insert one only when the file has none)',
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: ({ folder }) => `loads it as /${folder}, described by the first line of the body.`,
            source: 'claude-code-docs',
          },
        },
      },
      {
        code: 'frontmatter-unterminated',
        severity: 'error',
        meaning:
          'the frontmatter is never closed (a `...` line does not close it: runtimes split on `---`; fix: write `---`)',
        rulings: { 'claude-code': ccLoadsAsFolder('reads no frontmatter, only a body starting with `---`') },
      },
      {
        code: 'frontmatter-engine',
        severity: 'error',
        meaning: '`---js` or another engine tag: never evaluated',
        rulings: { 'claude-code': ccLoadsAsFolder('reads no frontmatter and never evaluates it') },
      },
      {
        code: 'frontmatter-not-first-line',
        severity: 'error',
        meaning: 'blank lines before `---` (fix: remove them)',
        rulings: { 'claude-code': ccLoadsAsFolder('reads no frontmatter') },
      },
      {
        code: 'frontmatter-not-mapping',
        severity: 'error',
        meaning: 'the frontmatter is a list or a scalar',
        rulings: { 'claude-code': ccLoadsAsFolder('ignores the frontmatter') },
      },
      {
        code: 'yaml-syntax',
        severity: 'error',
        meaning: "YAML syntax error at the parser's position",
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: ({ folder }) =>
              `reads what its lenient parser can, or else ignores the whole frontmatter and loads the skill as /${folder}.`,
            source: CC,
          },
        },
      },
      {
        code: 'unquoted-indicator',
        severity: 'error',
        meaning:
          'an unquoted value starting with `[`, `{`, `*`, `` ` `` or `@`, which YAML reads as a list, a mapping or an alias, or refuses (fix: quote it)',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: 'reads the whole line as text; agents with a strict YAML parser refuse the file.',
            source: CC,
          },
        },
      },
      {
        code: 'unquoted-anchor-tag',
        severity: 'warning',
        meaning:
          'an unquoted value starting with `&` or `!`: YAML takes the first word as an anchor or a tag and drops it (fix: quote it)',
        rulings: {
          'claude-code': { severity: 'warning', does: 'drops the first word too.', source: CC },
        },
      },
      {
        code: 'duplicate-key',
        severity: 'error',
        meaning: 'a key appears twice in one mapping',
        rulings: { 'claude-code': { severity: 'warning', does: 'takes the last value.', source: CC } },
      },
      {
        code: 'tab-indentation',
        severity: 'error',
        meaning: 'a tab used for indentation (fix: spaces)',
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: 'reads what its lenient parser can; strict YAML parsers refuse the file.',
            source: CC,
          },
        },
      },
      {
        code: 'unquoted-colon',
        severity: 'error',
        meaning: '`key: a: b` read as a nested mapping (fix: quote the value)',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: 'reads the whole line as text; agents with a strict YAML parser refuse the file.',
            source: CC,
          },
        },
      },
      {
        code: 'yaml-tag',
        severity: 'error',
        meaning: 'a YAML tag that would construct an object',
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: 'drops the tag and reads the text after it.',
            source: CC,
          },
        },
      },
      {
        code: 'yaml-alias-limit',
        severity: 'error',
        meaning: 'more than 100 alias expansions (alias bomb)',
        rulings: {
          'claude-code': { severity: 'info', does: 'expands the aliases and loads the skill.', source: CC },
        },
      },
      {
        code: 'comment-in-value',
        severity: 'warning',
        meaning:
          'a `#` that starts an unquoted value, or ` #` inside it, begins a comment and cuts the value (fix: quote the line)',
      },
      {
        code: 'toml-syntax',
        severity: 'error',
        meaning: "TOML syntax error, with the parser's line and column",
      },
      {
        code: 'json-syntax',
        severity: 'error',
        meaning: 'JSON syntax error (no comments, no trailing commas)',
      },
      { code: 'json-not-object', severity: 'error', meaning: '`skill.json` is not an object' },
    ],
  },
  {
    title: 'name',
    findings: [
      {
        code: 'name-missing',
        severity: 'warning',
        meaning: 'no `name`; the folder name is used (fix: add it)',
        rulings: {
          portable: { severity: 'error', does: 'the spec requires `name`.', source: 'spec' },
          'claude-code': {
            severity: 'info',
            does: ({ folder }) => `uses the folder name: /${folder}.`,
            source: 'claude-code-docs',
          },
          clawft: { severity: 'info', does: 'uses the folder name.', source: 'clawft' },
        },
      },
      {
        code: 'name-type',
        severity: 'error',
        meaning: '`name` is not a string',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: ({ folder }) => `shows the value as text; /${folder} runs it.`,
            source: CC,
          },
        },
      },
      {
        code: 'name-empty',
        severity: 'error',
        meaning: '`name` is empty (fix: the folder name)',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: ({ folder }) => `uses the folder name: /${folder}.`,
            source: CC,
          },
        },
      },
      {
        code: 'name-format',
        severity: 'error',
        meaning: 'uppercase, `_`, spaces, consecutive/leading/trailing hyphens… (fix: a valid name)',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: ({ folder, name }) =>
              name === undefined || name === folder
                ? `loads it: /${folder} runs it.`
                : !/\s/.test(name)
                  ? `loads it: /${folder} and /${name} run it.`
                  : `loads it: /${folder} runs it (a name with spaces is only a label).`,
            source: CC,
          },
        },
      },
      {
        code: 'name-too-long',
        severity: 'error',
        meaning: 'over 64 characters',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: ({ folder }) => `loads it (it shows names up to 256 characters); /${folder} runs it.`,
            source: CC,
          },
        },
      },
      {
        code: 'name-non-ascii',
        severity: 'warning',
        meaning: 'lowercase letters outside ASCII',
        rulings: {
          portable: { severity: 'error', does: 'the spec allows only a-z, 0-9 and hyphens.', source: 'spec' },
          'claude-code': {
            severity: 'info',
            does: ({ folder }) => `loads it; /${folder} runs it.`,
            source: CC,
          },
        },
      },
      {
        code: 'name-reserved-word',
        severity: 'warning',
        meaning: 'contains `anthropic` or `claude`',
        rulings: {
          portable: {
            severity: 'error',
            does: "Claude's apps and API refuse it on upload.",
            source: 'claude-apps',
          },
          'claude-code': {
            severity: 'info',
            does: 'loads it; only uploads to Claude apps refuse the word.',
            source: CC,
          },
        },
      },
      {
        code: 'name-folder-mismatch',
        severity: 'error',
        meaning: '`name` ≠ folder name after NFKC (fixes: set the name, or rename the folder)',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: ({ folder, name }) =>
              name !== undefined && !/\s/.test(name)
                ? `lists it as "${folder} (${name})": /${folder} and /${name} both run it.`
                : `lists it as "${folder}": /${folder} runs it.`,
            source: CC,
          },
        },
      },
      {
        code: 'name-shadowed',
        severity: 'info',
        meaning:
          'another skill with the same name takes precedence (warning within one root); under claude-code, the same folder name, the personal one first; skills of different plugins never clash (`plugin:folder`)',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: 'keeps the first of a folder name: personal skills before project ones.',
            source: 'claude-code-docs',
          },
        },
      },
    ],
  },
  {
    title: 'description',
    findings: [
      {
        code: 'description-missing',
        severity: 'error',
        meaning: 'no `description` (fix: add one)',
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: 'uses the first line of the body as the description.',
            source: 'claude-code-docs',
          },
        },
      },
      {
        code: 'description-type',
        severity: 'error',
        meaning: 'not a string, e.g. `12345` (fix: quote it)',
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: 'shows a number or true/false as text, and drops a list or mapping for the first line of the body.',
            source: CC,
          },
        },
      },
      {
        code: 'description-empty',
        severity: 'error',
        meaning: 'empty description (says when a `#` began a comment, with the quoting fix)',
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: 'uses the first line of the body as the description.',
            source: CC,
          },
        },
      },
      {
        code: 'description-placeholder',
        severity: 'warning',
        meaning:
          'the description only repeats the name or the title: a model cannot tell when to use the skill',
      },
      {
        code: 'description-too-long',
        severity: 'error',
        meaning: 'over 1024 characters',
        rulings: {
          'claude-code': {
            severity: 'off',
            does: 'lists up to 1,536 characters of description + when_to_use: see description-truncated.',
            source: CC,
          },
        },
      },
      {
        code: 'description-truncated',
        severity: 'off',
        meaning: '`description` + `when_to_use` over 1536 characters; says what Claude Code cuts',
        rulings: {
          'claude-code': {
            severity: 'warning',
            does: 'cuts the listing at 1,536 characters.',
            source: CC,
          },
        },
      },
      {
        code: 'description-xml-tags',
        severity: 'warning',
        meaning: 'holds XML/HTML tags',
        rulings: {
          portable: {
            severity: 'error',
            does: "Claude's apps and API refuse it on upload.",
            source: 'claude-apps',
          },
          'claude-code': { severity: 'info', does: 'escapes the tags and lists it.', source: CC },
        },
      },
      {
        code: 'compatibility-type',
        severity: 'error',
        meaning: '`compatibility` is not a string',
        rulings: { 'claude-code': { severity: 'info', does: 'loads the skill anyway.', source: CC } },
      },
      {
        code: 'compatibility-too-long',
        severity: 'error',
        meaning: 'over 500 characters',
        rulings: { 'claude-code': { severity: 'info', does: 'loads the skill anyway.', source: CC } },
      },
    ],
  },
  {
    title: 'Other fields and keys',
    findings: [
      {
        code: 'field-type',
        severity: 'error',
        meaning: 'a known field has the wrong type, e.g. `user-invocable: "false"` (fix: unquote)',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: 'reads "true" and "false" strings as booleans.',
            source: CC,
          },
        },
      },
      {
        code: 'yaml11-boolean',
        severity: 'info',
        meaning:
          '`yes`/`no`/`on`/`off` for a boolean key: Claude Code (YAML 1.1) reads a boolean, YAML 1.2 a string (fix: `true`/`false`)',
        rulings: { 'claude-code': { severity: 'info', does: 'reads `yes` as true.', source: CC } },
      },
      {
        code: 'argument-hint-list',
        severity: 'warning',
        meaning:
          '`argument-hint: [file]` is a YAML list; Claude Code shows the text, others get a list (fix: quote it)',
      },
      {
        code: 'version-type',
        severity: 'warning',
        meaning: '`version` written as a number (fix: quote it)',
        rulings: { 'claude-code': { severity: 'info', does: 'keeps it as text.', source: CC } },
      },
      {
        code: 'metadata-values',
        severity: 'info',
        meaning: 'a `metadata` value is not a string',
        rulings: {
          portable: { severity: 'warning', does: 'the spec maps strings to strings.', source: 'spec' },
          'claude-code': { severity: 'off', does: 'keeps any value.', source: CC },
          clawft: { severity: 'off', does: 'keeps any value.', source: 'clawft' },
          zeroclaw: { severity: 'off', does: 'keeps any value.', source: 'zeroclaw' },
        },
      },
      {
        code: 'unknown-key',
        severity: 'info',
        meaning: 'a key the profile does not know; kept in `metadata`',
        rulings: {
          portable: {
            severity: 'error',
            does: "Claude's apps and API refuse other keys on upload.",
            source: 'claude-apps',
          },
          'claude-code': { severity: 'warning', does: 'ignores it.', source: CC },
          clawft: { severity: 'warning', does: 'ignores it.', source: 'clawft' },
          zeroclaw: { severity: 'warning', does: 'ignores it.', source: 'zeroclaw' },
        },
      },
      {
        code: 'key-alias',
        severity: 'info',
        meaning: '`allowed_tools`-style spelling (fix: the hyphenated key)',
        rulings: {
          portable: { severity: 'error', does: 'the spec knows only the hyphenated key.', source: 'spec' },
          'claude-code': {
            severity: 'warning',
            does: 'reads only the hyphenated key and ignores this one.',
            source: CC,
          },
          clawft: { severity: 'warning', does: 'reads its own serde spellings only.', source: 'clawft' },
          zeroclaw: { severity: 'warning', does: 'ignores it.', source: 'zeroclaw' },
        },
      },
      {
        code: 'key-alias-duplicate',
        severity: 'error',
        meaning: 'two spellings of one key',
        rulings: {
          'claude-code': { severity: 'warning', does: 'reads only the hyphenated one.', source: CC },
        },
      },
      {
        code: 'allowed-tools-type',
        severity: 'error',
        meaning: '`allowed-tools` is neither a list nor a string',
      },
      {
        code: 'allowed-tools-format',
        severity: 'info',
        meaning:
          'comma-separated string (fix: a list). portable: warning for a list or commas (fix: a space-separated string)',
        rulings: {
          portable: {
            severity: 'warning',
            does: 'the spec writes a space-separated string.',
            source: 'spec',
          },
        },
      },
    ],
  },
  {
    title: 'Instructions',
    findings: [
      { code: 'body-empty', severity: 'warning', meaning: 'no instructions' },
      { code: 'body-too-long', severity: 'warning', meaning: 'instructions over 500 lines' },
      {
        code: 'body-too-many-tokens',
        severity: 'warning',
        meaning: 'instructions over the spec’s 5,000-token guidance (estimated at 4 characters a token)',
      },
      {
        code: 'link-missing',
        severity: 'warning',
        meaning: 'a relative link in the instructions points to no file',
      },
      {
        code: 'link-outside-skill',
        severity: 'warning',
        meaning: 'a relative link points outside the skill folder',
      },
      {
        code: 'variable-undeclared',
        severity: 'warning',
        meaning: '`{{var}}` used but not in `variables`',
        rulings: {
          'claude-code': {
            severity: 'info',
            does: 'has no template variables: `{{var}}` reaches the model as written.',
            source: CC,
          },
        },
      },
      {
        code: 'variable-unused',
        severity: 'info',
        meaning: 'declared in `variables` but never used',
      },
    ],
  },
  {
    title: 'Tools (`tools:`, Skillbench and zeroclaw)',
    findings: [
      toolFinding('tool-entry-type', 'error', 'a `tools:` entry is neither a name nor a mapping'),
      toolFinding('tool-name-missing', 'error', 'a tool has no `name`'),
      toolFinding(
        'tool-name-format',
        'warning',
        'a tool name outside `[A-Za-z0-9_-]{1,64}` (it will be sanitised)',
      ),
      toolFinding('tool-name-duplicate', 'error', 'two tools with one name'),
      toolFinding('tool-unknown-key', 'warning', 'a key a tool entry does not have'),
      toolFinding('tool-kind-missing', 'error', 'no `kind`'),
      toolFinding(
        'tool-kind-unknown',
        'error',
        'a kind other than builtin, mcp, shell, script, http (fix: the closest kind)',
      ),
      toolFinding('tool-target-missing', 'error', 'a builtin/mcp tool without `target`'),
      toolFinding(
        'tool-target-unknown',
        'error',
        'no such built-in handler, or an MCP target not written `{server}__{tool}`',
      ),
      toolFinding(
        'tool-builtin-schema-ignored',
        'warning',
        'a builtin tool with its own `inputSchema` or `args`: a built-in takes its fixed arguments, so they are ignored (fix: remove them; `lockedArgs` fixes a value)',
      ),
      toolFinding('tool-field-missing', 'error', 'shell/script without `command`, http without `url`'),
      toolFinding('tool-script-missing', 'error', 'the script file does not exist'),
      toolFinding(
        'tool-shell-template',
        'error',
        'a `shell` command where a `{{placeholder}}` cannot be exactly one word; names line:column',
      ),
      toolFinding(
        'tool-shell-option',
        'warning',
        'a `shell` command word that is a whole `{{placeholder}}` with no `--` before it: a value starting with `-` becomes an option; an error for programs with options that run code (tar, git, rg, find, rsync, scp, ssh, xargs, env, sudo…) (fix: insert `--`)',
      ),
      toolFinding(
        'tool-shell-eval',
        'error',
        'a `{{placeholder}}` handed to `eval`, `sh -c`, `env -S`, `watch`, `ssh host …` or as the program of `sudo`/`xargs`/`env`: the value runs as code; allowed with `allowShellEval: true` on the tool',
      ),
      toolFinding(
        'tool-shell-powershell',
        'warning',
        'a `shell` tool in a skill with `shell: powershell`: its command runs in sh/cmd.exe, not PowerShell; use a `.ps1` `script` tool',
      ),
      toolFinding('tool-script-outside', 'error', 'the script is outside the skill folder'),
      toolFinding('tool-url-invalid', 'error', 'not an http(s) URL, or credentials in the URL'),
      toolFinding('tool-method-invalid', 'error', 'an HTTP method other than GET, POST, PUT, DELETE'),
      toolFinding(
        'tool-timeout-invalid',
        'error',
        '`timeoutSecs` below 1, above 86400 (24 hours) or not a number',
      ),
      toolFinding(
        'tool-schema-invalid',
        'error',
        '`inputSchema` or `outputSchema` is not a valid JSON Schema (2020-12, or draft-07 by `$schema`), or a `$ref` does not resolve',
      ),
      toolFinding('tool-schema-not-object', 'error', '`inputSchema` does not describe an object'),
      toolFinding('tool-locked-args-type', 'error', '`lockedArgs` is not a mapping'),
      toolFinding(
        'tool-locked-arg-undeclared',
        'warning',
        "a locked arg the target's schema does not declare",
      ),
      toolFinding(
        'tool-placeholder-undeclared',
        'warning',
        '`{{arg}}` in a command/url/header that no argument declares',
      ),
      {
        code: 'tool-locked-arg-not-string',
        severity: 'off',
        meaning: 'a locked arg that is not a string (fix: quote it)',
        rulings: {
          zeroclaw: { severity: 'error', does: 'reads `HashMap<String, String>`.', source: 'zeroclaw' },
          clawft: { severity: 'error', does: 'reads string arguments only.', source: 'clawft' },
        },
      },
      {
        code: 'tool-description-missing',
        severity: 'off',
        meaning: 'a tool without `description`',
        rulings: {
          zeroclaw: { severity: 'error', does: 'requires a tool description.', source: 'zeroclaw' },
          clawft: { severity: 'error', does: 'requires a tool description.', source: 'clawft' },
        },
      },
      toolFinding(
        'tool-name-hashed',
        'info',
        'the composed `{skill}__{tool}` name had to be sanitised and hashed; names the final name',
      ),
      toolFinding(
        'tool-raw-shell',
        'warning',
        'the `shell` built-in without a locked `command`, or a `shell` tool whose command is one `{{placeholder}}`: a raw shell for the model',
      ),
      toolFinding(
        'tool-mcp-server-unknown',
        'warning',
        "an `mcp` target names a server the library's `.skillbench/mcp.json` does not configure",
      ),
    ],
  },
  {
    title: 'The library',
    findings: [
      {
        code: 'mcp-config-invalid',
        severity: 'error',
        meaning: "a root's `.skillbench/mcp.json` cannot be read",
      },
      {
        code: 'mcp-server-ignored',
        severity: 'warning',
        meaning:
          "a server in an untrusted root's `.skillbench/mcp.json` takes a name a trusted root or your settings define: it is ignored",
      },
      {
        code: 'manifest-filename',
        severity: 'error',
        meaning:
          'the manifest is named `skill.md` (or another casing): runtimes look for `SKILL.md` exactly (fix: rename)',
        rulings: {
          'claude-code': { severity: 'error', does: 'loads only a file named exactly SKILL.md.', source: CC },
        },
      },
      {
        code: 'manifest-overridden',
        severity: 'warning',
        meaning: 'a manifest that loses to another format in its folder',
      },
      { code: 'root-missing', severity: 'error', meaning: 'a root that does not exist' },
      { code: 'folder-unreadable', severity: 'warning', meaning: 'a folder that could not be listed' },
      {
        code: 'link-outside-root',
        severity: 'warning',
        meaning:
          'a link whose target is outside every root, the project and the agents’ folders in your home folder: not read (reported once, with what to add)',
      },
      { code: 'link-broken', severity: 'warning', meaning: 'a manifest link whose target does not exist' },
      {
        code: 'skill-nested',
        severity: 'error',
        meaning:
          'a skill below another folder in an agent’s skills folder: agents load only `<folder>/<name>/SKILL.md` (fix: move it up)',
        rulings: {
          'claude-code': { severity: 'error', does: 'never loads it.', source: CC },
        },
      },
      {
        code: 'link-cycle',
        severity: 'warning',
        meaning: 'a folder link back to a folder above it: not followed',
      },
      {
        code: 'scan-depth-limit',
        severity: 'warning',
        meaning: 'folders deeper than the depth limit were not searched',
      },
      { code: 'scan-folder-limit', severity: 'warning', meaning: 'the folder limit stopped the scan' },
      { code: 'scan-skill-limit', severity: 'warning', meaning: 'the manifest limit stopped the scan' },
    ],
  },
  {
    title: 'Installing (`add`, the Add skills panel)',
    findings: [
      {
        code: 'links-left-out',
        severity: 'warning',
        meaning: 'links inside the skill are not installed: installing copies regular files only',
      },
      {
        code: 'skill-too-large',
        severity: 'error',
        meaning:
          'the skill holds over 100 MiB (names its largest file): almost always data that does not belong in it',
      },
    ],
  },
];

export const FINDINGS: readonly Finding[] = FINDING_GROUPS.flatMap((g) => g.findings);

const BY_CODE = new Map(FINDINGS.map((f) => [f.code, f]));

export function findingOf(code: string): Finding | undefined {
  return BY_CODE.get(code);
}

/** The ruling of `profile` for `code`, if it has one of its own. */
export function rulingFor(profile: ValidationProfile, code: string): Ruling | undefined {
  return profile === 'skillbench' ? undefined : BY_CODE.get(code)?.rulings?.[profile];
}

export function describeRuling(ruling: Ruling, facts: RulingFacts): string {
  return typeof ruling.does === 'function' ? ruling.does(facts) : ruling.does;
}
