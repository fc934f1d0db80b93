// Issue 16: the Servers view's pure rules: template variables and URIs, the protocol log's filter, timings and
// export, the skills a tool may be wrapped into and the manifest entry it gets, a sampling request's transcript and
// reply.
import { describe, expect, it } from 'vitest';
import type { McpProtocolEntryView } from '../../../../shared/host-types.js';
import {
  entryLabel,
  expandTemplate,
  filterLog,
  logExport,
  responseTimes,
  samplingReply,
  samplingTranscript,
  suggestedToolName,
  templateVariables,
  wrapTargets,
  wrapToolEntry,
} from '../../../../renderer/src/servers/servers-model.js';
import type { Diagnostic, ListedEntry, RootInfo } from '../../../../shared/types.js';

const log: McpProtocolEntryView[] = [
  {
    at: 1000,
    direction: 'out',
    message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } },
  },
  {
    at: 1010,
    direction: 'in',
    message: { jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: {} },
  },
  { at: 1030, direction: 'out', message: { jsonrpc: '2.0', id: 1, result: { role: 'assistant' } } },
  { at: 1100, direction: 'in', message: { jsonrpc: '2.0', id: 1, result: { content: [] } } },
  {
    at: 1200,
    direction: 'in',
    message: { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'Echo' } },
  },
];

describe('resource templates', () => {
  it('names the variables and expands them with the template’s encoding', () => {
    expect(templateVariables('demo://resource/{kind}/{id}')).toEqual(['kind', 'id']);
    expect(expandTemplate('demo://resource/text/{id}', { id: 'a b' })).toBe('demo://resource/text/a%20b');
  });
});

describe('the protocol log', () => {
  it('filters by direction and by every word, case-insensitively', () => {
    expect(filterLog(log, { text: '', direction: 'out' }).map(entryLabel)).toEqual(['tools/call', 'result']);
    expect(filterLog(log, { text: 'ECHO tools', direction: 'both' }).map(entryLabel)).toEqual(['tools/call']);
    expect(filterLog(log, { text: 'echo', direction: 'in' }).map(entryLabel)).toEqual([
      'notifications/message',
    ]);
  });

  it('times each answer against its request, keeping the two directions’ ids apart', () => {
    // Our request 1 is answered at index 3 (100 ms); the server's request 1 by us at index 2 (20 ms).
    expect([...responseTimes(log)]).toEqual([
      [2, 20],
      [3, 100],
    ]);
  });

  it('exports the messages shown with their times', () => {
    const out = JSON.parse(logExport('ev', log.slice(0, 1))) as { server: string; messages: unknown[] };
    expect(out.server).toBe('ev');
    expect(out.messages).toEqual([
      { at: new Date(1000).toISOString(), direction: 'out', message: log[0]!.message },
    ]);
  });
});

describe('a message the log kept cut', () => {
  const cut: McpProtocolEntryView = {
    at: 5000,
    direction: 'in',
    message: { jsonrpc: '2.0', method: 'notifications/message' },
    cut: '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"needle',
    bytes: 9_000_000,
  };
  it('is found by the words of what is kept of it, and exported with its size', () => {
    expect(filterLog([cut], { text: 'needle', direction: 'both' })).toEqual([cut]);
    const out = JSON.parse(logExport('ev', [cut])) as { messages: unknown[] };
    expect(out.messages).toEqual([
      {
        at: new Date(5000).toISOString(),
        direction: 'in',
        message: cut.message,
        cut: cut.cut,
        bytes: 9_000_000,
      },
    ]);
  });
});

describe('wrapping a tool', () => {
  it('writes a kind: mcp entry, with locked_args only when some are locked', () => {
    const base = { name: 'sum', description: 'Adds', server: 'ev', tool: 'get-sum' };
    expect(wrapToolEntry({ ...base, lockedArgs: {} })).toEqual({
      name: 'sum',
      description: 'Adds',
      kind: 'mcp',
      target: 'ev__get-sum',
    });
    expect(wrapToolEntry({ ...base, lockedArgs: { a: 2 } })).toMatchObject({ locked_args: { a: 2 } });
    expect(suggestedToolName('get.sum now')).toBe('get_sum_now');
  });
});

describe('sampling', () => {
  it('shows the messages as text and sends the typed reply', () => {
    expect(
      samplingTranscript({
        messages: [
          { role: 'user', content: { type: 'text', text: 'Question?' } },
          { role: 'user', content: [{ type: 'image', mimeType: 'image/png', data: 'x' }] },
        ],
      }),
    ).toEqual([
      { role: 'user', text: 'Question?' },
      { role: 'user', text: '[image image/png]' },
    ]);
    expect(samplingReply('Answer.', '')).toEqual({
      action: 'approve',
      result: {
        role: 'assistant',
        content: { type: 'text', text: 'Answer.' },
        model: 'typed-by-user',
        stopReason: 'endTurn',
      },
    });
  });
});

describe('the skills a server tool may be wrapped into', () => {
  const roots: RootInfo[] = [
    { id: 'bundled', path: '/app/skills', kind: 'bundled', trusted: true },
    { id: 'p1', path: '/work/one', kind: 'project', trusted: true },
    { id: 'p2', path: '/work/two', kind: 'project', trusted: true },
  ];
  const error: Diagnostic = {
    severity: 'error',
    code: 'yaml-syntax',
    message: 'bad',
    file: '',
    line: 1,
    column: 1,
  };
  const entry = (rootId: string, name: string, diagnostics: Diagnostic[] = []): ListedEntry => ({
    id: `${rootId}/${name}`,
    rootId,
    path: `/${rootId}/${name}/SKILL.md`,
    format: 'skill-md',
    status: 'loaded',
    diagnostics,
    skill: { name } as ListedEntry['skill'],
  });
  const entries = [
    entry('bundled', 'example'),
    entry('p1', 'aaa-broken', [error]),
    entry('p1', 'notes'),
    entry('p2', 'notes'),
    entry('p2', 'zeta'),
  ];

  it('names the root of skills that share a name, marks broken ones, and leaves out read-only roots', () => {
    expect(wrapTargets(entries, roots).targets.map((t) => t.label)).toEqual([
      'aaa-broken (has errors)',
      'notes — /work/one',
      'notes — /work/two',
      'zeta',
    ]);
  });

  it('offers the skill last wrapped into while it is valid, else the first without errors', () => {
    expect(wrapTargets(entries, roots).preferred).toBe('p1/notes');
    expect(wrapTargets(entries, roots, 'p2/zeta').preferred).toBe('p2/zeta');
    expect(wrapTargets(entries, roots, 'p1/aaa-broken').preferred).toBe('p1/notes');
  });
});
