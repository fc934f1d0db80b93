// The scripted model of the trigger tests: which skill it invokes for each query of the csv-report fixture set.
import { join } from 'node:path';
import { FIXTURES } from '../../helpers.js';
import {
  lastToolResult,
  lastUserText,
  systemText,
  type Received,
  type Reply,
} from '../../fakes/model-server.js';

export const LIBRARY = join(FIXTURES, 'evals', 'library');

/** Per query, the skill the scripted model invokes in run 1, 2 and 3 (null: answers without a skill). */
export const ROUTES: Record<string, Array<string | null>> = {
  'Summarise sales.csv into a report': ['csv-report', 'csv-report', 'csv-report'],
  'Turn this spreadsheet export (data.csv) into a short report': ['csv-report', null, 'csv-report'],
  'Plot the monthly totals in metrics.csv': ['pdf-extract', null, 'csv-report'],
  'Pull the tables out of invoice.pdf': ['pdf-extract', 'pdf-extract', 'pdf-extract'],
  'Convert data.csv to JSON': ['csv-report', 'csv-report', null],
  'Write a commit message for my staged changes': ['commit-message', 'commit-message', 'commit-message'],
  // pdf-extract's set: its second query collides with csv-report
  'Extract the text of scan.pdf': ['pdf-extract', 'pdf-extract', 'pdf-extract'],
  'Summarise the tables in report.pdf as a CSV report': ['csv-report', 'csv-report', 'pdf-extract'],
};

/** A deterministic router: the n-th request for a query gets the n-th scripted pick, whatever the arrival order. */
export function router(): (text: string) => Reply {
  const seen = new Map<string, number>();
  return (text) => {
    const n = seen.get(text) ?? 0;
    seen.set(text, n + 1);
    const pick = ROUTES[text]?.[n % 3] ?? null;
    return pick ? { tool: 'Skill', input: { skill: pick } } : { text: 'I can answer that directly.' };
  };
}

/**
 * What the scripted model proposes when asked for csv-report's trigger queries: two repeat the fixture set or an
 * earlier proposal (case and spacing aside), one names a skill the library does not have.
 */
export const GENERATED = {
  queries: [
    { query: 'Make a report from q3-sales.csv', should_trigger: true, close_to: null },
    { query: '  summarise SALES.csv   into a report ', should_trigger: true },
    { query: 'Extract the tables from q3.pdf into a CSV', should_trigger: false, close_to: 'pdf-extract' },
    { query: 'Make a report from Q3-sales.csv', should_trigger: true },
    {
      query: 'Write a commit message for the CSV changes',
      should_trigger: false,
      close_to: 'commit-message',
    },
    { query: 'Open budget.xlsx', should_trigger: false, close_to: 'excel-wizard' },
  ],
};

/** The proposals kept from GENERATED against the fixture set. */
export const KEPT = [
  { query: 'Make a report from q3-sales.csv', should_trigger: true },
  { query: 'Extract the tables from q3.pdf into a CSV', should_trigger: false, close_to: 'pdf-extract' },
  { query: 'Write a commit message for the CSV changes', should_trigger: false, close_to: 'commit-message' },
  { query: 'Open budget.xlsx', should_trigger: false },
];

/** The request asking for trigger queries (electron/core/evals/generate.ts). */
export const isGenerateRequest = (req: Received) => systemText(req).startsWith('You write test queries');

/**
 * The executor model follows the skill when it is loaded; the grader checks for the heading; asked for trigger
 * queries, it answers GENERATED in a ```json block.
 */
export function scriptedModels(req: Received): Reply {
  const system = systemText(req);
  if (isGenerateRequest(req)) return { text: `\`\`\`json\n${JSON.stringify(GENERATED, null, 2)}\n\`\`\`` };
  if (system.startsWith('You grade')) {
    const answer = /<answer>\n([\s\S]*?)\n<\/answer>/.exec(lastUserText(req))?.[1] ?? '';
    const verdicts = [
      {
        text: 'The report starts with the heading ## Report',
        passed: answer.startsWith('## Report'),
        evidence: 'first line',
      },
      {
        text: 'The report gives the sales total as 42',
        passed: answer.includes('42'),
        evidence: 'mentions 42',
      },
    ];
    return { text: `Here is my grading:\n\`\`\`json\n${JSON.stringify({ expectations: verdicts })}\n\`\`\`` };
  }
  if (system.includes('The skill "csv-report" is loaded')) {
    const toolOutput = lastToolResult(req);
    if (toolOutput === undefined) return { tool: 'csv-report__count_rows', input: { text: '2 rows' } };
    return { text: `## Report\n\n| column | total |\n|---|---|\n| sales | 42 |\n\n(${toolOutput})` };
  }
  return { text: 'The total is 42.' };
}

/** The eval fixture library as `startServe({ skills })` takes it (the e2e specs). */
export const EVAL_SKILLS = ['csv-report', 'pdf-extract', 'commit-message'].map(
  (s) => `../evals/library/${s}`,
);

/** One script for a whole session: trigger requests (they offer the Skill tool) follow the routes, the rest the models. */
export function scriptedServer(): (req: Received) => Reply {
  const route = router();
  return (req) => {
    const tools = (req.body.tools ?? []) as Array<{ name?: string }>;
    return tools.some((t) => t.name === 'Skill') ? route(lastUserText(req)) : scriptedModels(req);
  };
}

/**
 * The description optimisation scenario on csv-report's set. run_loop.py's split (seed 42, holdout 0.4) trains on
 * Summarise / Plot / Convert / Pull and holds out Turn-this-spreadsheet and the commit message. Whether the model
 * loads csv-report depends on the description it sees: the original passes 2 of 4 train and 1 of 2 held-out queries,
 * the first proposal 3/4 and 2/2, the second 4/4 (every train query: the loop stops) but 1/2 held out, so the best on
 * the held-out queries is the first proposal.
 */
export const OPTIMIZE = {
  first:
    'Use this skill when the user wants a report or a chart from CSV data: totals per column, summaries.',
  second: 'Use this skill only to turn a CSV file into a Markdown report; never to convert or chart one.',
  /** The queries each description makes csv-report fire for. */
  fires: {
    original: ['Summarise sales.csv into a report', 'Convert data.csv to JSON'],
    first: [
      'Summarise sales.csv into a report',
      'Plot the monthly totals in metrics.csv',
      'Convert data.csv to JSON',
      'Turn this spreadsheet export (data.csv) into a short report',
    ],
    second: ['Summarise sales.csv into a report', 'Plot the monthly totals in metrics.csv'],
  },
};

/** The request asking for a better description (electron/core/evals/improve-description.ts). */
export const isImproveRequest = (req: Received) =>
  systemText(req).startsWith('You write the description of an agent skill');

/** A model for the optimisation scenario: triggers follow the description in the catalog; proposals in order. */
export function optimizerScript(
  proposals: string[] = [OPTIMIZE.first, OPTIMIZE.second],
): (req: Received) => Reply {
  let asked = 0;
  return (req) => {
    if (isImproveRequest(req)) {
      const next = proposals[Math.min(asked++, proposals.length - 1)] ?? '';
      return { text: `Here it is:\n<new_description>${next}</new_description>` };
    }
    const system = systemText(req);
    const seen = /<name>csv-report<\/name>\s*<description>([\s\S]*?)<\/description>/.exec(system)?.[1] ?? '';
    const which = seen.startsWith(OPTIMIZE.first.slice(0, 30))
      ? 'first'
      : seen.startsWith(OPTIMIZE.second.slice(0, 30))
        ? 'second'
        : 'original';
    return OPTIMIZE.fires[which].includes(lastUserText(req))
      ? { tool: 'Skill', input: { skill: 'csv-report' } }
      : { text: 'I can answer that directly.' };
  };
}
