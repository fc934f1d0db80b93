import { describe, expect, it } from 'vitest';
import { mergeLockedArgs, narrowSchema } from '../../../../electron/core/tools/locked-args.js';

describe('mergeLockedArgs', () => {
  it('lets locked keys win and other caller keys pass through', () => {
    expect(mergeLockedArgs({ path: 'evil', maxBytes: 10 }, { path: 'safe.md' })).toEqual({
      path: 'safe.md',
      maxBytes: 10,
    });
  });

  it('turns a non-object caller value into {}', () => {
    expect(mergeLockedArgs('text', { a: 1 })).toEqual({ a: 1 });
    expect(mergeLockedArgs([1, 2], undefined)).toEqual({});
    expect(mergeLockedArgs(null, undefined)).toEqual({});
  });

  it('never lets __proto__, constructor or prototype pollute or unlock anything', () => {
    const caller = JSON.parse(
      '{"__proto__": {"path": "evil", "polluted": true}, "constructor": {"prototype": {"x": 1}}, "prototype": 1}',
    ) as Record<string, unknown>;
    const merged = mergeLockedArgs(caller as never, { path: 'safe.md' });
    expect(merged).toEqual({ path: 'safe.md' });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('keeps a locked __proto__-named key as plain data if a manifest declares one', () => {
    const locked = JSON.parse('{"__proto__": "x"}') as Record<string, string>;
    const merged = mergeLockedArgs({}, locked);
    expect(Object.keys(merged)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});

describe('narrowSchema', () => {
  it('removes locked keys from properties and required, leaving the rest', () => {
    const schema = {
      type: 'object',
      properties: { path: { type: 'string' }, maxBytes: { type: 'integer' } },
      required: ['path', 'maxBytes'],
    };
    expect(narrowSchema(schema, ['path'])).toEqual({
      type: 'object',
      properties: { maxBytes: { type: 'integer' } },
      required: ['maxBytes'],
    });
    expect(schema.required).toEqual(['path', 'maxBytes']);
  });
});
