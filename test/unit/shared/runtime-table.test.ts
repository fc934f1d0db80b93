// The runtime table is the one source of the known keys, the frontmatter schema and the reference's key table.
import { describe, expect, it } from 'vitest';
import { isKnownKey } from '../../../electron/core/skills/keys.js';
import { FRONTMATTER_SCHEMA } from '../../../shared/frontmatter-schema.js';
import { profileKeys, RUNTIME_TABLE } from '../../../shared/runtime-table.js';

const ISSUE_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
  'when_to_use',
  'argument-hint',
  'arguments',
  'disable-model-invocation',
  'user-invocable',
  'model',
  'effort',
  'context',
  'agent',
  'hooks',
  'paths',
  'shell',
  'version',
  'variables',
  'tools',
];

describe('runtime table', () => {
  it('covers every key the issue names', () => {
    expect(RUNTIME_TABLE.map((k) => k.key)).toEqual(expect.arrayContaining(ISSUE_KEYS));
  });

  it('is what the profiles know', () => {
    expect(profileKeys('portable')).toEqual([
      'name',
      'description',
      'license',
      'compatibility',
      'metadata',
      'allowed-tools',
    ]);
    for (const key of ['when_to_use', 'effort', 'paths', 'shell']) {
      expect(isKnownKey('claude-code', key)).toBe(true);
      expect(isKnownKey('portable', key)).toBe(false);
    }
    for (const k of RUNTIME_TABLE) expect(isKnownKey('skillbench', k.key)).toBe(true);
  });

  it('is the frontmatter schema the editor completes and explains from', () => {
    const props = (FRONTMATTER_SCHEMA as { properties: Record<string, { description?: string }> }).properties;
    expect(Object.keys(props).sort()).toEqual(RUNTIME_TABLE.map((k) => k.key).sort());
    expect(props.when_to_use?.description).toMatch(/Read by: Claude Code/);
  });
});
