import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, SkillTool } from '../../../../shared/types.js';
import { TOOL_KINDS } from '../../../../shared/types.js';
import { RULES } from '../../../../electron/core/skills/index.js';
import { fromDecodedText } from '../../../../electron/core/skills/manifest-text.js';
import { fieldsOf, normalizeSkill } from '../../../../electron/core/skills/normalize.js';
import type { Rule, RuleContext } from '../../../../electron/core/skills/rules/index.js';
import { toolRulesFor, type KindRegistry } from '../../../../electron/core/skills/rules/tools.js';
import { parseManifest } from '../../../../electron/core/skills/validate.js';
import { KINDS } from '../../../../electron/core/tools/kinds/index.js';
import {
  declaredArgsOf,
  schemaFromArgs,
  type ToolKindModule,
} from '../../../../electron/core/tools/kinds/kind.js';
import { finding, pathOf, str, type ToolEntry } from '../../../../electron/core/tools/kinds/tool-entry.js';
import { FIXTURES, covered } from '../../../helpers.js';

/** Runs a set of rules over a fixture skill, as the validator runs RULES. */
function check(rules: readonly Rule[], folder: string): Diagnostic[] {
  const file = join(folder, 'SKILL.md');
  const raw = parseManifest(file, fromDecodedText(readFileSync(file, 'utf8')));
  const fields = fieldsOf(raw.data);
  const skill = normalizeSkill(raw, basename(folder), basename(folder), fields);
  const ctx: RuleContext = {
    raw,
    profile: 'skillbench',
    folderPath: folder,
    folderName: basename(folder),
    fields,
    pathExists: () => true,
  };
  return rules.flatMap((r) => r.check(skill, ctx));
}

const entry = (fields: Record<string, unknown>): ToolEntry => ({
  index: 0,
  path: ['tools', 0],
  fields: new Map(Object.entries(fields).map(([k, v]) => [k, [k, v]])),
});

describe('tool kind modules', () => {
  it('cover every kind, and the rule table lists every code a kind may emit', () => {
    const ruleCodes = new Set(RULES.flatMap((r) => [r.id, ...(r.codes ?? [])]));
    for (const kind of TOOL_KINDS) {
      expect(KINDS[kind], kind).toBeDefined();
      for (const code of KINDS[kind].manifestCodes) expect(ruleCodes, `${kind}: ${code}`).toContain(code);
    }
  });

  it('read the arguments a manifest declares from the schema the tool runs with', () => {
    const tool: SkillTool = {
      name: 't',
      description: '',
      kind: 'shell',
      command: 'x',
      args: { a: 'A', b: 'B' },
    };
    const schema = schemaFromArgs(tool) as { properties: Record<string, unknown> };
    expect([...(declaredArgsOf(entry({ args: tool.args })) ?? [])]).toEqual(Object.keys(schema.properties));
    expect(schema.properties.a).toEqual({ type: 'string', description: 'A' });
    // Its own inputSchema wins over args, for the runtime and the manifest alike.
    const own = { type: 'object', properties: { q: {} } };
    expect(schemaFromArgs({ ...tool, inputSchema: own })).toBe(own);
    expect([...(declaredArgsOf(entry({ args: tool.args, inputSchema: own })) ?? [])]).toEqual(['q']);
  });

  it('say what the target reads only when the manifest can know it', () => {
    const readFile = entry({ kind: 'builtin', target: 'read_file', args: { other: 'x' } });
    expect(KINDS.builtin.declaredArgs(readFile)).toContain('path');
    expect(KINDS.builtin.declaredArgs(readFile)).not.toContain('other');
    expect(KINDS.mcp.declaredArgs(entry({ kind: 'mcp', target: 'everything__echo' }))).toBeUndefined();
    expect(KINDS.shell.templateFields).toEqual(['command']);
    expect(KINDS.http.templateFields).toEqual(['url', 'headers']);
    expect(KINDS.builtin.templateFields).toEqual([]);
  });
});

describe('adding a kind', () => {
  // A kind the product does not have: one module object, and one line in a registry.
  const fakeKind: ToolKindModule = {
    readFields: () => ({}),
    describe: () => 'somewhere',
    runsLocalCode: () => false,
    targetSchema: () => ({ type: 'object' }),
    knownSchema: () => ({ type: 'object' }),
    toolType: () => ({ type: 'builtin', handler: 'fake' }),
    run: () => Promise.resolve({ output: '', isError: false, content: [] }),
    manifestCodes: ['tool-fake-target'],
    checkEntry: (e) =>
      str(e, 'target') === 'somewhere'
        ? []
        : [finding(pathOf(e, 'target'), 'error', 'tool-fake-target', 'A fake tool only reaches somewhere.')],
    declaredArgs: () => new Set(['host', 'count']),
    templateFields: ['command'],
  };
  const registry: KindRegistry = { ...KINDS, fake: fakeKind };
  const folder = join(FIXTURES, 'kinds', 'fake-kind');

  it('is enough for every tool rule to know it, check its fields and ask it what it declares', () => {
    const rules = toolRulesFor(registry);
    const diags = check(rules, folder);
    expect(diags.map((d) => [d.code, covered(d)])).toEqual([
      ['tool-fake-target', 'nowhere'],
      ['tool-locked-arg-undeclared', 'colour'],
      ['tool-placeholder-undeclared', 'ping {{host}} -c {{count}} -p {{port}}'],
    ]);
    expect(diags[1]?.message).toMatch(/it declares host, count\)/);
    expect(diags[2]?.message).toMatch(/\{\{port\}\}/);
    expect(rules.flatMap((r) => r.codes ?? [])).toContain('tool-fake-target');
  });

  it('is what the product lacks without that line', () => {
    const diags = check(toolRulesFor(KINDS), folder);
    expect(diags.map((d) => [d.code, covered(d)])).toEqual([['tool-kind-unknown', 'fake']]);
  });
});
