// Owns AGENTS.md for agents without native skills, in openskills' format (numman-ali/openskills,
// src/utils/agents-md.ts): a `<skills_system>` block listing the `<available_skills>` between markers, kept up to date
// in place (the rest of the file is never touched), and a skill printed as such an agent loads it (`read NAME`).
// Unlike openskills, names and descriptions are XML-escaped, so a description holding `</available_skills>` cannot end
// the list early.
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { catalogEntries, escapeXml } from '../../../shared/catalog.js';
import { listedDescription, qualifiedName } from '../../../shared/effective.js';
import type { LibraryEntry, RootInfo, ValidationProfile } from '../../../shared/types.js';
import { writeFileAtomically } from '../fs/atomic-write.js';

const BLOCK = /<skills_system[^>]*>[\s\S]*?<\/skills_system>/;
const TABLE_START = '<!-- SKILLS_TABLE_START -->';
const TABLE_END = '<!-- SKILLS_TABLE_END -->';

/** The `<skills_system>` block for these skills: each with its name, description and where it is installed. */
function skillsSystemBlock(
  entries: readonly LibraryEntry[],
  roots: readonly RootInfo[],
  profile: ValidationProfile = 'skillbench',
): string {
  const kindOf = (e: LibraryEntry) => roots.find((r) => r.id === e.rootId)?.kind;
  const skills = catalogEntries(entries, profile)
    .filter((e) => e.skill)
    .sort((a, b) => {
      // Project skills first, as openskills orders them; then by name.
      const ka = kindOf(a) === 'user' ? 1 : 0;
      const kb = kindOf(b) === 'user' ? 1 : 0;
      return ka - kb || qualifiedName(a.skill!).localeCompare(qualifiedName(b.skill!));
    })
    .map(
      (e) =>
        `<skill>\n<name>${escapeXml(qualifiedName(e.skill!))}</name>\n` +
        `<description>${escapeXml(listedDescription(e.skill!, profile))}</description>\n` +
        `<location>${kindOf(e) === 'user' ? 'global' : 'project'}</location>\n</skill>`,
    );
  return [
    '<skills_system priority="1">',
    '',
    '## Available Skills',
    '',
    TABLE_START,
    '<usage>',
    'When users ask you to perform tasks, check if any of the available skills below can help complete the task more effectively. Skills provide specialized capabilities and domain knowledge.',
    '',
    'How to use skills:',
    '- Invoke: `skillbench read <skill-name>` (run in your shell)',
    '  - For multiple: `skillbench read skill-one,skill-two`',
    '- The skill content will load with detailed instructions on how to complete the task',
    '- Base directory provided in output for resolving bundled resources (references/, scripts/, assets/)',
    '',
    'Usage notes:',
    '- Only use skills listed in <available_skills> below',
    '- Do not invoke a skill that is already loaded in your context',
    '- Each skill invocation is stateless',
    '</usage>',
    '',
    '<available_skills>',
    '',
    skills.join('\n\n'),
    '',
    '</available_skills>',
    TABLE_END,
    '',
    '</skills_system>',
  ].join('\n');
}

/** `content` with its skills section replaced by `block` (either marker openskills writes), or `block` appended. */
function withSkillsSection(content: string, block: string): string {
  if (BLOCK.test(content)) return content.replace(BLOCK, () => block);
  const start = content.indexOf(TABLE_START);
  const end = content.indexOf(TABLE_END, start);
  if (start !== -1 && end !== -1) {
    const inner = block.slice(block.indexOf(TABLE_START), block.indexOf(TABLE_END) + TABLE_END.length);
    return content.slice(0, start) + inner + content.slice(end + TABLE_END.length);
  }
  return `${content.trimEnd()}${content.trim() ? '\n\n' : ''}${block}\n`;
}

interface AgentsMdResult {
  path: string;
  /** The skills listed, by name. */
  skills: string[];
  created: boolean;
  /** False when the file already held exactly this block: nothing was written. */
  changed: boolean;
}

/** Writes `given` (AGENTS.md) with the block for these skills, creating it when missing; atomic, idempotent. */
export function syncAgentsMd(
  given: string,
  entries: readonly LibraryEntry[],
  roots: readonly RootInfo[],
  profile: ValidationProfile = 'skillbench',
): AgentsMdResult {
  const block = skillsSystemBlock(entries, roots, profile);
  // Through a link (AGENTS.md linked to CLAUDE.md, or to a shared file) to what it leads to: the link stays a link.
  const file = existsSync(given) ? realpathSync(given) : given;
  const created = !existsSync(file);
  const before = created ? `# ${basename(file).replace(/\.md$/i, '')}\n\n` : readFileSync(file, 'utf8');
  const after = withSkillsSection(before, block);
  const changed = created || after !== before;
  if (created) mkdirSync(dirname(file), { recursive: true });
  if (changed) writeFileAtomically(file, after);
  const skills = [...block.matchAll(/<name>([^<]*)<\/name>/g)].map((m) => m[1] ?? '');
  return { path: file, skills, created, changed };
}

/** A skill as an agent without native skills loads it through `skillbench read NAME` (openskills' `read`). */
export function readForAgent(entry: LibraryEntry, name: string): string {
  const text = readFileSync(entry.path, 'utf8').replace(/^\uFEFF/, '');
  return `Reading: ${name}\nBase directory: ${dirname(entry.path)}\n\n${text}\n\nSkill read: ${name}\n`;
}
