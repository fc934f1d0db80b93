// Owns docs/rules.md: the profiles, the runtime key table, each rule with its summary and codes, and every finding
// with each profile's ruling and its source, written from the tables in code (`npm run docs`); test/unit/core/skills/rule-reference.test.ts fails when it is stale.
import {
  RUNTIME_LABELS,
  RUNTIME_SOURCES,
  runtimeTableRows,
  SOURCES,
  type SourceId,
} from '../../../shared/runtime-table.js';
import { VALIDATION_PROFILES, type ValidationProfile } from '../../../shared/types.js';
import { describeRuling, FINDING_GROUPS, type OtherProfile } from './findings.js';
import { RULES } from './rules/index.js';

/** What each profile checks, for the reference and `--help`. */
const PROFILE_SUMMARIES: Record<ValidationProfile, string> = {
  skillbench:
    'the default: every key known to any runtime below (`tools`, `version`, `variables`, Claude Code’s keys, …) is accepted; unknown keys are info',
  'claude-code':
    'what Claude Code does with the skill, as observed by running it: it refuses only what it skips (a file not named SKILL.md, one over 1,000,000 bytes); what it misreads or ignores warns, and what it loads although the spec forbids it (a name with capitals, a name that differs from its folder) is info naming the command it becomes',
  clawft:
    "the spec's keys and clawft's `SkillDefinition` (`version`, `variables`, serde spellings); `user_invocable` defaults to `false`; other keys warn",
  zeroclaw:
    "the spec's keys and zeroclaw's (`version`, `tools`, `author`, `tags`, `category`); other keys warn",
  portable:
    'the Agent Skills spec plus the upload rules of Claude’s apps and API: only `name`, `description`, `license`, `compatibility`, `metadata`, `allowed-tools`; non-ASCII names, reserved words and XML tags in descriptions are errors',
};

const PLACEHOLDERS = { folder: '<folder>', name: '<name>' };

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function cite(id: SourceId): string {
  return `[${id}](#source-${id})`;
}

export function renderRuleReference(): string {
  const out: string[] = [
    '# Validation profiles and rules',
    '',
    '<!-- Generated from electron/core/skills/rules/, findings.ts and shared/runtime-table.ts by `npm run docs`: do not edit. -->',
    '',
    'Every finding has a stable code. A profile decides how severe each one is, by what its runtime does with the',
    'skill: it **refuses** it (error), **misreads or ignores** what is written (warning), or **works** although the',
    'skill is off the spec (info). Each ruling names its source: the runtime’s documentation or source, or a run of',
    'the runtime itself in the tests. Under a profile, the message of a finding ends with what that runtime does.',
    '',
    '## Profiles',
    '',
    '| profile | what it checks |',
    '| --- | --- |',
    ...VALIDATION_PROFILES.map((p) => `| \`${p}\` | ${cell(PROFILE_SUMMARIES[p])} |`),
    '',
    '## Keys each runtime reads',
    '',
    '| key | type | Agent Skills spec | Claude Code | clawft | zeroclaw | defaults (absent) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...runtimeTableRows().map((row) => `| ${row.map(cell).join(' | ')} |`),
    '',
    ...Object.entries(RUNTIME_SOURCES).map(
      ([runtime, ids]) =>
        `- ${RUNTIME_LABELS[runtime as keyof typeof RUNTIME_SOURCES]}: ${ids.map((id) => cite(id)).join(', ')}`,
    ),
    '',
    '## Rules',
    '',
    'Each rule checks one thing and reports the codes beside it; the findings below say how severe each code is.',
    '',
    '| rule | what it checks | codes |',
    '| --- | --- | --- |',
    ...RULES.map(
      (rule) =>
        `| \`${rule.id}\` | ${cell(rule.summary)} | ${[rule.id, ...(rule.codes ?? [])].map((c) => `\`${c}\``).join(', ')} |`,
    ),
    '',
    '## Findings',
    '',
    'The severity is the default profile’s (`skillbench`); the last column gives every other profile that differs or',
    'says what its runtime does, with the source. `<folder>` and `<name>` stand for the skill’s folder and `name`.',
  ];
  for (const group of FINDING_GROUPS) {
    out.push(
      '',
      `### ${group.title}`,
      '',
      '| code | default | meaning | other profiles |',
      '| --- | --- | --- | --- |',
    );
    for (const f of group.findings) {
      const rulings = Object.entries(f.rulings ?? {}).map(([profile, r]) => {
        const does = describeRuling(r, PLACEHOLDERS);
        return `${profile as OtherProfile}: **${r.severity}**, ${does.replace(/\.$/, '')} (${cite(r.source)})`;
      });
      out.push(
        `| \`${f.code}\` | ${f.severity === 'off' ? '—' : f.severity} | ${cell(f.meaning)} | ${cell(rulings.join('; '))} |`,
      );
    }
  }
  out.push('', '## Sources', '');
  for (const [id, s] of Object.entries(SOURCES))
    out.push(`- <a id="source-${id}"></a>\`${id}\`: [${s.title}](${s.url})`);
  out.push('');
  return out.join('\n');
}
