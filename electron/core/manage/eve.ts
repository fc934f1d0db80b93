// Owns the copy Vercel's `skills` CLI gives Eve, which does not follow links: each SKILL.md keeps only the frontmatter
// keys Eve reads (name, description, license, compatibility, version, metadata), re-serialised (its
// stripIgnoredEveFrontmatter). Listing uses it to tell such a copy, made from a clean install, from an edited one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type * as Yaml from 'yaml';
import { loadLater } from '../load-later.js';
import { readChunks, skillFiles } from './skill-hash.js';

const yaml = loadLater<typeof Yaml>('yaml');

const FRONTMATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** SKILL.md as the CLI writes it for Eve; undefined when its frontmatter is not YAML the CLI could read either. */
export function eveSkillMd(raw: string): string | undefined {
  const match = FRONTMATTER.exec(raw);
  let data: Record<string, unknown> = {};
  let content = raw;
  if (match) {
    try {
      // As the skills CLI parses it, without yaml printing its warnings (an unresolved tag) to the terminal.
      data = (yaml().parse(match[1] ?? '', { logLevel: 'error' }) as Record<string, unknown> | null) ?? {};
    } catch {
      return undefined;
    }
    content = match[2] ?? '';
  }
  const kept: Record<string, unknown> = {};
  if (typeof data.name === 'string') kept.name = data.name;
  if (typeof data.description === 'string') kept.description = data.description;
  if (typeof data.license === 'string') kept.license = data.license;
  if (data.compatibility !== undefined) kept.compatibility = data.compatibility;
  if (typeof data.version === 'string' || typeof data.version === 'number') kept.version = data.version;
  if (data.metadata && typeof data.metadata === 'object' && !Array.isArray(data.metadata))
    kept.metadata = data.metadata;
  const body = content.replace(/^\r?\n/u, '');
  if (Object.keys(kept).length === 0) return body;
  return `---\n${yaml().stringify(kept).trimEnd()}\n---\n${body}`;
}

/** The content hash (computedHash) of the copy the CLI would give Eve of `folder`; undefined when it cannot tell. */
export function eveCopyHash(folder: string): string | undefined {
  const hash = createHash('sha256');
  for (const f of skillFiles(folder)) {
    const name = f.path.split('/').pop() ?? '';
    hash.update(f.path);
    if (name.toLowerCase() !== 'skill.md') {
      readChunks(f.full, (chunk) => void hash.update(chunk));
      continue;
    }
    const eve = eveSkillMd(readFileSync(f.full, 'utf8'));
    if (eve === undefined) return undefined;
    hash.update(eve);
  }
  return hash.digest('hex');
}
