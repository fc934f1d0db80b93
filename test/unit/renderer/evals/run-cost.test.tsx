// @vitest-environment jsdom
// The Evals tab's cost figures: a run's tokens by kind and its cost with and without prompt caching beside its
// results, and the estimate of a trigger run before it starts; an output eval named by its prompt, not "eval-1".
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RunCost, TriggerEstimate } from '../../../../renderer/src/evals/RunCost.js';
import { OutputEvals } from '../../../../renderer/src/evals/OutputEvals.js';
import { summarizeRuns } from '../../../../electron/core/evals/benchmark.js';
import type { EvalRunResult, OutputRunView } from '../../../../shared/evals.js';
import type { HostApi } from '../../../../shared/ipc.js';

afterEach(cleanup);

const SONNET = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };

describe('a run’s cost beside its results', () => {
  it('shows each kind of token and both costs', () => {
    render(
      <RunCost
        usage={{
          input_tokens: 150,
          cache_creation_input_tokens: 1500,
          cache_read_input_tokens: 13500,
          output_tokens: 300,
          cost_usd: 0.0152,
          cost_without_cache_usd: 0.0505,
        }}
      />,
    );
    expect(screen.getByLabelText('Usage and cost').textContent).toBe(
      'Tokens 150 in, 1,500 cache write, 13,500 cache read, 300 out; cost $0.0152 (without caching $0.0505).',
    );
  });
});

describe('the estimate before a trigger run', () => {
  const size = { queries: 10, prefix_tokens: 1500, query_tokens: 100 };

  it('counts the prefix written once and read by every later request, priced both ways and as a batch', () => {
    render(<TriggerEstimate size={size} runs={3} price={SONNET} model="claude-sonnet-4-5" />);
    // 30 requests: 300 query tokens, 1,500 written, 29 × 1,500 read, 30 × 30 out.
    expect(screen.getByLabelText('Estimated cost').textContent).toBe(
      'Estimate: 30 requests, about 46,200 tokens (43,500 read from the prompt cache); cost about $0.0331 (without caching $0.1494); as a batch about $0.0165.',
    );
  });

  it('says the cost is unknown, and where to add a price, for a model without one', () => {
    render(<TriggerEstimate size={size} runs={1} price={undefined} model="house-model" />);
    expect(screen.getByLabelText('Estimated cost').textContent).toContain(
      'cost unknown: house-model has no price (add it to prices.json in the data folder).',
    );
  });

  it('shows nothing without a trigger set', () => {
    render(<TriggerEstimate size={undefined} runs={1} price={SONNET} model="m" />);
    expect(screen.queryByLabelText('Estimated cost')).toBeNull();
  });
});

describe('an output eval’s name', () => {
  it('is the start of its prompt, the folder eval-1 kept as its tooltip', () => {
    const run: EvalRunResult = {
      eval_id: 1,
      eval_name: 'eval-1',
      eval_title: 'Summarise sales.csv into a short report',
      configuration: 'with_skill',
      run_number: 1,
      result: {
        pass_rate: 1,
        passed: 1,
        failed: 0,
        total: 1,
        time_seconds: 1,
        tokens: 10,
        tool_calls: 0,
        errors: 0,
        cost_usd: 0,
      },
      expectations: [],
      dir: '/w/iteration-1/eval-1/with_skill/run-1',
      cached: false,
    };
    const view: OutputRunView = {
      iterationDir: '/w/iteration-1',
      benchmark: {
        metadata: {
          skill_name: 's',
          skill_path: '/w/s',
          executor_model: 'm',
          grader_model: 'm',
          timestamp: '2026-12-06T00:00:00Z',
          evals_run: [1],
          runs_per_configuration: 1,
        },
        runs: [run],
        run_summary: summarizeRuns([run]),
        notes: [],
      },
    };
    render(<OutputEvals host={{} as HostApi} skillId="s" view={view} />);
    const cell = screen.getByText('Summarise sales.csv into a short report');
    expect(cell.getAttribute('title')).toBe('eval-1');
    expect(
      screen.getByRole('button', {
        name: 'Transcript of Summarise sales.csv into a short report with_skill run 1',
      }),
    ).toBeTruthy();
  });
});
