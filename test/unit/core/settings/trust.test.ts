// Trust is remembered per folder, and covers the skill folders inside it: trusting a project trusts the agents' skill
// folders in it (`.claude/skills`, `.agents/skills`), where installs land, and only while it is the same folder.
import { cpSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RootInfo } from '../../../../shared/types.js';
import { folderIdentity, isTrustedFolder } from '../../../../electron/core/settings/trust.js';
import { copyFixtures } from '../../../helpers.js';

const root = (path: string): RootInfo => ({ id: 'r', path, kind: 'project', trusted: false });

describe('folder trust', () => {
  it("covers the agents' skill folders inside a trusted project, and nothing beside it", () => {
    const dir = copyFixtures('usual');
    const project = join(dir, 'project');
    const trusted = [folderIdentity(project)].filter((t) => t !== undefined);
    expect(isTrustedFolder(root(project), trusted)).toBe(true);
    expect(isTrustedFolder(root(join(project, '.claude', 'skills')), trusted)).toBe(true);
    expect(isTrustedFolder(root(join(dir, 'home', '.claude', 'skills')), trusted)).toBe(false);
    expect(isTrustedFolder(root(dir), trusted)).toBe(false);
  });

  it('stops covering them once the trusted project is replaced by another folder at the same path', () => {
    const dir = copyFixtures('usual');
    const project = join(dir, 'project');
    const trusted = [folderIdentity(project)].filter((t) => t !== undefined);
    renameSync(project, join(dir, 'old-project'));
    cpSync(join(dir, 'old-project'), project, { recursive: true });
    expect(isTrustedFolder(root(join(project, '.claude', 'skills')), trusted)).toBe(false);
    expect(isTrustedFolder(root(project), trusted)).toBe(false);
  });
});
