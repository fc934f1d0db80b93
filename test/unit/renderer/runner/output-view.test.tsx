// @vitest-environment jsdom
// The output view: an MCP tool's audio content is shown as audio (its type and size), never as a broken image; an
// HTTP tool's status reads as HTTP, not as a process's exit code; output cut at the cap says so in the status line.
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
    // A player, from the block's data.
    const player = audio.querySelector('audio');
    expect(player?.getAttribute('src')).toBe('data:audio/wav;base64,UklGRiQAAABXQVZF');
    expect(player?.hasAttribute('controls')).toBe(true);
    const images = screen.getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['Image 1 (image/png)']);
  });

  it('does not play audio whose type could shape the data: URL', () => {
    render(
      <OutputView
        output={{
          output: '',
          isError: false,
          durationMs: 1,
          content: [{ type: 'audio', data: 'AAAA', mimeType: 'text/html,<b>x</b>;' }],
        }}
      />,
    );
    const audio = screen.getByLabelText('Audio (text/html,<b>x</b>;)');
    expect(audio.querySelector('audio')).toBeNull();
  });

  it('names an HTTP status as HTTP and an exit code as exit', () => {
    const { rerender } = render(
      <OutputView output={{ output: 'not found', isError: true, durationMs: 5, httpStatus: 404 }} />,
    );
    const head = () =>
      screen.getByRole('region', { name: 'Output' }).querySelector('.output-head .muted')!.textContent;
    expect(head()).toMatch(/· HTTP 404$/);
    expect(head()).not.toContain('exit');
    rerender(<OutputView output={{ output: 'x', isError: true, durationMs: 5, exitCode: 3 }} />);
    expect(head()).toMatch(/· exit 3$/);
  });

  it('says up front, in the status line, that the output was truncated, with its full size when known', () => {
    const MiB = 1024 * 1024;
    const { container, rerender } = render(
      <OutputView
        output={{
          output: 'x'.repeat(10),
          isError: false,
          durationMs: 3,
          truncated: { atBytes: MiB, totalBytes: 1.5 * MiB },
        }}
      />,
    );
    const state = () => container.querySelector('.output-head strong')?.textContent;
    expect(state()).toBe('OK — output truncated at 1 MiB of 1.5 MiB');
    rerender(
      <OutputView output={{ output: 'x', isError: false, durationMs: 3, truncated: { atBytes: MiB } }} />,
    );
    expect(state()).toBe('OK — output truncated at 1 MiB');
    rerender(<OutputView output={{ output: 'x', isError: false, durationMs: 3 }} />);
    expect(state()).toBe('OK');
  });
});
