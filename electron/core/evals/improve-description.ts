// Owns asking a model for a better skill description from a trigger eval's failures, as skill-creator's
// improve_description.py asks it (in Skillbench's words): the current description and its train score, the queries
// that failed to trigger and the false triggers, the earlier attempts with their train results (never the held-out
// ones), the skill's body, and the rules of a good description; the answer in <new_description> tags, rewritten once
// when it passes the 1024-character limit.
import type { TriggerQueryResult } from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import type { ModelClient } from '../models/model-client.js';
import type { ChatRequest } from '../models/providers/types.js';

/** The Agent Skills limit on a description. */
export const MAX_DESCRIPTION_CHARS = 1024;
/** How much of the skill's body the model sees. */
const BODY_CHARS = 12_000;

/** An earlier attempt as the model is shown it: train figures only, so it cannot fit the held-out queries. */
export interface Attempt {
  description: string;
  passed: number;
  total: number;
  results: readonly TriggerQueryResult[];
}

const SYSTEM = [
  'You write the description of an agent skill: the one line an agent reads, among every installed skill, to decide',
  'whether to load the skill for a user’s request. Only the name and the description are shown before the skill is',
  'chosen; the body is read after. Aim for a description that makes the skill load for the requests it serves and',
  'stay unloaded for the others.',
].join('\n');

const listed = (results: readonly TriggerQueryResult[]) =>
  results.map((r) => `  - "${r.query}" (triggered ${r.triggers} of ${r.runs} runs)`).join('\n');

/** The request for one improved description. */
export function improveRequest(o: {
  skillName: string;
  body: string;
  current: string;
  train: readonly TriggerQueryResult[];
  history: readonly Attempt[];
}): ChatRequest {
  const passed = o.train.filter((r) => r.pass).length;
  const missed = o.train.filter((r) => r.should_trigger && !r.pass && !r.skipped);
  const wrong = o.train.filter((r) => !r.should_trigger && !r.pass && !r.skipped);
  const parts = [
    `The skill is "${o.skillName}". Its description now:`,
    `<current_description>\n${o.current}\n</current_description>`,
    `It passes ${passed} of ${o.train.length} training queries.`,
  ];
  if (missed.length) parts.push(`Should have loaded the skill and did not:\n${listed(missed)}`);
  if (wrong.length) parts.push(`Loaded the skill and should not have:\n${listed(wrong)}`);
  if (o.history.length)
    parts.push(
      [
        'Descriptions tried before (write something different in kind, not a small variation):',
        ...o.history.map((h) =>
          [
            `<attempt train="${h.passed}/${h.total}">`,
            `Description: ${h.description}`,
            ...h.results.map(
              (r) =>
                `  [${r.pass ? 'PASS' : 'FAIL'}] "${r.query.slice(0, 80)}" (triggered ${r.triggers} of ${r.runs})`,
            ),
            '</attempt>',
          ].join('\n'),
        ),
      ].join('\n'),
    );
  parts.push(
    `What the skill does (its instructions):\n<skill_body>\n${o.body.slice(0, BODY_CHARS)}\n</skill_body>`,
    [
      'Write a new description. Learn from the failures without fitting them: describe the kinds of request and',
      'situation the skill serves (and the near ones it does not), never a list of the example queries; every',
      'description is shown with every request, so keep it short: about 100 to 200 words at most, and under',
      `${MAX_DESCRIPTION_CHARS} characters without fail.`,
      'What tends to work: the imperative ("Use this skill when…"); the user’s goal rather than how the skill works;',
      'wording that sets it apart from other skills an agent may have. If earlier attempts kept failing, change the',
      'structure, not only words.',
      'Answer with the description alone, inside <new_description></new_description>.',
    ].join('\n'),
  );
  return { system: SYSTEM, messages: [{ role: 'user', content: parts.join('\n\n') }], maxTokens: 1024 };
}

/** The description in an answer: inside <new_description> when there, else the whole answer; quotes trimmed. */
export function parseDescription(text: string): string {
  const tagged = /<new_description>([\s\S]*?)<\/new_description>/.exec(text)?.[1];
  return (tagged ?? text)
    .trim()
    .replace(/^"+|"+$/g, '')
    .trim();
}

/**
 * A better description from the model. One answer over the limit is asked to be rewritten shorter; an empty answer,
 * or one still over the limit, is refused with what was wrong.
 */
export async function improveDescription(
  client: ModelClient,
  o: Parameters<typeof improveRequest>[0] & { iteration: number; signal?: AbortSignal },
): Promise<string> {
  const request = improveRequest(o);
  const ask = async (r: ChatRequest) =>
    parseDescription(
      (await client.complete(r, { sample: o.iteration, ...(o.signal ? { signal: o.signal } : {}) })).response
        .text,
    );
  let description = await ask(request);
  if (description.length > MAX_DESCRIPTION_CHARS) {
    const first = request.messages[0]?.content ?? '';
    description = await ask({
      ...request,
      messages: [
        {
          role: 'user',
          content: `${first}\n\nAn answer to this was ${description.length} characters long, over the ${MAX_DESCRIPTION_CHARS}-character limit:\n<too_long>\n${description}\n</too_long>\nRewrite it under ${MAX_DESCRIPTION_CHARS} characters, keeping the words that decide when the skill loads. Answer inside <new_description></new_description>.`,
        },
      ],
    });
  }
  if (!description)
    throw new SkillError(
      'InvalidFormat',
      'The model proposed an empty description. Ask again, or try another model.',
    );
  if (description.length > MAX_DESCRIPTION_CHARS)
    throw new SkillError(
      'InvalidFormat',
      `The model proposed a description of ${description.length} characters even when asked to shorten it; a description is at most ${MAX_DESCRIPTION_CHARS}.`,
    );
  return description;
}
