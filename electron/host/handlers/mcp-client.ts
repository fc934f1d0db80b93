// `mcp:*` of the app as a server's client: the sampling and elicitation requests waiting for an answer, a model's
// draft answer to a sampling request, and what wrapping a server's tool in a skill would advertise.
import { SkillError } from '../../../shared/errors.js';
import type { JsonSchema, JsonValue } from '../../../shared/types.js';
import { samplingChatRequest, type SamplingParams } from '../../core/mcp/sampling.js';
import { Budget } from '../../core/models/budget.js';
import { ModelClient } from '../../core/models/model-client.js';
import { composeToolName } from '../../core/tools/compose-name.js';
import { narrowSchema } from '../../core/tools/locked-args.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { json, poolFor } from './mcp-access.js';

type ClientChannel = 'mcp:pending-requests' | 'mcp:answer' | 'mcp:sample-draft' | 'mcp:wrap-preview';

export function mcpClientHandlers(ctx: HostContext): Pick<AreaHandlers<'mcp'>, ClientChannel> {
  const pool = poolFor(ctx);
  return {
    'mcp:pending-requests': () => ctx.mcpClient.pending(),
    'mcp:answer': ({ id, answer }) => ({ answered: ctx.mcpClient.answer(id, answer) }),
    'mcp:sample-draft': async ({ id, provider }) => {
      const waiting = ctx.mcpClient.pending().find((r) => r.id === id);
      if (!waiting || waiting.kind !== 'sampling')
        throw new SkillError('NotFound', 'That sampling request is no longer waiting.');
      const { request, leftOut } = samplingChatRequest(waiting.params as unknown as SamplingParams);
      const client = new ModelClient(ctx.providers.open(provider), { budget: new Budget({}) });
      const { response } = await client.complete(request);
      return { text: response.text, model: response.model, leftOut, truncated: response.truncated === true };
    },
    'mcp:wrap-preview': async ({ skillId, toolName, server, tool, lockedArgs }) => {
      const skill = ctx.entry(skillId).skill;
      if (!skill) throw new SkillError('InvalidFormat', `The skill ${skillId} does not load; fix it first.`);
      const spec = (await pool(server).listTools(server)).find((t) => t.name === tool);
      if (!spec) throw new SkillError('NotFound', `MCP server "${server}" has no tool "${tool}".`);
      const schema = spec.inputSchema as JsonSchema;
      const declared = Object.keys(
        (spec.inputSchema.properties as Record<string, unknown> | undefined) ?? {},
      );
      return {
        composedName: composeToolName(skill.name, toolName),
        target: `${server}__${tool}`,
        inputSchema: json<{ [key: string]: JsonValue }>(narrowSchema(schema, Object.keys(lockedArgs))),
        undeclaredLocked: Object.keys(lockedArgs).filter((k) => !declared.includes(k)),
      };
    },
  };
}
