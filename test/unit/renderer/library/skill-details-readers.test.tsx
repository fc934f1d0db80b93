// @vitest-environment jsdom
// A skill installed the standard way (a copy in .agents/skills, a link in .claude/skills) is one skill in the library,
// read by every agent of both folders; its overview names them, tags each finding the agents' profiles disagree on,
// and shows the values as the first of them reads it.
import { cleanup, render, screen, within } from '@testing-library/react';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENTS } from '../../../../electron/core/agents/folders.js';
import { loadLibrary } from '../../../../electron/core/skills/library.js';
import { usualRoots } from '../../../../electron/core/skills/usual-roots.js';
import { SkillDetails } from '../../../../renderer/src/library/SkillDetails.js';
import { listedEntry } from '../../../../shared/types.js';

afterEach(cleanup);

describe('the overview of a skill several agents read', () => {
  it('names its readers, tags the findings they disagree on, and reads it as the first of them', () => {
    const project = realpathSync(mkdtempSync(join(tmpdir(), 'sb-readers-')));
    const home = join(project, 'home');
    mkdirSync(join(project, '.agents', 'skills', 'pdf-tool'), { recursive: true });
    mkdirSync(join(project, '.claude', 'skills'), { recursive: true });
    writeFileSync(
      join(project, '.agents', 'skills', 'pdf-tool', 'SKILL.md'),
      '---\nname: pdf-tool\ndescription: Extract text from PDF files. Use when given a PDF.\ncategory: docs\n---\nDo it.\n',
    );
    symlinkSync(
      join('..', '..', '.agents', 'skills', 'pdf-tool'),
      join(project, '.claude', 'skills', 'pdf-tool'),
    );
    const library = loadLibrary(usualRoots(project, { home, env: {}, platform: process.platform }), {
      linkScopes: [project],
    });
    expect(library.entries).toHaveLength(1);
    expect(library.diagnostics).toEqual([]);
    const entry = library.entries[0]!;
    render(
      <SkillDetails
        entry={listedEntry(entry)}
        profile="skillbench"
        agents={AGENTS.map((a) => ({ id: a.id, displayName: a.displayName, profile: a.profile }))}
      />,
    );
    const readBy = screen.getByLabelText('Read by');
    // Grouped by the profile that checks them: the two dozen agents of .agents/skills counted, named in the title.
    expect(readBy.textContent).toMatch(/^Read by Claude Code \(claude-code\); \d+ agents \(portable\)/);
    expect(
      within(readBy)
        .getByText(/\d+ agents/)
        .getAttribute('title'),
    ).toMatch(/Codex, .*Cursor/);
    expect(readBy.textContent).toContain(
      `also reached at ${join(project, '.claude', 'skills', 'pdf-tool', 'SKILL.md')}`,
    );
    const rows = within(screen.getByRole('region', { name: 'Diagnostics' })).getAllByText(/unknown-key/);
    expect(rows.map((r) => r.closest('.diag')?.textContent)).toEqual([
      expect.stringMatching(
        /^error.*unknown-key portable .*Claude's apps and API refuse other keys on upload\.$/,
      ),
      expect.stringMatching(/^warning.*unknown-key claude-code .*Claude Code ignores it\.$/),
    ]);
    expect(screen.getByRole('region', { name: 'Effective values' }).textContent).toContain(
      'as Claude Code reads them',
    );
  });
});
