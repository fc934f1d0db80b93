// The library both library tests work on: the host's own scan of fixture roots, and incremental changes to it.
import { join } from 'node:path';
import { loadLibrary } from '../../../../electron/core/skills/library.js';
import type { SkillsChanged } from '../../../../shared/ipc.js';
import { FIXTURES, REPO } from '../../../helpers.js';

// Two user roots, a project root with a nested group, the bundled examples; a folder with two manifests
// (toml-skill), names that sort differently by code unit than by locale (Bad_Name, café, -leading, ｆｕｌｌ).
export const library = loadLibrary([
  { path: join(FIXTURES, 'library', 'user'), kind: 'user' },
  { path: join(REPO, 'skills'), kind: 'bundled' },
  { path: join(FIXTURES, 'library', 'project'), kind: 'project' },
  { path: join(FIXTURES, 'skills'), kind: 'user' },
]);

/** An incremental change (not a reset) that keeps the roots' diagnostics unless told otherwise. */
export const change = (patch: Partial<SkillsChanged>): SkillsChanged => ({
  ids: [],
  entries: [],
  removed: [],
  diagnostics: library.diagnostics,
  reset: false,
  ...patch,
});
