// @vitest-environment jsdom
// A replay beside the original, turn by turn: the skills fired, the tools called and the answers, what changed
// named (not only coloured), the answers' word changes marked as removed and added.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplayTurnComparison } from '../../../../shared/chat.js';
import { ReplayComparison } from '../../../../renderer/src/playground/ReplayComparison.js';

afterEach(cleanup);

const comparison: ReplayTurnComparison[] = [
  {
    user: 'Greet Ada',
    before: { skills: [], tools: [], answer: 'I cannot greet anyone.' },
    after: { skills: ['greeting-shell'], tools: ['greeting-shell__greet'], answer: 'I greeted Ada.' },
    changed: true,
  },
  {
    user: 'Thanks',
    before: { skills: [], tools: [], answer: 'You are welcome.' },
    after: { skills: [], tools: [], answer: 'You are welcome.' },
    changed: false,
  },
];

describe('a replay compared with its original', () => {
  it('says how many turns changed and shows each side by side', () => {
    render(<ReplayComparison comparison={comparison} />);
    const region = screen.getByRole('region', { name: 'Replay comparison' });
    expect(within(region).getByRole('heading', { level: 3 }).textContent).toContain('1 of 2 turns changed');
    const first = within(region).getByRole('table', { name: 'Turn 1 compared' });
    const rows = within(first).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent))).toEqual([
      ['Skills fired', 'none', 'greeting-shell (changed)'],
      ['Tools called', 'none', 'greeting-shell__greet (changed)'],
      ['Answer', 'I cannot greet anyone.', 'I greeted Ada.'],
    ]);
  });

  it('marks the words of the answer removed and added', () => {
    render(<ReplayComparison comparison={comparison} />);
    const turn = screen.getByRole('region', { name: 'Turn 1 compared' });
    const diff = turn.querySelector('.answer-diff')!;
    const without = (tag: string) =>
      [...diff.childNodes]
        .filter((n) => n.nodeName.toLowerCase() !== tag)
        .map((n) => n.textContent)
        .join('');
    // Read without the additions it is the original answer, without the removals the replay's.
    expect(without('ins')).toBe('I cannot greet anyone.');
    expect(without('del')).toBe('I greeted Ada.');
    expect([...diff.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['cannot', 'greet anyone']);
    expect([...diff.querySelectorAll('ins')].map((d) => d.textContent)).toEqual(['greeted', 'Ada']);
    // An unchanged turn has no diff to read.
    expect(screen.getByRole('region', { name: 'Turn 2 compared' }).querySelector('.answer-diff')).toBeNull();
  });
});
