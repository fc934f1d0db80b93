// Owns validation: running every rule over a parsed manifest, and validating unsaved text the same way.
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { formatOfFile } from '../../../shared/manifest-formats.js';
import type { Diagnostic, SkillDefinition, ValidationProfile } from '../../../shared/types.js';
import { sortDiagnostics } from './diagnostic.js';
import { fromDecodedText, type ManifestText } from './manifest-text.js';
import { fieldsOf, normalizeSkill } from './normalize.js';
import { parseLegacyJson, type PromptFile } from './parse-legacy-json.js';
import { parseSkillMd } from './parse-skill-md.js';
import { parseTomlManifest } from './parse-toml.js';
import { applyProfile } from './profiles.js';
import type { RawManifest } from './raw-manifest.js';
import { RULES, type RuleContext } from './rules/index.js';

export interface ValidateOptions {
  profile?: ValidationProfile;
  /** Defaults to a synchronous stat; the editor may pass a cached lookup. */
  pathExists?: (absolutePath: string) => boolean;
  /** MCP servers configured for the library; when given, `mcp` targets naming another server are reported. */
  mcpServers?: ReadonlySet<string>;
  /** Skill id to give the definition (default: the folder name). */
  id?: string;
  /** For legacy-json: the instructions file. */
  prompt?: PromptFile;
}

export interface ValidationResult {
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
  const skill = fatal
    ? undefined
    : normalizeSkill(raw, options.id ?? folderName, folderName, fields, profile);
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
  const diagnostics = sortDiagnostics(applyProfile(profile, found));
  if (skill) skill.diagnostics = diagnostics;
  return { skill, diagnostics, raw };
}

/** Validates an unsaved buffer exactly as a file on disk would be (the editor calls this on every keystroke). */
export function validateText(path: string, text: string, options: ValidateOptions = {}): ValidationResult {
  return validateManifest(parseManifest(path, fromDecodedText(text), options.prompt), options);
}
