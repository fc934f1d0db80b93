// Owns the three-way merge of a text file (issue 13): base = the disk version a buffer was loaded from, mine = the
// buffer, theirs = the disk now. Lines (with their line endings) are diffed by node-diff3; every place where either
// side differs from the base is one hunk, which the user may accept from either side. Hunks that only one side
// changed (or both changed alike) merge by themselves; overlapping different changes are conflicts.
import { diffIndices } from 'node-diff3';

export type HunkChoice = 'mine' | 'theirs' | 'both' | 'base';

export interface MergeHunk {
  /** 0-based line where the hunk starts in the base. */
  baseLine: number;
  base: string[];
  mine: string[];
  theirs: string[];
  /** Both sides changed these lines differently: no choice is made for the user. */
  conflict: boolean;
}

type MergeRegion = { kind: 'same'; lines: string[] } | ({ kind: 'hunk' } & MergeHunk);

interface ThreeWayMerge {
  regions: MergeRegion[];
  hunks: MergeHunk[];
  conflicts: number;
  /** The files' line break (CRLF when either side uses it), for a line that needs one. */
  eol: '\n' | '\r\n';
}

/** Lines with their terminators kept, so joining them gives back the exact text (CRLF and a missing last EOL too). */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

const sameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, i) => line === b[i]);

interface SideHunk {
  side: 'mine' | 'theirs';
  baseStart: number;
  baseEnd: number;
  start: number;
  end: number;
}

export function mergeThreeWay(baseText: string, mineText: string, theirsText: string): ThreeWayMerge {
  const base = splitLines(baseText);
  const sides = { mine: splitLines(mineText), theirs: splitLines(theirsText) };
  const changes: SideHunk[] = (['mine', 'theirs'] as const)
    .flatMap((side) =>
      diffIndices(base, sides[side]).map((d) => ({
        side,
        baseStart: d.buffer1[0],
        baseEnd: d.buffer1[0] + d.buffer1[1],
        start: d.buffer2[0],
        end: d.buffer2[0] + d.buffer2[1],
      })),
    )
    .sort((x, y) => x.baseStart - y.baseStart);

  const regions: MergeRegion[] = [];
  const hunks: MergeHunk[] = [];
  let done = 0; // base lines already placed
  for (let i = 0; i < changes.length;) {
    const first = changes[i] as SideHunk;
    const group = [first];
    let baseEnd = first.baseEnd;
    // Changes that touch or overlap the same base lines form one hunk (adjacent edits conflict, as in diff3).
    for (i++; i < changes.length && (changes[i] as SideHunk).baseStart <= baseEnd; i++) {
      const next = changes[i] as SideHunk;
      group.push(next);
      baseEnd = Math.max(baseEnd, next.baseEnd);
    }
    const baseStart = first.baseStart;
    if (baseStart > done) regions.push({ kind: 'same', lines: base.slice(done, baseStart) });
    const span = (side: 'mine' | 'theirs'): string[] | undefined => {
      const own = group.filter((h) => h.side === side);
      if (own.length === 0) return undefined;
      // The side's lines for the whole hunk: its own changes, widened by the base lines the other side's changes
      // cover around them (unchanged on this side, so they map one to one).
      const start =
        Math.min(...own.map((h) => h.start)) - (Math.min(...own.map((h) => h.baseStart)) - baseStart);
      const end = Math.max(...own.map((h) => h.end)) + (baseEnd - Math.max(...own.map((h) => h.baseEnd)));
      return sides[side].slice(start, end);
    };
    const baseLines = base.slice(baseStart, baseEnd);
    const mine = span('mine');
    const theirs = span('theirs');
    const hunk: MergeHunk = {
      baseLine: baseStart,
      base: baseLines,
      mine: mine ?? baseLines,
      theirs: theirs ?? baseLines,
      conflict: mine !== undefined && theirs !== undefined && !sameLines(mine, theirs),
    };
    regions.push({ kind: 'hunk', ...hunk });
    hunks.push(hunk);
    done = baseEnd;
  }
  if (done < base.length) regions.push({ kind: 'same', lines: base.slice(done) });
  const eol = /\r\n/.test(mineText) || /\r\n/.test(theirsText) ? '\r\n' : '\n';
  return { regions, hunks, conflicts: hunks.filter((h) => h.conflict).length, eol };
}

/** The choice made without asking: the side that changed (mine when both changed alike); none for a conflict. */
export function defaultChoice(hunk: MergeHunk): HunkChoice | undefined {
  if (hunk.conflict) return undefined;
  return sameLines(hunk.mine, hunk.base) ? 'theirs' : 'mine';
}

/** A hunk's lines for a choice; `eol` ends mine's last line when both are taken and it has no line break. */
export function linesOf(hunk: MergeHunk, choice: HunkChoice, eol = '\n'): string[] {
  if (choice !== 'both') return hunk[choice];
  // Mine may end the file without a line break: theirs then starts a line of its own, not the end of mine's.
  const mine = [...hunk.mine];
  const last = mine.length - 1;
  if (last >= 0 && hunk.theirs.length > 0 && !mine[last]?.endsWith('\n')) mine[last] += eol;
  return [...mine, ...hunk.theirs];
}

/**
 * The merged text with one choice per hunk (in order); a hunk without a choice takes its default. Undefined while
 * a conflict has no choice.
 */
export function mergedText(
  merge: ThreeWayMerge,
  choices: ReadonlyArray<HunkChoice | undefined> = [],
): string | undefined {
  const out: string[] = [];
  let h = 0;
  for (const region of merge.regions) {
    if (region.kind === 'same') {
      out.push(...region.lines);
      continue;
    }
    const choice = choices[h++] ?? defaultChoice(region);
    if (!choice) return undefined;
    out.push(...linesOf(region, choice, merge.eol));
  }
  return out.join('');
}

/** The merge of both sides when no hunks conflict; undefined when the user must choose. */
export function autoMerge(base: string, mine: string, theirs: string): string | undefined {
  const merge = mergeThreeWay(base, mine, theirs);
  return merge.conflicts ? undefined : mergedText(merge);
}

/**
 * The line edits that turn `before` into `after`, as character offsets in `before`: an editor applies them as edits
 * (not one replacement of the whole text), so its caret and selections stay on the lines they were on.
 */
export function lineEdits(
  before: string,
  after: string,
): Array<{ start: number; end: number; text: string }> {
  const a = splitLines(before);
  const b = splitLines(after);
  const offsets = [0];
  for (const line of a) offsets.push((offsets[offsets.length - 1] ?? 0) + line.length);
  return diffIndices(a, b).map((d) => ({
    start: offsets[d.buffer1[0]] ?? before.length,
    end: offsets[d.buffer1[0] + d.buffer1[1]] ?? before.length,
    text: b.slice(d.buffer2[0], d.buffer2[0] + d.buffer2[1]).join(''),
  }));
}
