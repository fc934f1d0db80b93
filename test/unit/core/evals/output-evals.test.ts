// The evals.json format, the grader's answer, and the benchmark arithmetic.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  evalFolderNames,
  evalTitles,
  nextIterationDir,
  summarizeRuns,
} from '../../../../electron/core/evals/benchmark.js';
import {
  parseEvalsFile,
  readEvalsFile,
  ungraded,
  userTurn,
} from '../../../../electron/core/evals/evals-file.js';
import { gradingSummary, parseGraderAnswer } from '../../../../electron/core/evals/grading.js';
import type { EvalRunResult } from '../../../../shared/evals.js';
import { FIXTURES } from '../../../helpers.js';

const SKILL_CREATOR = join(FIXTURES, 'evals', 'skill-creator');

describe('evals.json', () => {
  it('reads skill-creator’s format, with checks written like saved cases', () => {
    const file = parseEvalsFile(
      JSON.stringify({
        skill_name: 's',
        evals: [
          { id: 1, prompt: 'p', expected_output: 'e', files: [], expectations: ['x', { contains: '42' }] },
        ],
      }),
      'evals.json',
    );
    expect(file.evals[0]?.expectations).toEqual(['x', { contains: '42' }]);
  });

  it('reads skill-creator’s first stage: prompts without expectations, nothing to grade yet', () => {
    const file = readEvalsFile(join(SKILL_CREATOR, 'evals-first-stage.json'), 'cli');
    expect(file.evals.map((e) => [e.id, e.expectations])).toEqual([
      [1, []],
      [2, []],
    ]);
    expect(file.evals.every(ungraded)).toBe(true);
    expect(file.evals[0]?.expected_output).toBe('A Markdown report headed Report with the sales total 42.');
  });

  it('reads expectations written as "assertions" (eval_metadata.json’s name for them)', () => {
    const file = readEvalsFile(join(SKILL_CREATOR, 'evals-assertions.json'), 'cli');
    expect(file.evals[0]?.expectations).toEqual([
      'The report starts with the heading ## Report',
      'The report gives the sales total as 42',
    ]);
    expect(file.evals[0]).not.toHaveProperty('assertions');
    expect(ungraded(file.evals[0]!)).toBe(false);
  });

  it.each([
    ['[]', /expected \{"skill_name"/],
    ['{"evals":[{"prompt":"p","expectations":[]}]}', /evals\[0\] needs an "id"/],
    ['{"evals":[{"id":1,"expectations":[]}]}', /evals\[0\] needs a "prompt"/],
    [
      '{"evals":[{"id":1,"prompt":"p","expectations":["a"],"assertions":["b"]}]}',
      /evals\[0\] has both "expectations" and "assertions": keep one list/,
    ],
    ['{"evals":[{"id":1,"prompt":"p","assertions":"a"}]}', /evals\[0\]\.assertions must be a list/],
    [
      '{"evals":[{"id":1,"prompt":"p","assertions":[""]}]}',
      /evals\[0\]\.assertions\[0\] must be a statement/,
    ],
    [
      '{"evals":[{"id":1,"prompt":"p","expectations":[{"equals":1}]}]}',
      /expectations\[0\] must be a statement/,
    ],
    [
      '{"evals":[{"id":1,"prompt":"p","expectations":[]},{"id":1,"prompt":"q","expectations":[]}]}',
      /two evals have the id 1/,
    ],
  ])('says what is wrong with %s', (text, message) => {
    expect(() => parseEvalsFile(text, 'evals.json')).toThrow(message);
  });

  it('attaches files from the skill folder and refuses one outside it', () => {
    const skillDir = join(FIXTURES, 'evals', 'library', 'csv-report');
    expect(userTurn({ id: 1, prompt: 'p', files: ['SKILL.md'], expectations: [] }, skillDir)).toMatch(
      /^p\n\n<file path="SKILL.md">\n---\nname: csv-report/,
    );
    expect(() =>
      userTurn({ id: 1, prompt: 'p', files: ['../pdf-extract/SKILL.md'], expectations: [] }, skillDir),
    ).toThrow(/outside the skill folder/);
    expect(() => userTurn({ id: 1, prompt: 'p', files: ['nope.csv'], expectations: [] }, skillDir)).toThrow(
      /file nope.csv does not exist/,
    );
  });
});

describe('grader answers', () => {
  const expected = ['A', 'B'];
  it('reads verdicts from a fenced or bare JSON object, matching by text, else by position', () => {
    const json = JSON.stringify({
      expectations: [
        { text: 'B', passed: false, evidence: 'no B' },
        { text: 'A', passed: true, evidence: 'has A' },
      ],
    });
    expect(parseGraderAnswer(`Sure.\n\`\`\`json\n${json}\n\`\`\``, expected)).toEqual([
      { text: 'A', passed: true, evidence: 'has A' },
      { text: 'B', passed: false, evidence: 'no B' },
    ]);
    expect(
      parseGraderAnswer(`{"expectations":[{"passed":true,"evidence":"1"},{"passed":true}]}`, expected),
    ).toEqual([
      { text: 'A', passed: true, evidence: '1' },
      { text: 'B', passed: true, evidence: '' },
    ]);
  });

  it('reads verdicts by the text they quote: reordered, repeated, or quoting another expectation', () => {
    const noVerdict = 'Not graded: the grader gave no verdict for this expectation.';
    // Reordered: each verdict goes to the expectation it quotes, not to the one at its position.
    expect(
      parseGraderAnswer(
        '{"expectations":[{"text":"B","passed":false,"evidence":"no B"},{"text":" A ","passed":true,"evidence":"A"}]}',
        expected,
      ),
    ).toEqual([
      { text: 'A', passed: true, evidence: 'A' },
      { text: 'B', passed: false, evidence: 'no B' },
    ]);
    // Two expectations with the same text take one verdict each, in order.
    expect(
      parseGraderAnswer(
        '{"expectations":[{"text":"A","passed":true,"evidence":"1"},{"text":"A","passed":false,"evidence":"2"}]}',
        ['A', 'A'],
      ).map((g) => g.evidence),
    ).toEqual(['1', '2']);
    // A verdict quoting an expectation that was not asked is never given to another one by position.
    expect(
      parseGraderAnswer(
        '{"expectations":[{"text":"A","passed":true,"evidence":"a"},{"text":"Z","passed":true,"evidence":"z"}]}',
        expected,
      )[1],
    ).toEqual({ text: 'B', passed: false, evidence: noVerdict, ungraded: true });
  });

  it('leaves what the grader did not judge ungraded, not failed, saying so', () => {
    expect(
      parseGraderAnswer('{"expectations":[{"text":"A","passed":true,"evidence":"ok"}]}', expected)[1],
    ).toEqual({
      text: 'B',
      passed: false,
      evidence: 'Not graded: the grader gave no verdict for this expectation.',
      ungraded: true,
    });
    const notJson = parseGraderAnswer('I think it is fine', expected);
    expect(notJson.every((g) => g.ungraded)).toBe(true);
    expect(notJson[0]?.evidence).toMatch(/^Not graded: the grader's answer was not JSON: I think it is fine/);
    // Out of the pass rate: a grader that answered prose does not make the skill 0%.
    expect(gradingSummary(notJson)).toEqual({ passed: 0, failed: 0, total: 0, pass_rate: 0, ungraded: 2 });
  });

  it('summarises like grading.json, the ungraded counted apart', () => {
    expect(
      gradingSummary([
        { text: 'a', passed: true, evidence: '' },
        { text: 'b', passed: false, evidence: '' },
      ]),
    ).toEqual({ passed: 1, failed: 1, total: 2, pass_rate: 0.5 });
    expect(
      gradingSummary([
        { text: 'a', passed: true, evidence: '' },
        { text: 'b', passed: false, evidence: 'Not graded', ungraded: true },
      ]),
    ).toEqual({ passed: 1, failed: 0, total: 1, pass_rate: 1, ungraded: 1 });
  });
});

describe('benchmark', () => {
  const run = (
    configuration: EvalRunResult['configuration'],
    pass_rate: number,
    time_seconds: number,
    tokens: number,
    total = 4,
  ): EvalRunResult => ({
    eval_id: 1,
    eval_name: 'eval-1',
    configuration,
    run_number: 1,
    result: {
      pass_rate,
      passed: pass_rate * total,
      failed: total - pass_rate * total,
      total,
      time_seconds,
      tokens,
      tool_calls: 0,
      errors: 0,
      cost_usd: 0,
    },
    expectations: [],
    dir: '',
    cached: false,
  });

  it('gives mean, sample stddev, min and max per configuration, and the signed deltas', () => {
    const s = summarizeRuns([
      run('with_skill', 1, 10, 300),
      run('with_skill', 0.5, 20, 100),
      run('without_skill', 0.25, 5, 100),
    ]);
    expect(s.with_skill?.pass_rate).toEqual({ mean: 0.75, stddev: Math.sqrt(0.125), min: 0.5, max: 1 });
    expect(s.delta).toEqual({ pass_rate: '+0.50', time_seconds: '+10.0', tokens: '+100' });
  });

  it('leaves runs with nothing graded out of the pass rate, not out of time and tokens', () => {
    const s = summarizeRuns([
      run('with_skill', 1, 10, 300),
      run('with_skill', 0, 30, 100, 0),
      run('without_skill', 0, 5, 100, 0),
    ]);
    expect(s.with_skill?.pass_rate).toEqual({ mean: 1, stddev: 0, min: 1, max: 1 });
    expect(s.with_skill?.time_seconds.mean).toBe(20);
    expect(s.delta).toEqual({ pass_rate: 'n/a', time_seconds: '+15.0', tokens: '+100' });
  });

  it('numbers iterations after the highest present', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillbench-ws-'));
    expect(nextIterationDir(dir)).toBe(join(dir, 'iteration-1'));
    mkdirSync(join(dir, 'iteration-1'));
    mkdirSync(join(dir, 'iteration-7'));
    mkdirSync(join(dir, 'iteration-x'));
    expect(nextIterationDir(dir)).toBe(join(dir, 'iteration-8'));
  });
});

describe('what an output eval is called', () => {
  it('is its name, else the start of its prompt; its folder stays skill-creator’s eval-<name or id>', () => {
    const evals = [
      { id: 1, prompt: 'Summarise sales.csv into a short report\nUse the attached file.', expectations: [] },
      { id: 2, name: 'totals', prompt: 'Add up the totals', expectations: [] },
    ];
    expect([...evalTitles(evals).values()]).toEqual(['Summarise sales.csv into a short report', 'totals']);
    expect([...evalFolderNames(evals).values()]).toEqual(['eval-1', 'eval-totals']);
  });
});
