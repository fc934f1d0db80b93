// Owns what the editor's file tree offers to create in a skill folder: each kind with its label, where it goes by
// default and what it starts with (templates in the formats the evals readers and the agents expect).
// Tested by: test/unit/core/editor/new-file.test.ts
import { DEFAULT_EVALS_FILE, DEFAULT_TRIGGER_SET, formatTriggerSet } from './evals.js';

export const NEW_FILE_KINDS = ['file', 'folder', 'evals', 'triggers', 'script', 'reference'] as const;
export type NewFileKind = (typeof NEW_FILE_KINDS)[number];

interface NewFileTemplate {
  label: string;
  /** Where it goes unless the author types another path (empty: the author names it). */
  path: string;
  folder: boolean;
  /** The new file's text (files only); `name` is the skill's name. */
  text?: (name: string) => string;
  /** Made executable where the OS has the bit (a script the tools run). */
  executable?: boolean;
}

export const NEW_FILE_TEMPLATES: Record<NewFileKind, NewFileTemplate> = {
  file: { label: 'Empty file', path: '', folder: false, text: () => '' },
  folder: { label: 'Folder', path: '', folder: true },
  evals: {
    label: 'Output evals',
    path: DEFAULT_EVALS_FILE,
    folder: false,
    // skill-creator's evals.json; the prompt is a placeholder because an eval needs a non-empty one to be read.
    text: (name) =>
      `${JSON.stringify(
        {
          skill_name: name,
          evals: [
            {
              id: 1,
              prompt: 'A task a user would ask this skill to do (replace this).',
              expected_output: '',
              files: [],
              expectations: [],
            },
          ],
        },
        null,
        2,
      )}\n`,
  },
  triggers: {
    label: 'Trigger set',
    path: DEFAULT_TRIGGER_SET,
    folder: false,
    text: (name) =>
      formatTriggerSet([
        { query: `A request that needs ${name} (replace this).`, should_trigger: true },
        { query: `A nearby request ${name} should not answer (replace this).`, should_trigger: false },
      ]),
  },
  script: {
    label: 'Script',
    path: 'scripts/run.sh',
    folder: false,
    executable: true,
    text: () =>
      '#!/usr/bin/env bash\n# Run by a tool of this skill: its arguments arrive as "$@".\nset -euo pipefail\n',
  },
  reference: {
    label: 'Reference',
    path: 'references/REFERENCE.md',
    folder: false,
    text: (name) =>
      `# ${name} reference\n\nDetails the agent reads when SKILL.md points here, kept out of SKILL.md itself.\n`,
  },
};

const BAD_CHARACTERS = /[\\:*?"<>|]/;

/**
 * Why `path` (relative to the skill folder, `/` between folders) cannot name a new file, or undefined when it can.
 * Only the spelling: whether it leads out of the folder through a link is the host's path guard's question.
 */
export function newFilePathProblem(path: string): string | undefined {
  if (path.trim() === '') return 'Type a name, for example notes.md or references/guide.md.';
  if (path.startsWith('/'))
    return `"${path}" is absolute: type a path inside the skill folder, like references/guide.md.`;
  if ([...path].some((c) => c.charCodeAt(0) < 32))
    return `"${path}" holds a control character (a tab or a line break): remove it.`;
  const bad = BAD_CHARACTERS.exec(path);
  if (bad)
    return `"${path}" holds ${JSON.stringify(bad[0])}, which a file name cannot hold everywhere: use letters, digits, "-", "_", "." and "/" between folders.`;
  for (const segment of path.replace(/\/$/, '').split('/')) {
    if (segment === '..') return `"${path}" climbs out with "..": new files stay inside the skill folder.`;
    if (segment === '' || segment === '.')
      return `"${path}" has an empty folder name: remove the extra "/" or ".".`;
    if (/[. ]$/.test(segment))
      return `"${segment}" ends with a dot or a space, which Windows drops: remove it.`;
  }
  return undefined;
}
