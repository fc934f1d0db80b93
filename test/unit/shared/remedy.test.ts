// One way out, worded for whoever reads it: the CLI's messages name its flags, the app's name its buttons. Each
// message that has both is checked in both words here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvalsFile } from '../../../electron/core/evals/evals-file.js';
import { readTriggerSet } from '../../../electron/core/evals/triggers.js';
import { packSkill } from '../../../electron/core/manage/pack.js';
import { McpPool } from '../../../electron/core/mcp/pool.js';
import { remedy, type Audience } from '../../../shared/remedy.js';
import { failure, fixtureSkill } from '../../helpers.js';

const empty = () => mkdtempSync(join(tmpdir(), 'skillbench-remedy-'));
const message = async (f: () => unknown) => (await failure(Promise.resolve().then(f))).message;

describe('remedy', () => {
  it('gives each edge its own words', () => {
    const way = { cli: 'pass --force', app: 'choose Replace' };
    expect(remedy(way, 'cli')).toBe('pass --force');
    expect(remedy(way, 'app')).toBe('choose Replace');
  });

  it('a missing evals file: --evals in the CLI, the file tree’s New file in the app', async () => {
    const file = join(empty(), 'evals', 'evals.json');
    const said = (audience: Audience) => message(() => readEvalsFile(file, audience));
    expect(await said('cli')).toMatch(/or pass --evals FILE\.$/);
    const app = await said('app');
    expect(app).toMatch(/or make one in the Edit tab \(Files → New… → Output evals\)\.$/);
    expect(app).not.toMatch(/--/);
  });

  it('a missing trigger set: --set in the CLI, the Evals tab in the app', async () => {
    const file = join(empty(), 'evals', 'trigger-eval.json');
    const said = (audience: Audience) => message(() => readTriggerSet(file, audience));
    expect(await said('cli')).toMatch(/or pass --set FILE\.$/);
    const app = await said('app');
    expect(app).toMatch(/or add queries in the Evals tab \(Add query, then Save trigger set\)\.$/);
    expect(app).not.toMatch(/--/);
  });

  it('a pack refused for errors: --force in the CLI, Pack anyway in the app', async () => {
    const out = join(empty(), 'x.zip');
    const said = (audience: Audience) =>
      message(() => packSkill(fixtureSkill('desc-missing'), out, { cwd: empty(), audience }));
    expect(await said('cli')).toMatch(/\(or pass --force to pack anyway\)\.$/);
    const app = await said('app');
    expect(app).toMatch(/\(or choose Pack anyway\)\.$/);
    expect(app).not.toMatch(/--force/);
  });

  it('an MCP server nobody configured: --mcp-config in the CLI, Settings in the app', async () => {
    const said = (audience: Audience) => message(() => new McpPool({}, { audience }).listTools('nope'));
    expect(await said('cli')).toMatch(/or pass --mcp-config FILE\.$/);
    expect(await message(() => new McpPool({}).listTools('nope'))).toMatch(/--mcp-config FILE/);
    expect(await said('app')).toMatch(/or add it in Settings → MCP servers\.$/);
  });
});
