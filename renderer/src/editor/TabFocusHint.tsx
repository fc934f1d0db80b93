// The editor's toolbar says what Tab does in Monaco (types a tab, or moves the focus on) and the key that switches
// it: without it a keyboard user is trapped in the editor. Monaco keeps the mode for every editor at once.
// Tested by: test/e2e/keyboard.spec.ts
import { useSyncExternalStore } from 'react';
import { tabFocus } from '../monaco/monaco.js';

/** Monaco's key for "Toggle Tab Key Moves Focus" (Ctrl+Shift+M on macOS, where Cmd+M minimises). */
const TOGGLE = /Mac/i.test(navigator.platform) ? 'Ctrl+Shift+M' : 'Ctrl+M';

const subscribe = (changed: () => void) => {
  const listener = tabFocus.onDidChangeTabFocus(changed);
  return () => listener.dispose();
};

export function TabFocusHint() {
  const moves = useSyncExternalStore(subscribe, () => tabFocus.getTabFocusMode());
  return (
    <span className="tab-focus-hint">
      {moves ? `Tab moves focus (${TOGGLE} to type tabs)` : `Tab moves focus: ${TOGGLE}`}
    </span>
  );
}
