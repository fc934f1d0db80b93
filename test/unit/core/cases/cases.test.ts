import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillError } from '../../../../shared/errors.js';
import { caseFiles, checkExpectations, runCase } from '../../../../electron/core/cases/cases.js';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import { Executor } from '../../../../electron/core/tools/executor.js';
import { FIXTURES } from '../../../helpers.js';

const output = (text: string, extra = {}) => ({ output: text, isError: false, durationMs: 1, ...extra });

describe('case expectations', () => {
  it('checks isError, contains (one or all), matches (string or with flags)', () => {
    expect(checkExpectations({ contains: ['a', 'b'] }, output('a b'), undefined)).toEqual([]);
    expect(checkExpectations({ contains: ['a', 'z'] }, output('a b'), undefined)).toEqual([
      'expected the output to contain "z"',
    ]);
    expect(checkExpectations({ matches: { pattern: '^A', flags: 'i' } }, output('abc'), undefined)).toEqual(
      [],
    );
    expect(checkExpectations({ matches: '(' }, output('abc'), undefined)[0]).toMatch(
      /not a valid regular expression/,
    );
    expect(checkExpectations({}, output('x', { isError: true }), undefined)[0]).toMatch(
      /expected isError false, got true/,
    );
  });

  it('checks JSON paths and an output schema on the structured output (or the output parsed as JSON)', () => {
    const out = output('{"a":{"b":[1,2]}}');
    expect(checkExpectations({ jsonPath: { '$.a.b[1]': 2, '$.a.b': [1, 2] } }, out, undefined)).toEqual([]);
    expect(checkExpectations({ jsonPath: { '$.a.b[0]': 5 } }, out, undefined)).toEqual([
      'expected $.a.b[0] = 5, got 1',
    ]);
    expect(
      checkExpectations({ outputSchema: { type: 'object', required: ['z'] } }, out, undefined)[0],
    ).toMatch(/does not match outputSchema/);
    expect(checkExpectations({ jsonPath: { '$.x': 1 } }, output('plain'), undefined)[0]).toMatch(/not JSON/);
  });

  it('checks an expected error code', () => {
    expect(checkExpectations({ error: 'Timeout' }, undefined, new SkillError('Timeout', 't'))).toEqual([]);
    expect(checkExpectations({ error: 'Timeout' }, undefined, new SkillError('Http', 'h'))[0]).toMatch(
      /expected error Timeout, got Http/,
    );
    expect(checkExpectations({ error: 'Timeout' }, output('x'), undefined)[0]).toMatch(/returned output/);
    expect(checkExpectations({}, undefined, new SkillError('Http', 'down'))[0]).toMatch(
      /the call failed: Http: down/,
    );
  });
});

describe('running cases', () => {
  it('runs each case file of a skill and reports every failure', async () => {
    const lib = loadLibrary([{ path: join(FIXTURES, 'cases') }]);
    const skill = lib.entries[0]!.skill!;
    const executor = new Executor(lib.entries);
    const results = await Promise.all(caseFiles(skill).map((f) => runCase(executor, skill, f)));
    expect(results.map((r) => [r.name, r.passed])).toEqual([
      ['expects-error', false],
      ['not-json', false],
      ['tool-error', true],
      ['wrong-text', false],
    ]);
    expect(results[1]?.failures[0]).toMatch(/not valid JSON/);
    expect(results[3]?.failures).toEqual(['expected the output to contain "goodbye"']);
  });
});
