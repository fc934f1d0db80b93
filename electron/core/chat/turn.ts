// Owns one Playground turn: the model asked (streamed) with the catalog and the tools of the skills loaded so far,
// `Skill` calls answered with the delivered instructions, skill tool calls approved by the author and run through the
// executor, until the model answers without a call, the round cap, a stop or a failure. Steps are told as they change.
// Tested by: test/integration/chat/chat-loop.test.ts
import type { ApprovalDecision, ChatStep, ChatTurn, ChatUsage } from '../../../shared/chat.js';
import { SkillError } from '../../../shared/errors.js';
import type {
  ExecuteOptions,
  JsonValue,
  LibraryEntry,
  ToolDefinition,
  ToolOutput,
  ValidationProfile,
} from '../../../shared/types.js';
import { catalogSystem, SKILL_TOOL } from '../evals/trigger-request.js';
import type { ModelClient } from '../models/model-client.js';
import type { ChatMessage, ChatResponse, ToolCall, ToolSpec } from '../models/providers/types.js';
import { deliveredInstructions, noSkillReason, resolveSkillCall, toolSpecs } from './catalog.js';

/** Model requests one turn may make before it is stopped (a model that keeps calling tools). */
export const MAX_ROUNDS = 20;
/** The longest answer a turn asks for. */
const MAX_TOKENS = 4096;
/** Streaming text is told at most this often (each event carries the whole text so far). */
const TEXT_EVERY_MS = 100;

export type ToolStep = Extract<ChatStep, { type: 'tool' }>;

/** What runs a skill's tools: the workspace's executor (trust, timeouts, output caps, history). */
export interface ChatTools {
  describeTools(skillId: string): Promise<ToolDefinition[]>;
  executeTool(skillId: string, tool: string, args: JsonValue, opts?: ExecuteOptions): Promise<ToolOutput>;
}

/** A skill the model loaded in this conversation, with the tools it now offers. */
export interface LoadedSkill {
  skillId: string;
  name: string;
  definitions: ToolDefinition[];
}

/** What a conversation keeps between turns. */
export interface ChatState {
  messages: ChatMessage[];
  /** Loaded skills by name, in load order. */
  loaded: Map<string, LoadedSkill>;
  /**
   * Composed names the author allowed for the whole conversation, each with the fingerprint of the tool allowed
   * (`toolFingerprint`); undefined for a name allowed before this session (a saved conversation keeps names only),
   * pinned to the tool as it is at its first call.
   */
  allowedTools: Map<string, string | undefined>;
}

export interface TurnOptions {
  client: ModelClient;
  entries: readonly LibraryEntry[];
  profile: ValidationProfile;
  tools: ChatTools;
  /** The skill the Playground was opened from, named in a no-skill step's reason. */
  focus?: string;
  state: ChatState;
  /** Asks the author about a call (its step is 'waiting'); `signal` ends the wait. */
  approve: (step: ToolStep) => Promise<ApprovalDecision>;
  onStep: (index: number, step: ChatStep) => void;
  signal: AbortSignal;
  maxRounds?: number;
  /** This turn's number in the conversation: the calls' approval keys are `<turn>.<step>`. */
  turnNumber?: number;
}

/**
 * What an "Always allow" stands for: the skill, the kind and target of the tool, its locked arguments and the schema
 * the model sees. A tool whose fingerprint changed (edited on disk, another root's skill of the same name) is asked
 * about again.
 */
export function toolFingerprint(skillId: string, d: ToolDefinition): string {
  return JSON.stringify([skillId, d.name, d.toolType, d.lockedArgs ?? null, d.inputSchema]);
}

const cancelled = () => new SkillError('Cancelled', 'The turn was stopped.');

/** `promise`, or Cancelled as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e: unknown) => (signal.removeEventListener('abort', onAbort), reject(e as Error)),
    );
  });
}

const isCancel = (error: unknown) => error instanceof SkillError && error.code === 'Cancelled';

export async function runTurn(o: TurnOptions, user: string): Promise<ChatTurn> {
  const turn: ChatTurn = { user, steps: [] };
  const put = (index: number, step: ChatStep) => {
    turn.steps[index] = step;
    o.onStep(index, step);
  };
  const add = (step: ChatStep) => {
    put(turn.steps.length, step);
    return turn.steps.length - 1;
  };
  const tally = o.client.tally();
  const { state } = o;
  state.messages.push({ role: 'user', content: user });
  let fired = false;
  // Calls the model asked for whose results are not in the conversation yet (answered on a stop).
  let open: { calls: ToolCall[]; results: ChatMessage[] } | undefined;
  // A call's approval key, unique in the conversation: the model's ids may be empty, repeat in one answer or across
  // turns, so waiting, approving and the card's edited arguments go by this (the step's `callId`) instead.
  const nextKey = () => `${o.turnNumber ?? 0}.${turn.steps.length}`;
  try {
    const maxRounds = o.maxRounds ?? MAX_ROUNDS;
    for (let round = 0; ; round++) {
      if (round === maxRounds) {
        add({
          type: 'stopped',
          reason: `Stopped after ${maxRounds} model requests in this turn: the model kept calling tools. Send another message to go on.`,
        });
        break;
      }
      const tools = offeredTools(state);
      const request = {
        system: catalogSystem(o.entries, o.profile),
        messages: state.messages,
        tools,
        maxTokens: MAX_TOKENS,
      };
      if (round === 0)
        add({
          type: 'request',
          system: request.system,
          tools: tools.map((t) => ({ name: t.name, description: t.description })),
        });
      const response = await streamRound(o, request, add, put);
      tally.add(response.usage);
      state.messages.push({
        role: 'assistant',
        content: response.text,
        ...(response.toolCalls.length ? { toolCalls: response.toolCalls } : {}),
      });
      if (response.toolCalls.length === 0) break;
      // Results by position, not by the model's id: ids may be empty or repeat.
      open = { calls: response.toolCalls, results: [] };
      for (const call of response.toolCalls) {
        const result = await answerCall(o, call, add, put, nextKey);
        if (result.fired) fired = true;
        open.results.push(result.message);
      }
      state.messages.push(...open.results);
      open = undefined;
    }
  } catch (error) {
    // Every call the model made gets an answer, so the conversation can go on after a stop or a failure.
    if (open)
      for (const [i, call] of open.calls.entries())
        state.messages.push(
          open.results[i] ?? {
            role: 'tool',
            toolCallId: call.id,
            name: call.name,
            content: 'The author stopped the turn before this call ran.',
            isError: true,
          },
        );
    for (const [i, step] of turn.steps.entries())
      if (step.type === 'tool' && (step.state === 'waiting' || step.state === 'running'))
        put(i, { ...step, state: 'cancelled' });
      else if (step.type === 'text' && step.streaming) put(i, { type: 'text', text: step.text });
    add({
      type: 'stopped',
      reason: isCancel(error) ? 'Stopped by the author.' : (error as Error).message,
    });
    turn.usage = chatUsage(tally.report());
    return turn;
  }
  if (!fired) {
    const asked = turn.steps.flatMap((s) => (s.type === 'skill' && s.problem !== undefined ? [s.skill] : []));
    add({ type: 'no-skill', reason: noSkillReason(o.entries, o.profile, o.focus, asked) });
  }
  turn.usage = chatUsage(tally.report());
  return turn;
}

/** The Skill tool, then every loaded skill's tools. */
function offeredTools(state: ChatState): ToolSpec[] {
  return [SKILL_TOOL, ...[...state.loaded.values()].flatMap((s) => toolSpecs(s.definitions))];
}

/** One model request, its text told as it streams; a text step stays for the text the model wrote. */
async function streamRound(
  o: TurnOptions,
  request: Parameters<ModelClient['stream']>[0],
  add: (step: ChatStep) => number,
  put: (index: number, step: ChatStep) => void,
): Promise<ChatResponse> {
  let index: number | undefined;
  let last = 0;
  let shown = '';
  const show = (text: string, streaming: boolean) => {
    if (text === shown && streaming) return;
    shown = text;
    const step: ChatStep = streaming ? { type: 'text', text, streaming } : { type: 'text', text };
    if (index === undefined) index = add(step);
    else put(index, step);
  };
  const { response } = await o.client.stream(request, {
    signal: o.signal,
    onText: (text) => {
      if (text === '' && index === undefined) return;
      const now = Date.now();
      if (now - last < TEXT_EVERY_MS) return;
      last = now;
      show(text, true);
    },
  });
  if (response.text !== '' || index !== undefined) show(response.text, false);
  return response;
}

/** Answers one call: a Skill call loads the skill, a skill tool call runs once approved, anything else is an error. */
async function answerCall(
  o: TurnOptions,
  call: ToolCall,
  add: (step: ChatStep) => number,
  put: (index: number, step: ChatStep) => void,
  nextKey: () => string,
): Promise<{ message: ChatMessage; fired: boolean }> {
  const reply = (content: string, isError = false): ChatMessage => ({
    role: 'tool',
    toolCallId: call.id,
    name: call.name,
    content,
    ...(isError ? { isError } : {}),
  });
  if (call.name === SKILL_TOOL.name) {
    const skillCall = resolveSkillCall(o.entries, o.profile, call.input);
    const skill = skillCall.entry?.skill;
    const base = {
      type: 'skill' as const,
      callId: nextKey(),
      skill: skillCall.name,
      ...(skillCall.args ? { args: skillCall.args } : {}),
    };
    if (!skill || !skillCall.entry) {
      const problem = skillCall.problem ?? `There is no skill "${skillCall.name}".`;
      add({ ...base, problem });
      return { message: reply(problem, true), fired: false };
    }
    const instructions = deliveredInstructions(skill, skillCall.args);
    const index = add({ ...base, instructions });
    const definitions = await untilAborted(o.tools.describeTools(skillCall.entry.id), o.signal);
    o.state.loaded.set(skill.name, { skillId: skillCall.entry.id, name: skill.name, definitions });
    put(index, { ...base, instructions, tools: definitions.map((d) => d.composedName) });
    return { message: reply(instructions), fired: true };
  }
  const owner = [...o.state.loaded.values()].find((s) =>
    s.definitions.some((d) => d.composedName === call.name),
  );
  const definition = owner?.definitions.find((d) => d.composedName === call.name);
  if (!owner || !definition) {
    const problem = `There is no tool "${call.name}": load a skill with the Skill tool first, then call its tools by the names offered.`;
    add({
      type: 'tool',
      callId: nextKey(),
      name: call.name,
      skill: '',
      tool: call.name,
      args: call.input,
      state: 'error',
      output: { output: problem, isError: true, durationMs: 0 },
    });
    return { message: reply(problem, true), fired: false };
  }
  return {
    message: await runToolCall(o, call, owner, definition, { add, put, reply, key: nextKey() }),
    fired: true,
  };
}

async function runToolCall(
  o: TurnOptions,
  call: ToolCall,
  owner: LoadedSkill,
  definition: ToolDefinition,
  steps: {
    add: (step: ChatStep) => number;
    put: (index: number, step: ChatStep) => void;
    reply: (content: string, isError?: boolean) => ChatMessage;
    key: string;
  },
): Promise<ChatMessage> {
  const { add, put, reply } = steps;
  const allow = await allowedNow(o, call.name, owner.skillId);
  const allowed = allow === 'allowed';
  let step: ToolStep = {
    type: 'tool',
    callId: steps.key,
    name: call.name,
    skill: owner.name,
    tool: definition.name,
    args: call.input,
    state: allowed ? 'running' : 'waiting',
    ...(allowed ? { approvedBy: 'conversation' as const, sent: call.input } : {}),
    ...(allow === 'changed'
      ? { notice: 'This tool changed since it was allowed for the conversation: asking again.' }
      : {}),
  };
  // Asked before the step is told, so an answer sent as soon as the window sees it finds the call waiting.
  const approval = allowed ? undefined : o.approve(step);
  const index = add(step);
  const update = (next: ToolStep) => put(index, (step = next));
  let sent = call.input;
  if (approval) {
    const decision = await untilAborted(approval, o.signal);
    if (decision.decision === 'refuse') {
      const refusal = decision.reason?.trim() || 'The author refused this call.';
      update({ ...step, state: 'refused', refusal });
      return reply(`The author refused this call: ${refusal}`, true);
    }
    if (decision.decision === 'allow-tool')
      o.state.allowedTools.set(call.name, toolFingerprint(owner.skillId, definition));
    if (decision.args !== undefined) sent = decision.args;
    step = { ...step, approvedBy: 'author' };
  }
  if (!allowed) update({ ...step, state: 'running', sent });
  try {
    const output = await o.tools.executeTool(owner.skillId, definition.name, sent, { signal: o.signal });
    update({ ...step, state: output.isError ? 'error' : 'done', sent, output });
    return reply(output.output, output.isError);
  } catch (error) {
    if (o.signal.aborted) throw cancelled();
    // A refusal by trust or policy, bad arguments, a timeout: the call's error, which the model is told.
    const message = (error as Error).message;
    update({ ...step, state: 'error', sent, output: { output: message, isError: true, durationMs: 0 } });
    return reply(message, true);
  }
}

/**
 * Whether a call of `name` runs without asking: the tool is described again (the executor runs what is on disk now)
 * and must still be the one allowed. 'changed': it was allowed, but as another tool.
 */
async function allowedNow(
  o: TurnOptions,
  name: string,
  skillId: string,
): Promise<'allowed' | 'changed' | 'ask'> {
  const allowed = o.state.allowedTools;
  if (!allowed.has(name)) return 'ask';
  const current = (await untilAborted(o.tools.describeTools(skillId), o.signal)).find(
    (d) => d.composedName === name,
  );
  if (!current) return 'changed';
  const now = toolFingerprint(skillId, current);
  const was = allowed.get(name);
  if (was === undefined) allowed.set(name, now);
  else if (was !== now) return 'changed';
  return 'allowed';
}

function chatUsage(u: ReturnType<ReturnType<ModelClient['tally']>['report']>): ChatUsage {
  return {
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    cacheReadTokens: u.cache_read_input_tokens,
    cacheWriteTokens: u.cache_creation_input_tokens,
    ...(u.cost_usd !== null ? { costUsd: u.cost_usd } : {}),
  };
}
