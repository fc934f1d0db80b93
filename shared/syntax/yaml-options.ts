// Owns how frontmatter YAML is read, by the validator and the editor alike: YAML 1.2's core schema (`on` and `yes`
// are strings), no tags that construct objects, no merge keys, strict, and a bound on alias expansion.
import type { DocumentOptions, ParseOptions, SchemaOptions } from 'yaml';

export const MAX_YAML_ALIASES = 100;

export const FRONTMATTER_YAML = {
  version: '1.2',
  schema: 'core',
  resolveKnownTags: false, // !!binary, !!set, !!timestamp... stay unresolved (the validator reports them)
  merge: false,
  strict: true,
} as const satisfies ParseOptions & DocumentOptions & SchemaOptions;
