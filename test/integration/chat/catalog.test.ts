// Why a skill is not in the catalog a Playground model sees, in the author's terms, for each way it can be left out.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notListedReason, resolveSkillCall } from '../../../electron/core/chat/catalog.js';
import { Workspace } from '../../../electron/core/workspace.js';
import { FIXTURES } from '../../helpers.js';
import { chatLibrary } from './fixture.js';

function library() {
  const dir = chatLibrary();
  cpSync(join(FIXTURES, 'skills', 'desc-missing'), join(dir, 'desc-missing'), { recursive: true });
  return Workspace.open({ roots: [{ path: dir }] }).entries;
}

describe('notListedReason', () => {
  it('names the reason per profile, and nothing for a listed skill', () => {
    const entries = library();
    expect(notListedReason(entries, 'skillbench', 'weather')).toBeUndefined();
    expect(notListedReason(entries, 'skillbench', 'nope')).toBe('no loaded skill has that name');
    expect(notListedReason(entries, 'skillbench', 'hidden-helper')).toBe(
      'it sets disable-model-invocation: true, so only the user can invoke it',
    );
    expect(notListedReason(entries, 'portable', 'desc-missing')).toBe(
      'it has no description, and the portable profile lists only described skills',
    );
    // Claude Code lists it by its body's first line.
    expect(notListedReason(entries, 'claude-code', 'desc-missing')).toBeUndefined();
  });

  it('resolves a Skill call by name, and refuses a call without one', () => {
    const entries = library();
    expect(resolveSkillCall(entries, 'skillbench', { skill: 'weather', args: 'Oslo' })).toMatchObject({
      name: 'weather',
      args: 'Oslo',
      entry: { skill: { name: 'weather' } },
    });
    expect(resolveSkillCall(entries, 'skillbench', { skill: 'hidden-helper' }).problem).toBe(
      'There is no skill "hidden-helper" in <available_skills>: it sets disable-model-invocation: true, so only the user can invoke it.',
    );
    expect(resolveSkillCall(entries, 'skillbench', { name: 'weather' }).problem).toBe(
      'The Skill tool needs {"skill": "<name>"} with a name from <available_skills>.',
    );
  });
});
