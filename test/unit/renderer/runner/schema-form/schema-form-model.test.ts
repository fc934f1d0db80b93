// The schema-form normaliser on a catalogue of schemas: every shape the runner's form must handle, the ones it
// must hand to a JSON field instead, and the schemas a real MCP server (server-everything) publishes.
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../../shared/types.js';
import { McpPool } from '../../../../../electron/core/mcp/pool.js';
import { BUILTIN_TOOLS } from '../../../../../electron/core/tools/kinds/builtin/catalog.js';
import { initialValue, shownBranch } from '../../../../../renderer/src/runner/schema-form/form-state.js';
import { normalizeSchema } from '../../../../../renderer/src/runner/schema-form/schema-form-model.js';
import {
  withEntry,
  withItem,
  withProperty,
  withTupleItem,
} from '../../../../../renderer/src/runner/schema-form/form-edits.js';
import { type Field } from '../../../../../renderer/src/runner/schema-form/field.js';
import { EVERYTHING_SERVER } from '../../../../helpers.js';

const n = (schema: object) => normalizeSchema(schema as JsonSchema);
const prop = (f: Field, name: string): Field => {
  if (f.kind !== 'object') throw new Error(`not an object: ${f.kind}`);
  const p = f.properties.find((x) => x.name === name);
  if (!p) throw new Error(`no ${name}`);
  return p.field;
};

describe('scalars', () => {
  it('keeps string formats and bounds, number bounds, booleans', () => {
    expect(n({ type: 'string', format: 'email', minLength: 3, maxLength: 9, pattern: '^a' })).toMatchObject({
      kind: 'string',
      format: 'email',
      minLength: 3,
      maxLength: 9,
      pattern: '^a',
      nullable: false,
    });
    expect(n({ type: 'integer', minimum: 1, exclusiveMaximum: 10, multipleOf: 2 })).toMatchObject({
      kind: 'integer',
      minimum: 1,
      exclusiveMaximum: 10,
      multipleOf: 2,
    });
    expect(n({ type: 'boolean', default: true })).toMatchObject({ kind: 'boolean', default: true });
    expect(n({ type: 'string', writeOnly: true })).toMatchObject({ kind: 'string', secret: true });
  });

  it('turns enum and const into choices that send exactly their values', () => {
    expect(n({ enum: ['a', 1, true] })).toMatchObject({
      kind: 'enum',
      options: [{ value: 'a' }, { value: 1 }, { value: true }],
    });
    expect(n({ const: 'fixed' })).toMatchObject({ kind: 'const', value: 'fixed' });
    expect(n({ enum: ['a', null] })).toMatchObject({
      kind: 'enum',
      options: [{ value: 'a' }],
      nullable: true,
    });
    // An enum written as a oneOf of titled consts: one option per const, named by its title.
    expect(
      n({ oneOf: [{ const: 'lo', title: 'Low' }, { const: 'hi', title: 'High' }, { type: 'null' }] }),
    ).toMatchObject({
      kind: 'enum',
      nullable: true,
      options: [
        { value: 'lo', label: 'Low' },
        { value: 'hi', label: 'High' },
      ],
    });
  });
});

describe('nullable', () => {
  it('reads type [X, "null"] and anyOf/oneOf with a null branch as a nullable X', () => {
    expect(n({ type: ['string', 'null'] })).toMatchObject({ kind: 'string', nullable: true });
    expect(n({ anyOf: [{ type: 'number' }, { type: 'null' }], description: 'd' })).toMatchObject({
      kind: 'number',
      nullable: true,
      description: 'd',
    });
    expect(
      n({ oneOf: [{ type: 'null' }, { $ref: '#/$defs/s' }], $defs: { s: { type: 'string' } } }),
    ).toMatchObject({ kind: 'string', nullable: true });
  });
});

describe('structures', () => {
  it('nests objects with required markers', () => {
    const f = n({
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] },
        c: { type: 'number' },
      },
      required: ['a'],
      additionalProperties: false,
    });
    expect(f).toMatchObject({
      kind: 'object',
      additional: 'none',
      properties: [
        { name: 'a', required: true },
        { name: 'c', required: false },
      ],
    });
    expect(prop(prop(f, 'a'), 'b')).toMatchObject({ kind: 'string' });
  });

  it('handles arrays of scalars and of objects', () => {
    expect(n({ type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true })).toMatchObject({
      kind: 'array',
      items: { kind: 'string' },
      minItems: 1,
      uniqueItems: true,
    });
    const f = n({
      type: 'array',
      items: {
        type: 'object',
        properties: { k: { type: 'string' }, v: { type: 'integer' } },
        required: ['k'],
      },
    });
    expect(f.kind === 'array' && f.items.kind).toBe('object');
  });

  it('offers a branch selector for oneOf/anyOf, labelled by title, const or discriminator', () => {
    const f = n({
      oneOf: [
        { title: 'By id', type: 'object', properties: { id: { type: 'integer' } } },
        { type: 'object', properties: { kind: { const: 'url' }, url: { type: 'string', format: 'uri' } } },
        { const: 'none' },
      ],
    });
    expect(f.kind).toBe('choice');
    expect(f.kind === 'choice' && f.branches.map((b) => b.label)).toEqual(['By id', 'url', 'none']);
  });

  it('resolves local $ref in $defs and definitions, and stops at recursion', () => {
    const tree = n({
      $defs: {
        node: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
        },
      },
      $ref: '#/$defs/node',
    });
    expect(prop(tree, 'label')).toMatchObject({ kind: 'string' });
    const children = prop(tree, 'children');
    // A recursive reference is a nested form of the same shape, built only when expanded.
    expect(children.kind === 'array' && children.items).toMatchObject({ kind: 'ref', ref: '#/$defs/node' });
    const inner =
      children.kind === 'array' && children.items.kind === 'ref' ? children.items.resolve() : undefined;
    expect(inner && prop(inner, 'label')).toMatchObject({ kind: 'string' });
    expect(
      n({
        definitions: { d: { type: 'boolean' } },
        type: 'object',
        properties: { x: { $ref: '#/definitions/d' } },
      }),
    ).toMatchObject({ properties: [{ field: { kind: 'boolean' } }] });
    expect(n({ $ref: 'https://example.com/remote.json' })).toMatchObject({
      kind: 'json',
      reason: expect.stringMatching(/https:\/\/example.com\/remote.json, which does not resolve/) as string,
    });
  });

  it('follows a $ref into an array as the argument check does (not "remote")', () => {
    const f = n({
      $defs: { list: [{ type: 'string', title: 'First' }, { type: 'integer' }] },
      allOf: [{ type: 'object' }, { properties: { id: { type: 'boolean' } } }],
      type: 'object',
      properties: { a: { $ref: '#/$defs/list/0' }, b: { $ref: '#/allOf/1/properties/id' } },
    });
    expect(prop(f, 'a')).toMatchObject({ kind: 'string', title: 'First' });
    expect(prop(f, 'b')).toMatchObject({ kind: 'boolean' });
  });

  it('merges a single allOf and applies defaults', () => {
    const f = n({
      allOf: [{ type: 'object', properties: { a: { type: 'integer', default: 3 } } }],
      description: 'wrapped',
    });
    expect(f).toMatchObject({ kind: 'object', description: 'wrapped' });
    expect(initialValue(f)).toEqual({ a: 3 });
  });
});

describe('JSON fallback: only what truly has no form, saying why', () => {
  it.each([
    [{}, /any JSON value/],
    [{ if: { type: 'string' }, then: { minLength: 1 } }, /gives no type/],
    [{ allOf: [{ type: 'string' }, { type: 'number' }] }, /allOf and its parts disagree on "type"/],
    [
      {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
          { properties: { b: { type: 'string' } } },
        ],
      },
      /part 1 refuses "b"/,
    ],
    [{ $dynamicRef: '#node' }, /\$dynamicRef/],
  ])('%j', (schema, reason) => {
    const f = n(schema);
    expect(f.kind).toBe('json');
    expect(f.kind === 'json' && f.reason).toMatch(reason);
  });

  it('gives forms to maps, pattern keys, tuples, several types, allOf and conditions', () => {
    expect(n({ type: 'object', additionalProperties: { type: 'string' } })).toMatchObject({
      kind: 'object',
      properties: [],
      additional: { kind: 'string' },
    });
    expect(n({ type: 'object', patternProperties: { '^x': { type: 'string' } } })).toMatchObject({
      kind: 'object',
      patterns: [{ pattern: '^x', field: { kind: 'string' } }],
    });
    expect(n({ type: 'array', items: [{ type: 'string' }, { type: 'number' }] })).toMatchObject({
      kind: 'tuple',
      prefix: [{ kind: 'string' }, { kind: 'number' }],
    });
    expect(n({ type: 'array', prefixItems: [{ type: 'string' }], items: false })).toMatchObject({
      kind: 'tuple',
      rest: undefined,
    });
    expect(n({ type: ['string', 'number'] })).toMatchObject({
      kind: 'choice',
      branches: [{ label: 'text' }, { label: 'number' }],
    });
    expect(n({ allOf: [{ type: 'object' }, { required: ['a'] }] })).toMatchObject({
      kind: 'object',
      properties: [{ name: 'a', required: true, field: { kind: 'json' } }],
    });
    const cond = n({
      type: 'object',
      properties: { country: { type: 'string' } },
      if: { properties: { country: { const: 'US' } } },
      then: { required: ['zip'], properties: { zip: { type: 'string' } } },
      dependentRequired: { card: ['billing'] },
    });
    expect(cond).toMatchObject({
      kind: 'object',
      properties: [{ name: 'country' }, { name: 'zip', required: false }],
      notes: ['When country is US, zip required.', 'When card is given, billing is required too.'],
    });
  });
});

describe('initial values', () => {
  it('fills required fields with their defaults and invents nothing', () => {
    const f = n({
      type: 'object',
      properties: {
        a: { type: 'string', default: 'x' },
        b: { type: 'number' },
        c: { type: 'object', properties: { d: { type: 'boolean', default: false } }, required: ['d'] },
      },
      required: ['b', 'c'],
    });
    expect(initialValue(f)).toEqual({ a: 'x', c: { d: false } });
  });
});

describe('schemas published by real tools', () => {
  const pool = new McpPool({
    everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'], source: 'test' },
  });
  afterAll(() => pool.close());

  it('turns every server-everything tool into a form (no JSON fallback at the top level)', async () => {
    const tools = await pool.listTools('everything');
    expect(tools.length).toBeGreaterThan(10);
    for (const t of tools) expect(normalizeSchema(t.inputSchema as JsonSchema).kind, t.name).toBe('object');
    const byName = (name: string) =>
      normalizeSchema(tools.find((t) => t.name === name)!.inputSchema as JsonSchema);
    expect(prop(byName('echo'), 'message')).toMatchObject({ kind: 'string', description: 'Message to echo' });
    expect(prop(byName('get-annotated-message'), 'messageType')).toMatchObject({
      kind: 'enum',
      options: [{ value: 'error' }, { value: 'success' }, { value: 'debug' }],
    });
    expect(initialValue(byName('trigger-long-running-operation'))).toEqual({ duration: 10, steps: 5 });
  });

  it('turns every built-in handler into a form', () => {
    for (const [name, spec] of Object.entries(BUILTIN_TOOLS))
      expect(normalizeSchema(spec.inputSchema).kind, name).toBe('object');
    expect(prop(normalizeSchema(BUILTIN_TOOLS.http_request!.inputSchema), 'method')).toMatchObject({
      kind: 'enum',
      options: [{ value: 'GET' }, { value: 'POST' }, { value: 'PUT' }, { value: 'DELETE' }],
    });
  });
});

describe('edits applied to the latest value (what each field hands up)', () => {
  it('sets and clears a property; an unset object emptied again stays unset', () => {
    expect(withProperty(undefined, 'a', 1)).toEqual({ a: 1 });
    expect(withProperty({ a: 1, b: 2 }, 'a', undefined)).toEqual({ b: 2 });
    expect(withProperty({ a: 1 }, 'a', undefined)).toEqual({});
    expect(withProperty(undefined, 'a', undefined)).toBeUndefined();
    // a value of another type (typed in the JSON pane) is replaced by an object
    expect(withProperty('text', 'a', 1)).toEqual({ a: 1 });
  });

  it('removes a map entry whose value is cleared, keeping the (possibly empty) map', () => {
    expect(withEntry({ k1: 'a', k2: 'b' }, 'k1', undefined)).toEqual({ k2: 'b' });
    expect(withEntry({ k1: 'a' }, 'k1', undefined)).toEqual({});
    expect(withEntry(undefined, 'k1', 'x')).toEqual({ k1: 'x' });
  });

  it('replaces a list item; a cleared item becomes null', () => {
    expect(withItem(['a', 'b'], 1, 'c')).toEqual(['a', 'c']);
    expect(withItem(['a', 'b'], 0, undefined)).toEqual([null, 'b']);
  });

  it('fills earlier tuple positions with blanks, shortens when the last is cleared', () => {
    const tuple = n({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }],
    });
    if (tuple.kind !== 'tuple') throw new Error('a tuple');
    expect(withTupleItem(tuple, undefined, 2, true)).toEqual(['', 0, true]);
    expect(withTupleItem(tuple, ['a', 1, true], 2, undefined)).toEqual(['a', 1]);
    expect(withTupleItem(tuple, ['a', 1, true], 0, undefined)).toEqual([null, 1, true]);
  });

  it("shows the user's pick while it fits the value, else the branch the value belongs to", () => {
    const choice = n({
      oneOf: [
        { title: 'Circle', type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } } },
        {
          title: 'Square',
          type: 'object',
          properties: { kind: { const: 'square' }, side: { type: 'number' } },
        },
      ],
    });
    if (choice.kind !== 'choice') throw new Error('a choice');
    expect(shownBranch(choice, {}, 1)).toBe(1); // {} fits both: the pick wins
    expect(shownBranch(choice, { kind: 'circle' }, 1)).toBe(0); // the value says circle
    expect(shownBranch(choice, { kind: 'square' }, undefined)).toBe(1);
    expect(shownBranch(choice, undefined, undefined)).toBe(0);
  });
});
