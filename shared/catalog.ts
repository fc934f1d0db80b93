// Owns the `<available_skills>` catalog a client gives a model: what it lists and how it is escaped.
import { listedDescription, qualifiedName } from './effective.js';
import type { ListedEntry, ValidationProfile } from './types.js';

export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/**
 * Skills a model may invoke: parsed, not shadowed or excluded, described (Claude Code describes every skill, by its
 * body's first line when it must), and not `disable-model-invocation`.
 */
export function catalogEntries<E extends ListedEntry>(
  entries: readonly E[],
  profile: ValidationProfile = 'skillbench',
): E[] {
  return entries.filter(
    (e) =>
      e.skill !== undefined &&
      (e.status === 'loaded' || e.status === 'invalid') &&
      !e.skill.disableModelInvocation &&
      listedDescription(e.skill, profile) !== '',
  );
}

/** The catalog as the profile's runtime builds it (issue 11): its effective flags, its listed description. */
export function renderAvailableSkills(
  entries: readonly ListedEntry[],
  profile: ValidationProfile = 'skillbench',
): string {
  const lines = ['<available_skills>'];
  for (const e of catalogEntries(entries, profile)) {
    const skill = e.skill;
    if (!skill) continue;
    lines.push(
      '<skill>',
      `<name>${escapeXml(qualifiedName(skill))}</name>`,
      `<description>${escapeXml(listedDescription(skill, profile))}</description>`,
      `<location>${escapeXml(skill.sourcePath)}</location>`,
      '</skill>',
    );
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}
