// MCP results are capped like process output (issue 12: an 8 MiB result used to come back whole).
import { describe, expect, it } from 'vitest';
import {
  MCP_BINARY_CAP_BYTES,
  MCP_TEXT_CAP_BYTES,
  mcpResultToOutput,
} from '../../../../electron/core/tools/kinds/mcp.js';

const MiB = 1024 * 1024;

describe('an MCP result turned into a ToolOutput', () => {
  it('cuts 8 MiB of text at 1 MiB over all blocks, with one visible note', () => {
    const out = mcpResultToOutput(
      {
        content: [
          { type: 'text', text: 'a'.repeat(8 * MiB) },
          { type: 'text', text: 'b'.repeat(MiB) },
        ],
      },
      undefined,
    );
    const kept = (out.content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('');
    expect(kept.length).toBe(MCP_TEXT_CAP_BYTES);
    expect(out.output.length).toBeLessThan(MCP_TEXT_CAP_BYTES + 200);
    expect(out.output.match(/\[text truncated at 1 MiB\]/g)).toHaveLength(1);
    // The status line's flag, with what the server sent in all.
    expect(out.truncated).toEqual({ atBytes: MCP_TEXT_CAP_BYTES, totalBytes: 9 * MiB });
  });

  it('leaves out images and blobs beyond 4 MiB, and structured content beyond 1 MiB, saying so', () => {
    const image = 'i'.repeat(3 * MiB);
    const out = mcpResultToOutput(
      {
        content: [
          { type: 'image', data: image, mimeType: 'image/png' },
          { type: 'image', data: image, mimeType: 'image/png' },
          { type: 'resource', resource: { uri: 'file:///big', blob: 'b'.repeat(MCP_BINARY_CAP_BYTES) } },
        ],
        structuredContent: { rows: 'r'.repeat(2 * MiB) },
      },
      undefined,
    );
    expect(out.content?.filter((b) => b.type === 'image')).toHaveLength(1);
    expect(out.content?.find((b) => b.type === 'resource')).toEqual({ type: 'resource', uri: 'file:///big' });
    expect(out.structured).toBeUndefined();
    expect(out.output).toMatch(
      /\[image image\/png left out: 3 MiB of data, over the 4 MiB kept per result\]/,
    );
    expect(out.output).toMatch(/\[resource file:\/\/\/big left out/);
    expect(out.output).toMatch(/\[structured content left out: 2 MiB, over the 1 MiB kept\]/);
  });

  it('keeps audio as audio (issue 16: it used to become an image block the output view could not show)', () => {
    const out = mcpResultToOutput(
      { content: [{ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }] },
      undefined,
    );
    expect(out.content).toEqual([{ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }]);
    expect(out.output).toBe('[audio audio/wav]');
  });

  it('keeps a result within the caps exactly as it came', () => {
    const out = mcpResultToOutput(
      { content: [{ type: 'text', text: 'hello' }], structuredContent: { n: 1 } },
      undefined,
    );
    expect(out).toEqual({
      output: 'hello',
      isError: false,
      content: [{ type: 'text', text: 'hello' }],
      structured: { n: 1 },
    });
  });
});
