// A run's progress costs a bounded amount (issue 12): batched to one event per interval, at most 1 MiB of text per
// run, then one note.
import { describe, expect, it, vi } from 'vitest';
import {
  PROGRESS_CAP_BYTES,
  PROGRESS_TRUNCATED_NOTE,
  ProgressGate,
  type Progress,
} from '../../../electron/host/progress-gate.js';

describe('the progress gate', () => {
  it('batches chunks into one event per interval, keeping the text and the latest numbers', () => {
    vi.useFakeTimers();
    try {
      const sent: Progress[] = [];
      const gate = new ProgressGate((p) => sent.push(p));
      for (let i = 0; i < 1000; i++) gate.push({ message: 'ab', progress: i, total: 1000 });
      expect(sent).toEqual([]);
      vi.advanceTimersByTime(60);
      expect(sent).toEqual([{ message: 'ab'.repeat(1000), progress: 999, total: 1000 }]);
      gate.push({ message: 'c' });
      gate.flush();
      expect(sent[1]).toEqual({ message: 'c' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends at most 1 MiB of text per run, then one note and nothing more', () => {
    const sent: Progress[] = [];
    const gate = new ProgressGate((p) => sent.push(p));
    const chunk = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 100; i++) {
      gate.push({ message: chunk });
      gate.flush();
    }
    const text = sent.map((p) => p.message ?? '').join('');
    expect(text.length).toBe(PROGRESS_CAP_BYTES + PROGRESS_TRUNCATED_NOTE.length);
    expect(text.endsWith(PROGRESS_TRUNCATED_NOTE)).toBe(true);
    expect(sent.filter((p) => p.truncated)).toHaveLength(1);
    expect(sent).toHaveLength(17); // 16 chunks fill the 1 MiB, the 17th brings the note
  });
});
