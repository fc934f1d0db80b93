// Owns turning one found manifest into its library entry (read, parse, rules), the step the library runs for every
// skill, on the main thread or on a worker (issue 14): one function, so both paths give the same entry.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type {
  Diagnostic,
  LibraryEntry,
  Range,
  SkillFormat,
  ValidationProfile,
} from '../../../shared/types.js';
import { isWithin, safeRealpath } from '../fs/confine.js';
import { hasErrors, makeDiagnostic, sortDiagnostics } from './diagnostic.js';
import { DEFAULT_MAX_MANIFEST_BYTES, readManifestText, type DecodeResult } from './manifest-text.js';
import type { PromptFile } from './parse-legacy-json.js';
import { rangeOf, type RawManifest } from './raw-manifest.js';
import { applyProfile } from './profiles.js';
import { parseManifest, validateManifest } from './validate.js';

const WHOLE_FILE = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** One manifest to evaluate: plain data, so it can be sent to a worker. */
export interface ManifestJob {
  manifest: string;
  folder: string;
  format: SkillFormat;
  id: string;
  rootId: string;
  /** Real path of the folder the root's scan started in: a legacy prompt.md must resolve inside it. */
  rootReal: string;
  /** The Claude Code plugin holding the skill. */
  plugin?: string;
  /** The profiles of the agents that read it, when the library checks each skill as its agents read it. */
  profiles?: ValidationProfile[];
}

export interface EvaluateOptions {
  profile?: ValidationProfile;
  maxManifestBytes?: number;
  mcpServers?: ReadonlySet<string>;
  pathExists?: (absolutePath: string) => boolean;
}

/**
 * A manifest read from disk and evaluated. Where its `name` is written (for a shadowing diagnostic) is not part of
 * it: the library re-reads the few skills that end up shadowed (issue 14: looking it up for every skill once built a
 * `yaml` Document each, a third of a load; a top-level position now comes from the fast parse, but carrying a range
 * per skill, also across worker threads, is still more than re-reading a handful).
 */
export interface Evaluation {
  entry: LibraryEntry;
  validated: boolean;
}

export function nameRangeOf(raw: RawManifest): Range {
  return rangeOf(raw, [raw.data && 'name' in raw.data ? 'name' : ''], 'value');
}

/** Reads a found manifest and evaluates it; never throws (see evaluateManifest). */
export function readAndEvaluate(job: ManifestJob, options: EvaluateOptions): Evaluation {
  const read = readManifestText(job.manifest, options.maxManifestBytes ?? DEFAULT_MAX_MANIFEST_BYTES);
  const { entry, raw } = evaluateManifest(job, read, options);
  return { entry, validated: raw !== undefined };
}

/**
 * Parse + rules for one manifest's text (from disk or from the editor), as an entry before shadowing. Never throws:
 * whatever one file does to the parsers or the rules becomes a finding on that file, so no file can stop a load, a
 * watcher's update or a start.
 */
export function evaluateManifest(
  job: ManifestJob,
  read: DecodeResult,
  options: EvaluateOptions,
): { entry: LibraryEntry; raw?: RawManifest } {
  try {
    return evaluateOrThrow(job, read, options);
  } catch (error) {
    const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const diagnostic = makeDiagnostic(
      'error',
      'file-not-evaluated',
      `Skillbench could not read or check this manifest (${what.slice(0, 300)}), so this skill was skipped and the rest of the library loaded. Simplify the file (very deep nesting is the usual cause); if it persists, report it with the file.`,
      job.manifest,
      WHOLE_FILE,
    );
    return {
      entry: {
        id: job.id,
        rootId: job.rootId,
        path: job.manifest,
        format: job.format,
        status: 'invalid',
        diagnostics: [diagnostic],
      },
    };
  }
}

function evaluateOrThrow(
  job: ManifestJob,
  read: DecodeResult,
  options: EvaluateOptions,
): { entry: LibraryEntry; raw?: RawManifest } {
  const base = { id: job.id, rootId: job.rootId, path: job.manifest, format: job.format };
  if (!read.ok) {
    // A file that cannot be read as text is still a finding each profile rules on (Claude Code loads it anyway).
    const facts = { folder: basename(job.folder) };
    const lists = profilesOf(job, options).map((profile) => ({
      profile,
      diagnostics: applyProfile(profile, [read.diagnostic], facts),
    }));
    const diagnostics = lists.length === 1 ? (lists[0]?.diagnostics ?? []) : mergeProfiles(lists);
    return { entry: { ...base, status: hasErrors(diagnostics) ? 'invalid' : 'loaded', diagnostics } };
  }
  const maxBytes = options.maxManifestBytes ?? DEFAULT_MAX_MANIFEST_BYTES;
  let prompt: PromptFile | undefined;
  const extra: Diagnostic[] = [];
  if (job.format === 'legacy-json') {
    const promptPath = join(job.folder, 'prompt.md');
    const real = existsSync(promptPath) ? safeRealpath(promptPath) : undefined;
    if (real && isWithin(job.rootReal, real)) {
      const p = readManifestText(promptPath, maxBytes);
      if (p.ok) prompt = { path: promptPath, text: p.value.text };
      else extra.push(p.diagnostic);
    }
  }
  if (job.format === 'skill-md' && basename(job.manifest) !== 'SKILL.md') {
    const to = join(job.folder, 'SKILL.md');
    extra.push(
      makeDiagnostic(
        'error',
        'manifest-filename',
        `The manifest is named "${basename(job.manifest)}"; runtimes look for "SKILL.md" exactly, so on case-sensitive file systems this skill is never found. Rename it to SKILL.md.`,
        job.manifest,
        WHOLE_FILE,
        { title: 'Rename to SKILL.md', edits: [], rename: { from: job.manifest, to } },
      ),
    );
  }
  const raw = parseManifest(job.manifest, read.value, prompt);
  const results = profilesOf(job, options).map((profile) => ({
    profile,
    result: validateManifest(raw, {
      id: job.id,
      profile,
      ...(options.pathExists ? { pathExists: options.pathExists } : {}),
      ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
    }),
  }));
  const found =
    results.length === 1
      ? (results[0]?.result.diagnostics ?? [])
      : mergeProfiles(results.map((r) => ({ profile: r.profile, diagnostics: r.result.diagnostics })));
  const diagnostics = [...extra, ...found];
  const entry: LibraryEntry = { ...base, status: hasErrors(diagnostics) ? 'invalid' : 'loaded', diagnostics };
  // The skill as the first reader that loads it reads it: one may refuse (a YAML error) what another loads.
  const skill = (results.find((r) => !hasErrors(r.result.diagnostics)) ?? results[0])?.result.skill;
  if (skill) {
    skill.diagnostics = diagnostics;
    if (job.plugin) skill.plugin = job.plugin;
    entry.skill = skill;
  }
  return { entry, raw };
}

/**
 * The profiles a manifest is checked under: the one the user chose, else those of the agents reading it (a skill in
 * `.claude/skills` is checked as Claude Code reads it), else the default.
 */
function profilesOf(job: ManifestJob, options: EvaluateOptions): ValidationProfile[] {
  if (options.profile && options.profile !== 'skillbench') return [options.profile];
  return job.profiles?.length ? job.profiles : ['skillbench'];
}

/**
 * One list from the findings of several profiles: a finding every profile reports alike is kept once; one they
 * disagree on (a severity, a message, or reported by some only) is kept per variant, naming the profiles.
 */
function mergeProfiles(
  lists: ReadonlyArray<{ profile: ValidationProfile; diagnostics: readonly Diagnostic[] }>,
): Diagnostic[] {
  const at = (d: Diagnostic) => `${d.code}\0${d.file}\0${d.line}:${d.column}:${d.endLine}:${d.endColumn}`;
  const variants = new Map<string, Map<string, { d: Diagnostic; profiles: ValidationProfile[] }>>();
  for (const { profile, diagnostics } of lists)
    for (const d of diagnostics) {
      const place =
        variants.get(at(d)) ?? new Map<string, { d: Diagnostic; profiles: ValidationProfile[] }>();
      variants.set(at(d), place);
      const key = `${d.severity}\0${d.message}`;
      const variant = place.get(key);
      if (variant) variant.profiles.push(profile);
      else place.set(key, { d, profiles: [profile] });
    }
  const out: Diagnostic[] = [];
  for (const place of variants.values())
    for (const { d, profiles } of place.values())
      out.push(place.size === 1 && profiles.length === lists.length ? d : { ...d, profiles });
  return sortDiagnostics(out);
}
