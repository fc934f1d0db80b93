// @vitest-environment jsdom
// Issue 16: an MCP tool's audio content is shown as audio (its type and size), never as a broken image.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OutputView } from '../../../../renderer/src/runner/OutputView.js';

afterEach(cleanup);

describe('the output view', () => {
  it('shows audio and images each for what they are', () => {
    render(
      <OutputView
        output={{
          output: '[audio audio/wav]\n[image image/png]',
          isError: false,
          durationMs: 3,
          content: [
            { type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' },
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          ],
        }}
      />,
    );
    const audio = screen.getByLabelText('Audio (audio/wav)');
    expect(audio.textContent).toBe('Audio audio/wav 12 bytes');
    const images = screen.getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['Image 1 (image/png)']);
  });
});
