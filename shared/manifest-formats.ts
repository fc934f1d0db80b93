// Owns which file names are skill manifests and which format each is, in precedence order (DESIGN.md "Data
// model": SKILL.toml > manifest.toml > SKILL.md > skill.json). Pure, so core, host and renderer share it.
import type { SkillFormat } from './types.js';

export const MANIFEST_FORMATS: ReadonlyArray<{ file: string; format: SkillFormat }> = [
  { file: 'SKILL.toml', format: 'skill-toml' },
  { file: 'manifest.toml', format: 'manifest-toml' },
  { file: 'SKILL.md', format: 'skill-md' },
  { file: 'skill.json', format: 'legacy-json' },
];

/** The last segment of a path written with / or \. */
function fileName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** Whether a file name is one the loader reads as a manifest (`skill.md` in any casing included). */
export function isManifestFileName(name: string): boolean {
  return MANIFEST_FORMATS.some((f) => f.file === name) || name.toLowerCase() === 'skill.md';
}

/** The format a manifest path is read as (any other name: by extension, Markdown by default). */
export function formatOfFile(path: string): SkillFormat {
  const name = fileName(path);
  return (
    MANIFEST_FORMATS.find((f) => f.file === name)?.format ??
    (/\.toml$/i.test(name) ? 'skill-toml' : /\.json$/i.test(name) ? 'legacy-json' : 'skill-md')
  );
}
