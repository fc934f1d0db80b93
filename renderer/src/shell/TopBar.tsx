// The bar above the main area: skill / servers / history / settings, the count of unsaved files, the palette button.
import { shortcutOf } from '../commands/commands.js';
import type { View } from './navigation.js';

export function TopBar(props: {
  view: View;
  onView(view: View): void;
  unsaved: number;
  onPalette: () => void;
}) {
  const { view } = props;
  return (
    <nav className="topbar" aria-label="Workbench">
      <button
        className={view.kind === 'skill' ? 'active' : ''}
        onClick={() => props.onView({ kind: 'skill', tab: view.kind === 'skill' ? view.tab : 'overview' })}
      >
        Skill
      </button>
      <button
        className={view.kind === 'servers' ? 'active' : ''}
        onClick={() => props.onView({ kind: 'servers' })}
      >
        Servers
      </button>
      <button
        className={view.kind === 'history' ? 'active' : ''}
        onClick={() => props.onView({ kind: 'history' })}
      >
        History
      </button>
      <button
        className={view.kind === 'settings' ? 'active' : ''}
        onClick={() => props.onView({ kind: 'settings' })}
      >
        Settings
      </button>
      <span className="spacer" />
      {props.unsaved ? <span className="dirty-label">{props.unsaved} unsaved</span> : null}
      <button
        className="palette-button"
        onClick={props.onPalette}
        title={`Command palette (${shortcutOf('palette')})`}
      >
        Go to… <kbd>Ctrl/Cmd K</kbd>
      </button>
    </nav>
  );
}
