// Trigger scoring, detection and the trigger set format.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { FIXTURES } from '../../../helpers.js';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import {
  invokedSkill,
  parseTriggerSet,
  TRIGGER_THRESHOLD,
} from '../../../../electron/core/evals/triggers.js';
import { scoreByQuery, scoreByRun } from '../../../../electron/core/evals/trigger-report.js';
import type { TriggerQueryResult } from '../../../../shared/evals.js';

const q = (
  should_trigger: boolean,
  triggers: number,
  runs = 3,
  extra: Partial<TriggerQueryResult> = {},
): TriggerQueryResult => ({
  query: `q${triggers}`,
  should_trigger,
  runs,
  triggers,
  trigger_rate: runs ? triggers / runs : 0,
  pass: false,
  picked: {},
  cached: 0,
  duration_ms: 0,
  ...extra,
});

describe('scoreByQuery (Skillbench’s per-query view)', () => {
  it('counts a rate of exactly 0.5 as triggered (skill-creator’s threshold)', () => {
    expect(TRIGGER_THRESHOLD).toBe(0.5);
    expect(scoreByQuery([q(true, 1, 2), q(false, 1, 2)])).toMatchObject({ tp: 1, fp: 1 });
    expect(scoreByQuery([q(true, 1, 3)])).toMatchObject({ fn: 1, recall: 0 });
  });

  it('computes precision, recall and accuracy from the counts', () => {
    const s = scoreByQuery([q(true, 3), q(true, 2), q(true, 0), q(false, 3), q(false, 0), q(false, 1)]);
    expect(s).toEqual({ tp: 2, fn: 1, fp: 1, tn: 2, precision: 2 / 3, recall: 2 / 3, accuracy: 4 / 6 });
  });

  it('reports null, not 0 or 1, where a ratio has no denominator', () => {
    expect(scoreByQuery([q(false, 0)])).toEqual({
      tp: 0,
      fp: 0,
      tn: 1,
      fn: 0,
      precision: null,
      recall: null,
      accuracy: 1,
    });
    expect(scoreByQuery([]).accuracy).toBeNull();
  });

  it('leaves out skipped queries and queries with no answered run', () => {
    expect(scoreByQuery([q(true, 0, 0, { skipped: true }), q(true, 0, 0), q(true, 3)])).toMatchObject({
      tp: 1,
      fn: 0,
    });
  });
});

describe('scoreByRun (skill-creator’s run_loop.py)', () => {
  it('counts every run: triggers of should-trigger queries are true positives, their other runs false negatives', () => {
    const s = scoreByRun([q(true, 3), q(true, 2), q(true, 0), q(false, 3), q(false, 0), q(false, 1)]);
    expect(s).toEqual({ tp: 5, fn: 4, fp: 4, tn: 5, precision: 5 / 9, recall: 5 / 9, accuracy: 10 / 18 });
  });

  it('gives 1 for a precision or recall with nothing to count, and 0 for such an accuracy, as run_loop.py does', () => {
    expect(scoreByRun([q(false, 0)])).toMatchObject({ precision: 1, recall: 1, accuracy: 1 });
    expect(scoreByRun([])).toMatchObject({ precision: 1, recall: 1, accuracy: 0 });
  });

  it('counts no run of a skipped query (it has none)', () => {
    expect(scoreByRun([q(true, 0, 0, { skipped: true }), q(true, 2)])).toMatchObject({ tp: 2, fn: 1 });
  });
});

describe('invokedSkill', () => {
  const entries = loadLibrary([{ path: join(FIXTURES, 'evals', 'library') }]).entries;
  const pdf = entries.find((e) => e.skill?.name === 'pdf-extract')!.skill!;

  it('reads the Skill tool’s argument, with or without a plugin prefix', () => {
    expect(invokedSkill([{ id: '1', name: 'Skill', input: { skill: 'csv-report' } }], entries)).toBe(
      'csv-report',
    );
    expect(invokedSkill([{ id: '1', name: 'Skill', input: { skill: 'tools:pdf-extract' } }], entries)).toBe(
      'pdf-extract',
    );
    // An unlisted name is still reported, so a hallucinated skill shows up among the picks.
    expect(invokedSkill([{ id: '1', name: 'Skill', input: { skill: 'made-up' } }], entries)).toBe('made-up');
  });

  it('counts a read of a listed skill’s SKILL.md', () => {
    expect(invokedSkill([{ id: '1', name: 'Read', input: { file_path: pdf.sourcePath } }], entries)).toBe(
      'pdf-extract',
    );
    expect(
      invokedSkill([{ id: '1', name: 'Read', input: { file_path: '/x/notes/README.md' } }], entries),
    ).toBeUndefined();
  });

  it('ignores other tools and a Skill call without a name', () => {
    expect(invokedSkill([{ id: '1', name: 'Bash', input: { command: 'ls' } }], entries)).toBeUndefined();
    expect(invokedSkill([{ id: '1', name: 'Skill', input: {} }], entries)).toBeUndefined();
  });
});

describe('parseTriggerSet', () => {
  it('reads skill-creator’s format', () => {
    expect(parseTriggerSet('[{"query":"a","should_trigger":true}]', 'f.json')).toEqual([
      { query: 'a', should_trigger: true },
    ]);
  });

  it.each([
    ['{', /f\.json is not valid JSON/],
    ['{"query":"a"}', /f\.json: expected a list like/],
    ['[{"should_trigger":true}]', /f\.json: entry 0 needs "query"/],
    ['[{"query":"a","should_trigger":"yes"}]', /f\.json: entry 0 needs "should_trigger" \(true or false\)/],
  ])('says what is wrong with %s', (text, message) => {
    expect(() => parseTriggerSet(text, 'f.json')).toThrow(message);
  });
});
