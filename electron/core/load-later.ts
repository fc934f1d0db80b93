// Owns loading a module on first use (issue 14): a Node built-in or a CommonJS package that only some paths need
// (the `yaml` Document, Ajv, TOML and JSONC parsers, spawning a process, serving an OAuth redirect, a JSONPath query,
// worker threads) is required when a function first asks for it, so a command that never takes that path never
// loads it (`validate` of clean frontmatter loads none of them).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A function returning module `id`, required on its first call and kept. */
export function loadLater<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
