// Trigger scoring, detection and the trigger set format.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { FIXTURES } from '../../../helpers.js';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import {
  invokedSkill,
  parseTriggerSet,
  scoreTriggers,
  TRIGGER_THRESHOLD,
} from '../../../../electron/core/evals/triggers.js';
import type { TriggerQueryResult } from '../../../../shared/evals.js';

const q = (
  shouldTrigger: boolean,
  triggers: number,
  runs = 3,
  extra: Partial<TriggerQueryResult> = {},
): TriggerQueryResult => ({
  query: `q${triggers}`,
  shouldTrigger,
  runs,
  triggers,
  rate: runs ? triggers / runs : 0,
  pass: false,
  picked: {},
  cached: 0,
  durationMs: 0,
  ...extra,
});

describe('scoreTriggers', () => {
  it('counts a rate of exactly 0.5 as triggered (skill-creator’s threshold)', () => {
    expect(TRIGGER_THRESHOLD).toBe(0.5);
    expect(scoreTriggers([q(true, 1, 2), q(false, 1, 2)])).toMatchObject({ tp: 1, fp: 1 });
    expect(scoreTriggers([q(true, 1, 3)])).toMatchObject({ fn: 1, recall: 0 });
  });

  it('computes precision, recall and accuracy from the counts', () => {
    const s = scoreTriggers([q(true, 3), q(true, 2), q(true, 0), q(false, 3), q(false, 0), q(false, 1)]);
    expect(s).toEqual({ tp: 2, fn: 1, fp: 1, tn: 2, precision: 2 / 3, recall: 2 / 3, accuracy: 4 / 6 });
  });

  it('reports null, not 0 or 1, where a ratio has no denominator', () => {
    expect(scoreTriggers([q(false, 0)])).toEqual({
      tp: 0,
      fp: 0,
      tn: 1,
      fn: 0,
      precision: null,
      recall: null,
      accuracy: 1,
    });
    expect(scoreTriggers([]).accuracy).toBeNull();
  });

  it('leaves out skipped queries and queries with no answered run', () => {
    expect(scoreTriggers([q(true, 0, 0, { skipped: true }), q(true, 0, 0), q(true, 3)])).toMatchObject({
      tp: 1,
      fn: 0,
    });
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
    ['{', /f\.json: not valid JSON/],
    ['{"query":"a"}', /f\.json: expected a list like/],
    ['[{"should_trigger":true}]', /f\.json: entry 0 needs "query"/],
    ['[{"query":"a","should_trigger":"yes"}]', /f\.json: entry 0 needs "should_trigger" \(true or false\)/],
  ])('says what is wrong with %s', (text, message) => {
    expect(() => parseTriggerSet(text, 'f.json')).toThrow(message);
  });
});
