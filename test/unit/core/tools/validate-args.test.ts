import { describe, expect, it } from 'vitest';
import type { SkillError } from '../../../../shared/errors.js';
import type { JsonSchema } from '../../../../shared/types.js';
import { assertValidArgs } from '../../../../electron/core/tools/validate-args.js';

function failure(schema: object, args: unknown): SkillError {
  const s = schema as JsonSchema;
  try {
    assertValidArgs(s, args as never, 'tool "t"');
  } catch (error) {
    return error as SkillError;
  }
  throw new Error('expected InvalidArgs');
}

describe('assertValidArgs', () => {
  it('lists every failing path', () => {
    const e = failure(
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
    expect(paths).toEqual(expect.arrayContaining(['(root)', '/a', '/b/c']));
    expect(e.message).toMatch(/\(z\)/);
  });

  it('checks formats', () => {
    expect(
      failure(
        { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
        { email: 'nope' },
      ).message,
    ).toMatch(/\/email must match format "email"/);
  });

  it('uses draft-07 when $schema says so (definitions, items as array)', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { n: { type: 'number' } },
      properties: { t: { type: 'array', items: [{ $ref: '#/definitions/n' }, { type: 'string' }] } },
    };
    expect(() => assertValidArgs(schema as unknown as JsonSchema, { t: [1, 'x'] }, 't')).not.toThrow();
    expect(failure(schema, { t: ['x', 'x'] }).message).toMatch(/\/t\/0 must be number/);
  });

  it('uses 2020-12 by default (prefixItems)', () => {
    const schema = {
      type: 'object',
      properties: { t: { type: 'array', prefixItems: [{ type: 'number' }], items: false } },
    };
    expect(failure(schema, { t: [1, 2] }).code).toBe('InvalidArgs');
  });
});
