#!/usr/bin/env node
// A small MCP server shipped with Skillbench so the bundled MCP example works offline: tools `echo` and `add`.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'skillbench-demo', version: '1.0.0' }, { capabilities: { tools: {} } });

const TOOLS = [
  {
    name: 'echo',
    description: 'Echoes back the message.',
    inputSchema: {
      type: 'object',
      properties: { message: { type: 'string', description: 'Message to echo' } },
      required: ['message'],
    },
  },
  {
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
    outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
  },
];

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case 'echo':
      return { content: [{ type: 'text', text: `Echo: ${String(args.message)}` }] };
    case 'add': {
      const sum = Number(args.a) + Number(args.b);
      return {
        content: [{ type: 'text', text: `The sum of ${args.a} and ${args.b} is ${sum}.` }],
        structuredContent: { sum },
      };
    }
    default:
      return { content: [{ type: 'text', text: `Unknown tool ${request.params.name}` }], isError: true };
  }
});

await server.connect(new StdioServerTransport());
