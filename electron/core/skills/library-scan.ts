// Owns the steps of a full scan around the walk (scan.ts): where each root starts, the manifests of all roots grouped
// by real file (one skill however many roots or links reach it), what evaluating one needs, and the slots it fills.
// Tested by: test/integration/library.test.ts
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, relative, sep } from 'node:path';
import type { AgentReader, Diagnostic, LibraryEntry } from '../../../shared/types.js';
import { makeDiagnostic } from './diagnostic.js';
import type { Evaluation, ManifestJob } from './evaluate.js';
import {
  nestedIn,
  readersOf,
  rootFailed,
  walkRoot,
  WHOLE_FILE,
  type Found,
  type RootState,
  type ScanState,
  type Walker,
} from './scan.js';
import { withFinding, type Slot } from './slots.js';

/** Sets where a root's scan starts (its real path; a manifest file's folder), or returns a `root-missing` finding. */
export function resolveStart(root: RootState): Diagnostic | undefined {
  root.start = root.info.path;
  root.onlyFile = undefined;
  try {
    const stat = statSync(root.info.path);
    root.startReal = realpathSync(root.info.path);
    if (!stat.isDirectory()) {
      // A manifest file given directly: load just that one, confined to its folder.
      root.onlyFile = root.info.path;
      root.start = dirname(root.info.path);
      root.startReal = dirname(root.startReal);
    }
    return undefined;
  } catch {
    root.startReal = undefined;
    return makeDiagnostic(
      'error',
      'root-missing',
      `The skill root "${root.info.path}" does not exist or cannot be read. Check the path.`,
      root.info.path,
      WHOLE_FILE,
    );
  }
}

/** What walking every root found: one group per real manifest file, in scan order. */
interface FoundAll {
  groups: Found[][];
  state: ScanState;
  skillsHit: boolean;
}

/** Walks every resolved root in precedence order, up to `maxSkills` distinct manifests; findings go to `w.report`. */
export function findAll(roots: readonly RootState[], w: Walker, maxSkills: number): FoundAll {
  const state: ScanState = { folders: 0, depthHit: false, foldersHit: false };
  let skills = 0;
  let skillsHit = false;
  const seen = new Map<string, Found[]>();
  const groups: Found[][] = [];
  for (const root of roots) {
    if (root.startReal === undefined) continue;
    const found: Found[] = [];
    const start = { folder: root.start, real: root.startReal, depth: 0 };
    try {
      walkRoot(w, root, start, found, state, new Set([root.startReal]));
    } catch (error) {
      // One root that cannot be walked is reported on that root; the other roots load.
      w.report(rootFailed(root.info.path, error));
      continue;
    }
    for (const f of found) {
      const same = seen.get(f.real);
      if (same) {
        same.push(f); // the same file reached through two roots or a link: one skill, read by both
        continue;
      }
      if (skills >= maxSkills) {
        skillsHit = true;
        break;
      }
      skills++;
      const group = [f];
      seen.set(f.real, group);
      groups.push(group);
    }
  }
  return { groups, state, skillsHit };
}

/** What evaluating a found manifest needs, as plain data (a worker gets the same). */
export function jobOf(f: Found, id?: string, readers: readonly AgentReader[] = readersOf([f])): ManifestJob {
  const rel = relative(f.root.start, f.folder).split(sep).join('/');
  const profiles = [...new Set(readers.map((r) => r.profile))];
  return {
    manifest: f.manifest,
    folder: f.folder,
    format: f.format,
    id: id ?? (rel && rel !== '.' ? `${f.root.info.id}/${rel}` : f.root.info.id),
    rootId: f.root.info.id,
    // A skill reached through a link out of its root is confined to where the link led.
    rootReal: f.viaLink ?? f.root.startReal ?? f.folder,
    ...(f.plugin ? { plugin: f.plugin } : {}),
    ...(profiles.length ? { profiles } : {}),
  };
}

/** A found manifest's slot, and one per manifest it overrides, from its evaluation; each is added to `fresh`. */
export function slotsOf(
  f: Found,
  fresh: Set<Slot>,
  evaluation: Evaluation,
  group: readonly Found[] = [f],
): Slot[] {
  const rel = relative(f.root.start, f.folder).split(sep).join('/');
  const segments = rel && rel !== '.' ? rel.split('/') : [];
  const readers = readersOf(group);
  const alsoAt = group.filter((g) => g !== f).map((g) => g.manifest);
  const nested = f.root.info.readers?.length && segments.length > 1 ? nestedIn(f, rel) : undefined;
  const entry: LibraryEntry = {
    ...evaluation.entry,
    ...(nested ? withFinding(evaluation.entry, nested) : {}),
    ...(readers.length ? { readers: readers.map((r) => r.agent) } : {}),
    ...(alsoAt.length ? { alsoAt } : {}),
  };
  const id = entry.id;
  const slot: Slot = {
    root: f.root,
    segments,
    rank: 0,
    folder: f.folder,
    real: f.real,
    alsoAt,
    readers,
    ...(f.viaLink ? { viaLink: f.viaLink } : {}),
    own: entry,
    entry,
  };
  fresh.add(slot);
  const slots = [slot];
  f.losers.forEach((loser, i) => {
    const own: LibraryEntry = {
      id,
      rootId: f.root.info.id,
      path: loser.path,
      format: loser.format,
      status: 'excluded',
      reason: `${basename(f.manifest)} in the same folder takes precedence`,
      diagnostics: [
        makeDiagnostic(
          'warning',
          'manifest-overridden',
          `This ${basename(loser.path)} is ignored: ${basename(f.manifest)} in the same folder takes precedence (SKILL.toml > manifest.toml > SKILL.md > skill.json). Remove one of them.`,
          loser.path,
          WHOLE_FILE,
        ),
      ],
    };
    const s: Slot = { ...slot, rank: i + 1, real: loser.path, alsoAt: [], readers: [], own, entry: own };
    fresh.add(s);
    slots.push(s);
  });
  return slots;
}
