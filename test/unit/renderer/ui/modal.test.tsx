// @vitest-environment jsdom
// The one modal: focus goes to a field, or to a safe button, never to a destructive one (Enter must not delete).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../../../../renderer/src/ui/Modal.js';

afterEach(cleanup);

describe('the modal dialog', () => {
  it('focuses Cancel, not the destructive button listed first, when there is no field', () => {
    render(
      <Modal
        title="Delete csv-report?"
        onCancel={() => undefined}
        actions={
          <>
            <button className="danger">Move to trash</button>
            <button>Cancel</button>
          </>
        }
      >
        <p>The folder goes to the trash.</p>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('focuses the element marked data-autofocus first, wherever it stands', () => {
    render(
      <Modal title="Rename" onCancel={() => undefined} actions={<button>Rename</button>}>
        <select aria-label="Root" />
        <input aria-label="Name" data-autofocus />
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });
});
