// @vitest-environment jsdom
// A view that throws while rendering shows what failed and Try again in its place; the views beside it keep working,
// and another view (a new reset key) starts afresh.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../../renderer/src/ui/ErrorBoundary.js';

afterEach(cleanup);

let broken = true;
function Fragile() {
  if (broken) throw new Error('cannot read the schema');
  return <p>the runner</p>;
}

function Workbench() {
  const [count, setCount] = useState(0);
  const [view, setView] = useState('run');
  return (
    <>
      <ErrorBoundary name="The library">
        <button onClick={() => setCount((c) => c + 1)}>clicked {count}</button>
      </ErrorBoundary>
      <button onClick={() => setView('edit')}>edit</button>
      <ErrorBoundary name="The run tab" resetKey={view}>
        {view === 'run' ? <Fragile /> : <p>the editor</p>}
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary', () => {
  it('contains a failing view and keeps the rest usable', () => {
    broken = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Workbench />);
    expect(screen.getByRole('alert').textContent).toMatch(
      /The run tab stopped working.*cannot read the schema/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'clicked 0' }));
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('the runner')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });

  it('starts afresh when the view changes', () => {
    broken = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Workbench />);
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'edit' }));
    expect(screen.getByText('the editor')).toBeTruthy();
    logged.mockRestore();
  });
});
