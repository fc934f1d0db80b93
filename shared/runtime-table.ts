// Owns the runtime table: for each frontmatter key, which runtimes read it, its type, default, limits and per-runtime
// spellings, and where each runtime's behaviour is documented or was observed (SOURCES). The known keys, the profiles,
// the frontmatter JSON Schema (editor completion and hover), the README's key table and the rule reference's citations
// all come from here. Pure data: imported by core and by the renderer.
import type { JsonValue, ValidationProfile } from './types.js';

/** The runtimes Skillbench models. `spec` is the Agent Skills specification (and hosted platforms' upload rules). */
type Runtime = 'spec' | 'claude-code' | 'clawft' | 'zeroclaw' | 'skillbench';
const RUNTIMES: readonly Runtime[] = ['spec', 'claude-code', 'clawft', 'zeroclaw', 'skillbench'];

export const RUNTIME_LABELS: Record<Runtime, string> = {
  spec: 'Agent Skills spec',
  'claude-code': 'Claude Code',
  clawft: 'clawft',
  zeroclaw: 'zeroclaw',
  skillbench: 'Skillbench',
};

/** Where a runtime's behaviour comes from: its documentation, its source, or a run of the runtime itself. */
export interface Source {
  title: string;
  url: string;
}

/** The citations the runtime table and the rule reference use, by id. */
export const SOURCES = {
  spec: {
    title: 'Agent Skills specification',
    url: 'https://agentskills.io/specification',
  },
  'skills-ref': {
    title: 'skills-ref 0.1.5, the reference validator',
    url: 'https://github.com/agentskills/agentskills/tree/main/skills-ref',
  },
  'claude-apps': {
    title: 'Claude apps and API: skill upload requirements',
    url: 'https://docs.claude.com/en/docs/agents-and-tools/agent-skills/overview',
  },
  'claude-code-docs': {
    title: 'Claude Code docs: Skills (frontmatter reference, where skills live)',
    url: 'https://code.claude.com/docs/en/skills',
  },
  'claude-code-run': {
    title:
      'Claude Code 2.1.332 run against the fixtures in test/fixtures/ecosystem/claude-code (test/integration/ecosystem/claude-code.test.ts)',
    url: '../test/integration/ecosystem/claude-code.test.ts',
  },
  'clawrium-32': {
    title: 'ric03uec/clawrium#32: `name: clm:bug-new` makes the skill /clm:bug-new in Claude Code',
    url: 'https://github.com/ric03uec/clawrium/pull/32',
  },
  clawft: {
    title: "clawft's SkillDefinition (serde, snake_case)",
    url: 'https://github.com/weave-logic-ai/clawft',
  },
  zeroclaw: {
    title: "zeroclaw's SkillFrontmatter (crates/zeroclaw-runtime/src/skills/frontmatter.rs)",
    url: 'https://github.com/zeroclaw-labs/zeroclaw/blob/350efafa2a56aa989c06d8411fc176ac40fe1f37/crates/zeroclaw-runtime/src/skills/frontmatter.rs',
  },
} as const satisfies Record<string, Source>;

export type SourceId = keyof typeof SOURCES;

/** What each runtime's column of the key table rests on. */
export const RUNTIME_SOURCES: Record<Exclude<Runtime, 'skillbench'>, readonly SourceId[]> = {
  spec: ['spec', 'skills-ref', 'claude-apps'],
  'claude-code': ['claude-code-docs', 'claude-code-run'],
  clawft: ['clawft'],
  zeroclaw: ['zeroclaw'],
};

/** The shape a key's value has; `string-or-list` is a list or a space-separated string. */
export type KeyType = 'string' | 'boolean' | 'mapping' | 'list' | 'string-list' | 'string-or-list';

export interface RuntimeKey {
  /** The canonical spelling (kebab-case, or as the runtime that defines it writes it: `when_to_use`). */
  key: string;
  type: KeyType;
  /** One line for hover and completion. */
  summary: string;
  /** The runtimes that read the key (Skillbench reads every key any of them reads). */
  readBy: readonly Runtime[];
  /** What a runtime uses when the key is absent. */
  defaults?: Partial<Record<Runtime, JsonValue>>;
  /** Length limits per runtime (characters). */
  maxLength?: Partial<Record<Runtime, number>>;
  /** Spellings a runtime reads natively instead of the canonical one (clawft deserialises with serde: snake_case). */
  spelling?: Partial<Record<Runtime, string>>;
  /** Claude Code reads YAML 1.1 booleans (`yes`/`no`/`on`/`off`) for this key. */
  yaml11Booleans?: boolean;
  /** Extra JSON Schema keywords for the editor (pattern, items...). */
  schema?: { [key: string]: JsonValue };
}

const ALL: readonly Runtime[] = RUNTIMES;
const CC_SKILLBENCH: readonly Runtime[] = ['claude-code', 'skillbench'];

/** Claude Code truncates `description` + `when_to_use` together at this many characters in its skill listing. */
export const CLAUDE_CODE_LISTING_MAX = 1536;

export const RUNTIME_TABLE: readonly RuntimeKey[] = [
  {
    key: 'name',
    type: 'string',
    summary:
      'Lowercase letters, digits and single hyphens, 1–64 characters; equal to the folder name (Claude Code falls back to the folder name).',
    readBy: ALL,
    maxLength: { spec: 64, 'claude-code': 256, skillbench: 64 },
    schema: { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 },
  },
  {
    key: 'description',
    type: 'string',
    summary:
      'What the skill does and when to use it (models choose skills by it). Spec: 1–1024 characters; Claude Code truncates description + when_to_use at 1536.',
    readBy: ALL,
    maxLength: { spec: 1024, 'claude-code': CLAUDE_CODE_LISTING_MAX, skillbench: 1024 },
    schema: { minLength: 1, maxLength: CLAUDE_CODE_LISTING_MAX },
  },
  {
    key: 'license',
    type: 'string',
    summary: 'License name or a reference to a bundled license file.',
    readBy: ['spec', 'claude-code', 'zeroclaw', 'skillbench'],
  },
  {
    key: 'compatibility',
    type: 'string',
    summary: 'Environment requirements (at most 500 characters).',
    readBy: ['spec', 'claude-code', 'skillbench'],
    maxLength: { spec: 500, 'claude-code': 500, skillbench: 500 },
    schema: { maxLength: 500 },
  },
  {
    key: 'metadata',
    type: 'mapping',
    summary: 'Extra key/value pairs (the spec: strings to strings).',
    readBy: ['spec', 'claude-code', 'clawft', 'skillbench'],
    schema: { additionalProperties: { type: 'string' } },
  },
  {
    key: 'allowed-tools',
    type: 'string-or-list',
    summary: 'Tools the skill may use without asking: a space-separated string or a list.',
    readBy: ['spec', 'claude-code', 'clawft', 'skillbench'],
    defaults: { spec: [], 'claude-code': [], clawft: [], skillbench: [] },
    spelling: { clawft: 'allowed_tools' },
  },
  {
    key: 'when_to_use',
    type: 'string',
    summary:
      'Claude Code: when the model should use the skill; listed after the description (both together are cut at 1536 characters).',
    readBy: CC_SKILLBENCH,
  },
  {
    key: 'argument-hint',
    type: 'string',
    summary:
      'Shown when the skill is invoked, e.g. "[file] [mode]" (quote it: unquoted brackets are a YAML list).',
    readBy: ['claude-code', 'clawft', 'skillbench'],
    spelling: { clawft: 'argument_hint' },
  },
  {
    key: 'arguments',
    type: 'string-or-list',
    summary: 'Names for positional arguments, used as $name in the body: a list or a space-separated string.',
    readBy: CC_SKILLBENCH,
  },
  {
    key: 'disable-model-invocation',
    type: 'boolean',
    summary: 'Only the user can invoke the skill; the model is not told about it (default false).',
    readBy: ['claude-code', 'clawft', 'skillbench'],
    defaults: { 'claude-code': false, clawft: false, skillbench: false },
    spelling: { clawft: 'disable_model_invocation' },
    yaml11Booleans: true,
  },
  {
    key: 'user-invocable',
    type: 'boolean',
    summary: 'The user can invoke the skill as a /command (Claude Code default true; clawft default false).',
    readBy: ['claude-code', 'clawft', 'skillbench'],
    defaults: { 'claude-code': true, clawft: false, skillbench: true },
    spelling: { clawft: 'user_invocable' },
    yaml11Booleans: true,
  },
  {
    key: 'model',
    type: 'string',
    summary: 'Claude Code: the model that runs the skill.',
    readBy: CC_SKILLBENCH,
  },
  {
    key: 'effort',
    type: 'string',
    summary: 'Claude Code: the reasoning effort while the skill runs (e.g. low, medium, high).',
    readBy: CC_SKILLBENCH,
  },
  {
    key: 'context',
    type: 'string',
    summary: 'Claude Code: "fork" runs the skill in a sub-agent context.',
    readBy: CC_SKILLBENCH,
  },
  {
    key: 'agent',
    type: 'string',
    summary: 'Claude Code: the agent type for a forked context.',
    readBy: CC_SKILLBENCH,
  },
  {
    key: 'hooks',
    type: 'mapping',
    summary: 'Claude Code: lifecycle hooks active while the skill runs.',
    readBy: CC_SKILLBENCH,
  },
  {
    key: 'paths',
    type: 'string-or-list',
    summary: 'Claude Code: glob patterns of files that make the skill relevant (a string or a list).',
    readBy: CC_SKILLBENCH,
  },
  {
    key: 'shell',
    type: 'string',
    summary: 'Claude Code: the shell for !`command` lines (bash or powershell).',
    readBy: CC_SKILLBENCH,
  },
  {
    key: 'version',
    type: 'string',
    summary: 'The skill version, quoted ("1.0.0").',
    readBy: ['clawft', 'zeroclaw', 'skillbench'],
  },
  {
    key: 'variables',
    type: 'string-list',
    summary: 'Template variables used as {{name}} in the body.',
    readBy: ['clawft', 'skillbench'],
  },
  {
    key: 'tools',
    type: 'list',
    summary: 'Tools the skill declares (zeroclaw [[tools]]).',
    readBy: ['zeroclaw', 'skillbench'],
  },
  {
    key: 'author',
    type: 'string',
    summary: 'zeroclaw: the skill author.',
    readBy: ['zeroclaw', 'skillbench'],
  },
  {
    key: 'category',
    type: 'string',
    summary: 'zeroclaw: the category its registry groups the skill under (e.g. coding, ops).',
    readBy: ['zeroclaw', 'skillbench'],
  },
  {
    key: 'tags',
    type: 'string-list',
    summary: 'zeroclaw: tags for finding the skill.',
    readBy: ['zeroclaw', 'skillbench'],
  },
];

/** The runtimes a profile answers to. */
export const PROFILE_RUNTIMES: Record<ValidationProfile, readonly Runtime[]> = {
  portable: ['spec'],
  'claude-code': ['spec', 'claude-code'],
  clawft: ['spec', 'clawft'],
  zeroclaw: ['spec', 'zeroclaw'],
  skillbench: RUNTIMES,
};

/** The runtime whose defaults and limits a profile applies (the spec for portable; Skillbench for its own). */
export const PROFILE_RUNTIME: Record<ValidationProfile, Runtime> = {
  portable: 'spec',
  'claude-code': 'claude-code',
  clawft: 'clawft',
  zeroclaw: 'zeroclaw',
  skillbench: 'skillbench',
};

const BY_KEY = new Map(RUNTIME_TABLE.map((k) => [k.key, k]));

export function runtimeKey(key: string): RuntimeKey | undefined {
  return BY_KEY.get(key);
}

/** The canonical keys a profile knows. */
export function profileKeys(profile: ValidationProfile): string[] {
  const runtimes = PROFILE_RUNTIMES[profile];
  return RUNTIME_TABLE.filter((k) => k.readBy.some((r) => runtimes.includes(r))).map((k) => k.key);
}

/** The default a profile's runtime uses for a key (undefined when it has none). */
export function defaultFor(key: string, profile: ValidationProfile): JsonValue | undefined {
  const entry = BY_KEY.get(key);
  if (!entry?.defaults) return undefined;
  return entry.defaults[PROFILE_RUNTIME[profile]] ?? entry.defaults.skillbench;
}

/** Claude Code (a YAML 1.1 reader) takes these as booleans; YAML 1.2 reads them as strings. */
export function yaml11Boolean(value: unknown): boolean | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^(?:yes|Yes|YES|on|On|ON|y|Y)$/.test(value)) return true;
  if (/^(?:no|No|NO|off|Off|OFF|n|N)$/.test(value)) return false;
  return undefined;
}

/** The README's key table, one row of cells per key (test/unit/shared/runtime-table.test.ts holds them equal). */
export function runtimeTableRows(): string[][] {
  const shown: Runtime[] = ['spec', 'claude-code', 'clawft', 'zeroclaw'];
  return RUNTIME_TABLE.map((k) => [
    `\`${k.key}\``,
    k.type,
    ...shown.map((r) => {
      if (!k.readBy.includes(r)) return '';
      const spelling = k.spelling?.[r];
      const max = k.maxLength?.[r];
      return ['✓', spelling ? `as \`${spelling}\`` : '', max ? `≤ ${max}` : ''].filter(Boolean).join(' ');
    }),
    Object.entries(k.defaults ?? {})
      .filter(([r, v]) => r !== 'skillbench' && !(Array.isArray(v) && v.length === 0))
      .map(([r, v]) => `${RUNTIME_LABELS[r as Runtime]}: ${JSON.stringify(v)}`)
      .join(', '),
  ]);
}
