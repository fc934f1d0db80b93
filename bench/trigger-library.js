// A trigger-eval library made from the repository's own SKILL.md files (the bundled skills and the test fixtures):
// each copied into a folder of its name with a trigger set of queries, for the prompt-cache test and benchmark.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['skills', join('test', 'fixtures')];

function* skillFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* skillFiles(path);
    else if (name === 'SKILL.md') yield path;
  }
}

/** SKILL.md files with a plain one-line name and a description long enough to describe something, names unique. */
export function realSkills() {
  const seen = new Set();
  const out = [];
  for (const source of SOURCES)
    for (const file of skillFiles(join(REPO, source))) {
      const text = readFileSync(file, 'utf8');
      const name = /^---\r?\n(?:.*\r?\n)*?name:\s*([a-z0-9][a-z0-9-]*)\s*\r?\n/.exec(text)?.[1];
      const description = /^description:\s*([A-Za-z].{39,})$/m.exec(text)?.[1];
      if (!name || !description || seen.has(name) || /disable-model-invocation:\s*true/.test(text)) continue;
      seen.add(name);
      out.push({ name, file, text });
    }
  return out;
}

/**
 * Writes `skills` real skills into `dir`, each with `evals/trigger-eval.json` of `queries` queries (half should
 * trigger it); returns their names.
 */
export function writeTriggerLibrary(dir, { skills = 24, queries = 10 } = {}) {
  const chosen = realSkills().slice(0, skills);
  if (chosen.length < skills)
    throw new Error(
      `Only ${chosen.length} usable SKILL.md files in the repository; ${skills} were asked for.`,
    );
  for (const skill of chosen) {
    const folder = join(dir, skill.name);
    mkdirSync(join(folder, 'evals'), { recursive: true });
    writeFileSync(join(folder, 'SKILL.md'), skill.text);
    const set = Array.from({ length: queries }, (_, i) => ({
      query: i % 2 === 0 ? `Use ${skill.name} on task ${i + 1}` : `Something unrelated, number ${i + 1}`,
      should_trigger: i % 2 === 0,
    }));
    writeFileSync(join(folder, 'evals', 'trigger-eval.json'), `${JSON.stringify(set, null, 2)}\n`);
  }
  return chosen.map((s) => s.name);
}

/**
 * The scripted model for this library (the fake model server's reply): a query written as `Use NAME on task N` loads
 * NAME with the Skill tool, any other is answered directly; usage is counted from the request as the vendors do.
 */
export function triggerLibraryReply(userText, directAnswer = 'Answered directly.') {
  const named = /^Use (\S+) on task/.exec(userText)?.[1];
  return named
    ? { tool: 'Skill', input: { skill: named }, usage: 'measured' }
    : { text: directAnswer, usage: 'measured' };
}
