#!/usr/bin/env node
// A small MCP server shipped with Skillbench so the bundled MCP example works offline, with tools `echo` and `add`.
// It has no dependencies (newline-delimited JSON-RPC over stdio, as the MCP stdio transport specifies), so it also
// runs from the packaged app's resources folder, where no node_modules are reachable.
import { createInterface } from 'node:readline';

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

function callTool(name, args = {}) {
  switch (name) {
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
      return { content: [{ type: 'text', text: `Unknown tool ${name}` }], isError: true };
  }
}

function answer(message) {
  switch (message.method) {
    case 'initialize':
      return {
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'skillbench-demo', version: '1.0.0' },
      };
    case 'ping':
      return {};
    case 'tools/list':
      return { tools: TOOLS };
    case 'tools/call':
      return callTool(message.params?.name, message.params?.arguments);
    default:
      throw Object.assign(new Error(`Method not found: ${message.method}`), { code: -32601 });
  }
}

const send = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  }
  if (message.id === undefined) return; // a notification (initialized, cancelled…): nothing to answer
  try {
    send({ jsonrpc: '2.0', id: message.id, result: answer(message) });
  } catch (error) {
    send({ jsonrpc: '2.0', id: message.id, error: { code: error.code ?? -32603, message: error.message } });
  }
});
