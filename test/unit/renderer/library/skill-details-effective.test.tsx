// @vitest-environment jsdom
// Issue 11: the skill details show the effective value of every key for the selected profile, and the preview lists
// the !`command` lines Claude Code would run (never running them).
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillDetails } from '../../../../renderer/src/library/SkillDetails.js';
import { PreviewView } from '../../../../renderer/src/preview/PreviewView.js';
import { loadFixture } from '../../../helpers.js';

afterEach(cleanup);

const row = (key: string) =>
  within(screen.getByRole('region', { name: 'Effective values' }))
    .getByText(key)
    .closest('tr');

describe('skill details: effective values', () => {
  it('shows what the profile runtime uses, written or defaulted', () => {
    render(<SkillDetails entry={loadFixture('runtime/cc-yaml11', 'claude-code')} profile="claude-code" />);
    expect(screen.getByRole('heading', { name: /Effective values as Claude Code reads them/ })).toBeTruthy();
    expect(row('disable-model-invocation')?.textContent).toBe('disable-model-invocationtruewritten');
    // `user-invocable: yes` is written, though it equals Claude Code's default: the view says so.
    expect(row('user-invocable')?.textContent).toBe('user-invocabletruewritten');
  });

  it("uses clawft's defaults in the clawft profile", () => {
    render(<SkillDetails entry={loadFixture('runtime/clawft-defaults', 'clawft')} profile="clawft" />);
    expect(row('user-invocable')?.textContent).toBe('user-invocablefalsedefault');
  });
});

describe('preview: Claude Code commands', () => {
  it('lists each !`command` as one Claude Code would run, and substitutes the skill folder', () => {
    const entry = loadFixture('runtime/cc-preview');
    render(<PreviewView entry={entry} />);
    const note = screen.getByRole('note', { name: 'Commands Claude Code would run' });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['git status --short', 'git branch --show-current']);
    expect(note.textContent).toMatch(/never runs them/);
    expect(screen.getByRole('region', { name: 'Rendered instructions' }).textContent).toContain(
      `node ${entry.path.replace(/\/SKILL\.md$/, '')}/scripts/summary.js`,
    );
  });
});
