// A skill is installed in the folder the `skills` CLI gives it: names.ts against the CLI's own sanitizeName, read
// from the pinned package's dist.
import { describe, expect, it } from 'vitest';
import { skillFolderName } from '../../../../electron/core/manage/names.js';
import { cliFunction } from './skills-cli-dist.js';

const sanitizeName = cliFunction<(name: string) => string>(['sanitizeName']);

describe('skillFolderName', () => {
  it("is the CLI's sanitizeName", () => {
    const names = [
      'notes',
      'Braintree Automation',
      'Bad_Skill',
      'PDF Tools!!',
      '..hidden..',
      '--dashes--',
      'a/b\\c',
      'v2.1 release',
      'ünïcödé skill',
      '日本語',
      '',
      'x'.repeat(300),
    ];
    for (const name of names) expect(skillFolderName(name), name).toBe(sanitizeName(name));
    expect(skillFolderName('Braintree Automation')).toBe('braintree-automation');
    expect(skillFolderName('日本語')).toBe('unnamed-skill');
  });
});
