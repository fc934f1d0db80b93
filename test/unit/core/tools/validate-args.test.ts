import { describe, expect, it } from 'vitest';
import type { SkillError } from '../../../../shared/errors.js';
import type { JsonSchema } from '../../../../shared/types.js';
import { assertValidArgs } from '../../../../electron/core/tools/validate-args.js';
import { validateArgs } from '../../../../renderer/src/runner/schema-form/validate-args.js';

async function failure(schema: object, args: unknown): Promise<SkillError> {
  const s = schema as JsonSchema;
  try {
    await assertValidArgs(s, args as never, 'tool "t"');
  } catch (error) {
    return error as SkillError;
  }
  throw new Error('expected InvalidArgs');
}

describe('assertValidArgs', () => {
  it('lists every failing path', async () => {
    const e = await failure(
      {
        type: 'object',
        properties: {
          a: { type: 'string' },
          b: { type: 'object', properties: { c: { type: 'integer', minimum: 1 } } },
        },
        required: ['a', 'z'],
      },
      { a: 1, b: { c: 0 } },
    );
    expect(e.code).toBe('InvalidArgs');
    const paths = (e.details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(['/z', '/a', '/b/c']);
    // In plain words, at the path of the value that owns the problem (a missing key is its own path).
    expect(e.details).toEqual([
      { path: '/z', message: 'z is required.' },
      { path: '/a', message: 'a must be text.' },
      { path: '/b/c', message: 'c must be at least 1.' },
    ]);
  });

  it('checks formats', async () => {
    expect(
      (
        await failure(
          { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
          { email: 'nope' },
        )
      ).message,
    ).toBe('Invalid arguments for tool "t": email must be an email address. (/email)');
  });

  it('uses draft-07 when $schema says so (definitions, items as array)', async () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { n: { type: 'number' } },
      properties: { t: { type: 'array', items: [{ $ref: '#/definitions/n' }, { type: 'string' }] } },
    };
    await expect(
      assertValidArgs(schema as unknown as JsonSchema, { t: [1, 'x'] }, 't'),
    ).resolves.toBeUndefined();
    expect((await failure(schema, { t: ['x', 'x'] })).message).toMatch(
      /Item 1 must be a number\. \(\/t\/0\)/,
    );
  });

  it('uses 2020-12 by default (prefixItems)', async () => {
    const schema = {
      type: 'object',
      properties: { t: { type: 'array', prefixItems: [{ type: 'number' }], items: false } },
    };
    expect((await failure(schema, { t: [1, 2] })).code).toBe('InvalidArgs');
  });

  it('says exactly what the page says, for the same schema and value (one check on both sides)', async () => {
    const cases: Array<[object, unknown]> = [
      [
        {
          type: 'object',
          required: ['shape'],
          properties: {
            shape: {
              oneOf: [
                {
                  title: 'Circle',
                  type: 'object',
                  required: ['kind', 'radius'],
                  properties: { kind: { const: 'circle' }, radius: { type: 'number', title: 'Radius' } },
                },
                {
                  title: 'Square',
                  type: 'object',
                  required: ['kind', 'side'],
                  properties: { kind: { const: 'square' }, side: { type: 'number' } },
                },
              ],
            },
          },
        },
        { shape: { kind: 'circle' } },
      ],
      [
        { type: 'object', properties: { d: { type: 'string', format: 'date', title: 'Day' } } },
        { d: '2026-13-45' },
      ],
      [
        {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'array',
          items: [{ type: 'string' }],
          additionalItems: false,
        },
        ['a', 'b'],
      ],
    ];
    for (const [schema, value] of cases) {
      const host = ((await failure(schema, value)).details as Array<{ path: string; message: string }>).map(
        (d) => d.message,
      );
      const page = validateArgs(schema as JsonSchema, value as never).map((e) => e.message);
      expect(host).toEqual(page);
      expect(host.length).toBeGreaterThan(0);
    }
    expect((await failure(cases[0]![0], cases[0]![1])).message).toBe(
      'Invalid arguments for tool "t": Radius is required for a circle. (/shape/radius)',
    );
  });

  it('follows $schema: under draft-07 a $ref hides its sibling keywords, under 2020-12 both apply', async () => {
    const body = {
      definitions: { s: { type: 'string' } },
      type: 'object',
      properties: { a: { $ref: '#/definitions/s', minLength: 5 } },
    };
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', ...body };
    await expect(
      assertValidArgs(draft07 as unknown as JsonSchema, { a: 'ab' }, 't'),
    ).resolves.toBeUndefined();
    expect(validateArgs(draft07 as unknown as JsonSchema, { a: 'ab' })).toEqual([]);
    expect((await failure(body, { a: 'ab' })).message).toMatch(/a must be at least 5 characters long/);
    expect(validateArgs(body as unknown as JsonSchema, { a: 'ab' })).toHaveLength(1);
  });
});
