// Owns grading an output eval's run: checks written like saved cases are graded by code, statements by the grader
// model (its prompt and how its answer is read), and grading.json's summary.
// Tested by: test/unit/core/evals/output-evals.test.ts
import type { GradedExpectation, Grading, TranscriptMessage } from '../../../shared/evals.js';
import { checkExpectations } from '../cases/cases.js';
import { expectationText, type OutputEval } from './evals-file.js';
import type { ModelClient } from '../models/model-client.js';
import { readJson } from '../../../shared/json-read.js';
import type { RunUsage } from '../../../shared/usage.js';
import { tokensOf } from '../models/budget.js';

/** What grading reads of a run: the final answer and the tool calls of its transcript. */
export interface GradedRun {
  answer: string;
  transcript: readonly TranscriptMessage[];
}

const GRADER_SYSTEM = [
  'You grade an AI assistant’s answer against a list of expectations.',
  'For each expectation decide whether the answer clearly meets it, and quote or cite the evidence.',
  'A vague or partial answer does not pass. Reply with JSON only, in this shape:',
  '{"expectations": [{"text": "<the expectation, verbatim>", "passed": true, "evidence": "<why>"}]}',
].join('\n');

/**
 * The grader's verdicts from its answer (a JSON object, possibly in a ```json fence). An expectation without a
 * readable verdict is ungraded, with a note: the grader failing says nothing about the skill.
 */
export function parseGraderAnswer(text: string, expected: readonly string[]): GradedExpectation[] {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const body = fenced ?? text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  let verdicts: Array<Partial<GradedExpectation>> = [];
  const read = readJson(body);
  if (read.ok) {
    const parsed = read.value as { expectations?: unknown } | null;
    if (Array.isArray(parsed?.expectations))
      verdicts = parsed.expectations as Array<Partial<GradedExpectation>>;
  } else {
    return expected.map((t) => ({
      text: t,
      passed: false,
      evidence: `Not graded: the grader's answer was not JSON: ${text.slice(0, 200)}`,
      ungraded: true,
    }));
  }
  // Each verdict answers the expectation it quotes (spacing aside), and only one: a grader that reorders its list is
  // still read right and two expectations with the same text take one verdict each. A verdict that quotes nothing
  // answers the expectation at its position (a list as long as the one asked); one quoting another text never does.
  const used = new Set<number>();
  const unquoted = (i: number) =>
    verdicts.length === expected.length && !used.has(i) && typeof verdicts[i]?.text !== 'string' ? i : -1;
  return expected.map((t, i) => {
    const quoted = verdicts.findIndex(
      (x, j) => !used.has(j) && typeof x.text === 'string' && sameText(x.text, t),
    );
    const k = quoted >= 0 ? quoted : unquoted(i);
    const v = k < 0 ? undefined : verdicts[k];
    if (!v || typeof v.passed !== 'boolean')
      return {
        text: t,
        passed: false,
        evidence: 'Not graded: the grader gave no verdict for this expectation.',
        ungraded: true,
      };
    used.add(k);
    return { text: t, passed: v.passed, evidence: typeof v.evidence === 'string' ? v.evidence : '' };
  });
}

const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

export function gradingSummary(expectations: readonly GradedExpectation[]): Grading['summary'] {
  const graded = expectations.filter((e) => !e.ungraded);
  const passed = graded.filter((e) => e.passed).length;
  const total = graded.length;
  const ungraded = expectations.length - total;
  return {
    passed,
    failed: total - passed,
    total,
    pass_rate: total === 0 ? 0 : passed / total,
    ...(ungraded > 0 ? { ungraded } : {}),
  };
}

/** A run's note when the grader left expectations ungraded (they are out of its pass rate). */
export function ungradedNote(summary: Grading['summary']): string | undefined {
  const n = summary.ungraded ?? 0;
  if (n === 0) return undefined;
  return `Not graded: ${n} of ${n + summary.total} expectation${n + summary.total === 1 ? '' : 's'} got no readable verdict from the grader; left out of the pass rate.`;
}

export async function grade(
  grader: ModelClient,
  e: OutputEval,
  run: GradedRun,
  sample: number,
  signal: AbortSignal | undefined,
): Promise<{ expectations: GradedExpectation[]; tokens: number; usage: RunUsage }> {
  // Verdicts by position, so two expectations with the same text are graded apart.
  const verdicts: GradedExpectation[] = [];
  const byModelAt: number[] = [];
  let tokens = 0;
  const usage = grader.tally();
  for (const [i, x] of e.expectations.entries()) {
    if (typeof x === 'string') {
      byModelAt.push(i);
      continue;
    }
    const { text: _text, ...check } = x;
    const failures = checkExpectations(
      check,
      { output: run.answer, isError: false, durationMs: 0 },
      undefined,
    );
    verdicts[i] = {
      text: expectationText(x),
      passed: failures.length === 0,
      evidence:
        failures.length === 0 ? `Checked by code: ${JSON.stringify(check)} holds.` : failures.join('; '),
    };
  }
  const byModel = byModelAt.map((i) => e.expectations[i] as string);
  if (byModel.length > 0) {
    const tools = run.transcript
      .filter((t) => t.tool)
      .map(
        (t) =>
          `- ${t.tool?.name}(${JSON.stringify(t.tool?.input)}) -> ${(t.tool?.output ?? '').slice(0, 500)}`,
      );
    const user = [
      `<task>\n${e.prompt}\n</task>`,
      e.expected_output ? `<expected_output>\n${e.expected_output}\n</expected_output>` : '',
      tools.length ? `<tool_calls>\n${tools.join('\n')}\n</tool_calls>` : '',
      `<answer>\n${run.answer}\n</answer>`,
      `<expectations>\n${byModel.map((t, i) => `${i + 1}. ${t}`).join('\n')}\n</expectations>`,
    ]
      .filter(Boolean)
      .join('\n\n');
    const { response, cached } = await grader.complete(
      { system: GRADER_SYSTEM, messages: [{ role: 'user', content: user }], maxTokens: 2048, temperature: 0 },
      { sample, ...(signal ? { signal } : {}) },
    );
    if (!cached) {
      tokens += tokensOf(response.usage);
      usage.add(response.usage);
    }
    parseGraderAnswer(response.text, byModel).forEach((g, k) => (verdicts[byModelAt[k] as number] = g));
  }
  return {
    expectations: verdicts,
    tokens,
    usage: usage.report(),
  };
}
