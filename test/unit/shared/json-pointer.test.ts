// JSON pointers as both schema walkers read them: escaped tokens, arrays by index, same-document refs only.
import { describe, expect, it } from 'vitest';
import { escapeToken, pointerTokens, resolveRef, valueAtPointer } from '../../../shared/json-pointer.js';

describe('json-pointer', () => {
  const doc = { $defs: { list: [{ type: 'string' }, { type: 'integer' }], 'a/b': { '~x': 1 } } };

  it('escapes and reads back tokens', () => {
    expect(escapeToken('a/b~c')).toBe('a~1b~0c');
    expect(pointerTokens('/a~1b/~0x/0')).toEqual(['a/b', '~x', '0']);
    expect(pointerTokens('')).toEqual([]);
  });

  it('follows objects and arrays, and nothing inherited', () => {
    expect(valueAtPointer(doc, '/$defs/list/1')).toEqual({ type: 'integer' });
    expect(valueAtPointer(doc, '/$defs/a~1b/~0x')).toBe(1);
    expect(valueAtPointer(doc, '/$defs/list/2')).toBeUndefined();
    expect(valueAtPointer(doc, '/$defs/list/01')).toBeUndefined();
    expect(valueAtPointer(doc, '/$defs/constructor')).toBeUndefined();
  });

  it('resolves same-document refs (percent-encoded too), never remote ones', () => {
    expect(resolveRef('#/$defs/list/0', doc)).toEqual({ type: 'string' });
    expect(resolveRef('#/%24defs/a~1b', doc)).toEqual({ '~x': 1 });
    expect(resolveRef('#', doc)).toBe(doc);
    expect(resolveRef('https://example.com/s.json#/$defs/list/0', doc)).toBeUndefined();
  });
});
