// Owns validation: parsing a manifest by its format and running every rule over it under a profile.
// Tested by: test/unit/core/tools/kinds.test.ts
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { formatOfFile } from '../../../shared/manifest-formats.js';
import type { Diagnostic, SkillDefinition, ValidationProfile } from '../../../shared/types.js';
import { sortDiagnostics } from './diagnostic.js';
import type { ManifestText } from './manifest-text.js';
import { fieldsOf, normalizeSkill } from './normalize.js';
import { parseLegacyJson, type PromptFile } from './parse-legacy-json.js';
import { parseSkillMd } from './parse-skill-md.js';
import { parseTomlManifest } from './parse-toml.js';
import { claudeCodeReading } from './claude-code-read.js';
import { applyProfile } from './profiles.js';
import type { RawManifest } from './raw-manifest.js';
import { RULES, type RuleContext } from './rules/index.js';

interface ValidateOptions {
  profile?: ValidationProfile;
  /** Defaults to a synchronous stat; the editor may pass a cached lookup. */
  pathExists?: (absolutePath: string) => boolean;
  /** MCP servers configured for the library; when given, `mcp` targets naming another server are reported. */
  mcpServers?: ReadonlySet<string>;
  /** Skill id to give the definition (default: the folder name). */
  id?: string;
}

interface ValidationResult {
  skill?: SkillDefinition;
  diagnostics: Diagnostic[];
  raw: RawManifest;
}

export function parseManifest(path: string, source: ManifestText, prompt?: PromptFile): RawManifest {
  const format = formatOfFile(path);
  switch (format) {
    case 'skill-md':
      return parseSkillMd(path, source, basename(dirname(path)));
    case 'skill-toml':
    case 'manifest-toml':
      return parseTomlManifest(path, source, format);
    case 'legacy-json':
      return parseLegacyJson(path, source, prompt);
  }
}

/** Runs every rule over a parsed manifest; findings inside frontmatter with YAML syntax errors are dropped as noise. */
export function validateManifest(raw: RawManifest, options: ValidateOptions = {}): ValidationResult {
  const profile = options.profile ?? 'skillbench';
  const folderPath = dirname(raw.file);
  const folderName = basename(folderPath);
  const fatal = raw.data === undefined;
  const fields = fieldsOf(raw.data);
  const id = options.id ?? folderName;
  const skill = fatal ? undefined : normalizeSkill(raw, id, folderName, fields, profile);
  const found: Diagnostic[] = [...raw.diagnostics];
  if (skill) {
    const ctx: RuleContext = {
      raw,
      profile,
      folderPath,
      folderName,
      fields,
      pathExists: options.pathExists ?? existsSync,
      ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
    };
    const noisy = raw.unreliableLines;
    for (const rule of RULES) {
      for (const d of rule.check(skill, ctx)) {
        if (noisy && d.file === raw.file && d.line >= noisy.from && d.line <= noisy.to) continue;
        found.push(d);
      }
    }
  }
  // Under its profile, the skill is what Claude Code reads, also where the frontmatter is broken.
  const reading = profile === 'claude-code' && raw.format === 'skill-md' ? claudeCodeReading(raw) : undefined;
  const published = reading
    ? normalizeSkill({ ...raw, ...reading }, id, folderName, fieldsOf(reading.data), profile)
    : skill;
  const written = fields.get('name')?.value;
  const facts = { folder: folderName, ...(typeof written === 'string' ? { name: written } : {}) };
  const diagnostics = sortDiagnostics(applyProfile(profile, found, facts));
  if (published) published.diagnostics = diagnostics;
  return { skill: published, diagnostics, raw };
}
