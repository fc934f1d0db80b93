// The fake model's side of a Playground conversation (Anthropic's Messages API): for each user message it loads
// `skill` with the Skill tool, then calls `tool` with `input`, then answers with the tool's result. When the
// catalog it was sent holds `edited` (a description changed in the editor), its answer says so: a replay after an
// edit then differs from the original.
import type { Received, Reply } from './model-server.js';

interface Block {
  type: string;
  id?: string;
  name?: string;
  tool_use_id?: string;
  content?: unknown;
  text?: string;
}
interface Message {
  role: 'user' | 'assistant';
  content: string | Block[];
}

const blocks = (m: Message | undefined): Block[] => (Array.isArray(m?.content) ? m.content : []);

/**
 * The tool result the last message carries, with the name of the tool it answers; undefined when it brings a new
 * question (after a stopped turn it carries both: the cancelled calls' results and the author's text).
 */
function lastResult(messages: Message[]): { name: string; text: string } | undefined {
  const last = messages.at(-1);
  if (typeof last?.content === 'string' || blocks(last).some((b) => b.type === 'text')) return undefined;
  const result = blocks(last).find((b) => b.type === 'tool_result');
  if (!result) return undefined;
  const call = blocks(messages.at(-2)).find((b) => b.type === 'tool_use' && b.id === result.tool_use_id);
  const text =
    typeof result.content === 'string'
      ? result.content
      : blocks({ role: 'user', content: (result.content ?? []) as Block[] })
          .map((b) => b.text ?? '')
          .join('');
  return { name: call?.name ?? '', text };
}

export function playgroundScript(o: { skill: string; tool: string; input: unknown; edited?: string }) {
  return (req: Received): Reply => {
    const messages = (req.body.messages ?? []) as Message[];
    const result = lastResult(messages);
    if (!result) return { tool: 'Skill', input: { skill: o.skill }, text: `I will use ${o.skill}.` };
    if (result.name === 'Skill') return { tool: o.tool, input: o.input };
    const edited = o.edited !== undefined && JSON.stringify(req.body.system ?? '').includes(o.edited);
    return { text: `${edited ? 'With the edited skill: ' : ''}the tool said ${result.text.trim()}` };
  };
}
