// A server's notifications reach the windows, a flooding one cut to a bounded size (red-team finding: 9 MB log
// messages went to every window whole).
import { describe, expect, it } from 'vitest';
import { HostMcpClientSide, NOTIFICATION_PARAMS_BYTES } from '../../../electron/host/mcp-client-side.js';

describe('HostMcpClientSide.notify', () => {
  const sent = (params: unknown) => {
    const events: Array<[string, { params?: unknown }]> = [];
    new HostMcpClientSide(
      (event, payload) => void events.push([event, payload as { params?: unknown }]),
    ).notify({
      server: 's',
      method: 'notifications/message',
      params,
    });
    expect(events).toHaveLength(1);
    expect(events[0]![0]).toBe('mcp:notification');
    return events[0]![1].params;
  };

  it('passes small params as they are', () => {
    expect(sent({ level: 'info', data: 'hello' })).toEqual({ level: 'info', data: 'hello' });
  });

  it('cuts big params to their start, keeping the level and the size', () => {
    const data = 'x'.repeat(2 * NOTIFICATION_PARAMS_BYTES);
    const shown = sent({ level: 'warning', data }) as {
      level: string;
      data: string;
      cut: boolean;
      bytes: number;
    };
    expect(shown.level).toBe('warning');
    expect(shown.cut).toBe(true);
    expect(shown.bytes).toBe(Buffer.byteLength(JSON.stringify({ level: 'warning', data })));
    expect(JSON.stringify(shown).length).toBeLessThan(NOTIFICATION_PARAMS_BYTES);
    expect(shown.data.startsWith('{"level":"warning","data":"xxx')).toBe(true);
  });
});
