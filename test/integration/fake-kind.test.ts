// A new tool kind is one module and one line in the kind table: registered here, a kind the product does not have
// is validated, listed, described, held back by workspace trust and run, through the real workspace and executor.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { KindRegistry } from '../../electron/core/skills/rules/tools.js';
import { Workspace } from '../../electron/core/workspace.js';
import { failure, FIXTURES } from '../helpers.js';

vi.mock('../../electron/core/tools/kinds/index.js', async (importOriginal) => {
  const real = await importOriginal<{ KINDS: KindRegistry }>();
  const { fakeKind } = await import('../fakes/fake-kind.js');
  return { KINDS: { ...real.KINDS, fake: fakeKind } }; // the one line a new kind adds
});

const ROOT = join(FIXTURES, 'kinds', 'example');
const open = (trusted: boolean) => Workspace.open({ roots: [{ path: ROOT }], trust: () => trusted });

function pingSkill(ws: Workspace) {
  const entry = ws.entries.find((e) => e.skill?.name === 'ping-fake');
  if (!entry) throw new Error('the example skill did not load');
  return entry;
}

describe('a tool kind added with one module and one line', () => {
  it('is validated and read by its module', async () => {
    const ws = open(true);
    try {
      const entry = pingSkill(ws);
      expect(entry.status).toBe('loaded');
      expect(entry.diagnostics.map((d) => d.code)).toEqual([]);
      expect(entry.skill?.tools).toEqual([
        expect.objectContaining({ name: 'ping', kind: 'fake', target: 'somewhere' }),
      ]);
    } finally {
      await ws.close();
    }
  });

  it('is listed and described, and runs in a trusted root', async () => {
    const ws = open(true);
    try {
      const id = pingSkill(ws).id;
      const [def, ...others] = await ws.executor.describeTools(id);
      expect(others).toEqual([]);
      expect(def).toMatchObject({ composedName: 'ping-fake__ping', runs: 'ping via somewhere' });
      expect(def?.problem).toBeUndefined();
      expect(def?.inputSchema).toMatchObject({
        properties: { host: { type: 'string' } },
        required: ['host'],
      });
      const out = await ws.executor.executeTool(id, 'ping', { host: 'example.org' });
      expect(out).toMatchObject({ output: 'pong from "example.org" via somewhere', isError: false });
    } finally {
      await ws.close();
    }
  });

  it('is held back by workspace trust when it runs local code, and shown in what trusting would run', async () => {
    const ws = open(false);
    try {
      const entry = pingSkill(ws);
      const [def] = await ws.executor.describeTools(entry.id);
      expect(def?.refused).toBe(true);
      expect(def?.problem).toMatch(/runs local code \(ping via somewhere\)/);
      expect((await failure(ws.executor.executeTool(entry.id, 'ping', { host: 'x' }))).code).toBe(
        'PermissionDenied',
      );
      expect(ws.trustReport(entry.rootId).tools).toEqual([
        { skillId: entry.id, tool: 'ping', kind: 'fake', command: 'ping via somewhere' },
      ]);
    } finally {
      await ws.close();
    }
  });
});
