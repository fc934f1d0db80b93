// Owns what "open this" means when the OS or the user hands the app something: a folder becomes a library root shown
// in the library; a .skill file or a skillbench:// link opens the Add skills panel with its findings, never an
// install; anything else is refused with the reason. Main (arguments, open-file, open-url) and the renderer (a drop)
// both classify through here.

export type OpenRequest =
  | { kind: 'folder'; path: string }
  | { kind: 'add-source'; source: string; from: 'link' | 'file' }
  | { kind: 'refused'; what: string; reason: string };

/** Manifest files: opening one opens its skill's folder. */
const MANIFESTS = new Set(['skill.md', 'skill.toml', 'manifest.toml', 'skill.json']);

const baseName = (path: string): string => path.split(/[\\/]/).filter(Boolean).pop() ?? path;
const parentOf = (path: string): string => path.replace(/[\\/]+[^\\/]*[\\/]*$/, '') || path.slice(0, 1);

/** What opening the absolute `path` asks for, given what is there. */
export function classifyOpenPath(path: string, kind: 'folder' | 'file' | 'missing'): OpenRequest {
  if (kind === 'missing') return { kind: 'refused', what: path, reason: 'there is nothing at that path' };
  if (kind === 'folder') return { kind: 'folder', path };
  const name = baseName(path).toLowerCase();
  if (name.endsWith('.skill') || name.endsWith('.zip'))
    return { kind: 'add-source', source: path, from: 'file' };
  if (MANIFESTS.has(name)) return { kind: 'folder', path: parentOf(path) };
  return {
    kind: 'refused',
    what: path,
    reason: 'Skillbench opens folders, .skill and .zip files, and SKILL.md manifests',
  };
}
