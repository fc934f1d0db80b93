// @vitest-environment jsdom
// After a palette command the focus is back where it was, or on the view the command opened: never on <body>.
import { cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePaletteFocus } from '../../../../renderer/src/palette/use-palette-focus.js';
import { Modal } from '../../../../renderer/src/ui/Modal.js';

afterEach(cleanup);

type ViewName = 'skill' | 'history';

function Shell(props: { palette: boolean; view: ViewName; row?: boolean; dialog?: boolean }) {
  const main = useRef<HTMLElement>(null);
  usePaletteFocus(props.palette, props.view, main);
  return (
    <>
      {props.row !== false ? <button>csv-report</button> : null}
      <main ref={main} tabIndex={-1}>
        <div role="tablist" aria-label="Views">
          <button role="tab" aria-selected={props.view === 'skill'}>
            Skill
          </button>
          <button role="tab" aria-selected={props.view === 'history'}>
            History
          </button>
        </div>
        {props.view === 'skill' ? (
          <div role="tablist" aria-label="Skill views">
            <button role="tab" aria-selected="false">
              Overview
            </button>
            <button role="tab" aria-selected="true">
              Edit
            </button>
          </div>
        ) : null}
      </main>
      {props.palette ? (
        <Modal title="Go to" onCancel={() => {}} actions={null}>
          <input aria-label="Command" />
        </Modal>
      ) : null}
      {props.dialog ? (
        <Modal title="New skill" onCancel={() => {}} actions={null}>
          <input aria-label="Name" />
        </Modal>
      ) : null}
    </>
  );
}

/** Focuses the row, opens the palette on `from`, then closes it as a command leaves the app. */
function runCommand(from: ViewName, after: { view: ViewName; row?: boolean; dialog?: boolean }) {
  const { rerender } = render(<Shell palette={false} view={from} />);
  screen.getByRole('button', { name: 'csv-report' }).focus();
  rerender(<Shell palette view={from} />);
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Command' }));
  rerender(<Shell palette={false} {...after} />);
}

describe('the focus after a palette command', () => {
  it('goes back where it was when the command stayed on the view', () => {
    runCommand('skill', { view: 'skill' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'csv-report' }));
  });

  it("goes to the opened view's tab when the command opened another view", () => {
    runCommand('skill', { view: 'history' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'History' }));
  });

  it("goes to the skill's own tab when the command opened a skill on a tab", () => {
    runCommand('history', { view: 'skill' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Edit' }));
  });

  it('goes to the view, not <body>, when what had it is gone', () => {
    runCommand('skill', { view: 'skill', row: false });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Edit' }));
  });

  it('stays in a dialog the command opened', () => {
    runCommand('skill', { view: 'history', dialog: true });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });
});
