// Manifests built to break parsers, shared by the adversarial tests and the editor/library agreement test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const nestedBlock = Array.from({ length: 1300 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
const manyKeys = Array.from({ length: 20_000 }, (_, i) => `k${i}: v`).join('\n');

/** Folder name -> SKILL.md text. */
export const ADVERSARIAL = {
  deep: `---\nname: deep\ndescription: d\nm: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n---\nbody\n`,
  'deep-block': `---\nname: deep-block\ndescription: d\n${nestedBlock} v\n---\nbody\n`,
  many: `---\nname: many\ndescription: d\n${manyKeys}\n---\nbody\n`,
  cr: '---\rname: cr\rdescription: Old Mac line endings.\r---\rbody\r',
  'empty-fm': '---\n---\nbody\n',
} as const satisfies Record<string, string>;

/** Writes every adversarial manifest as `dir/<name>/SKILL.md`. */
export function writeAdversarial(dir: string): void {
  for (const [name, text] of Object.entries(ADVERSARIAL)) {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, 'SKILL.md'), text);
  }
}
