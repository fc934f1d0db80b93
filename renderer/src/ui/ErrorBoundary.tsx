// Owns containing a view's failure: a view that throws while rendering shows what went wrong and a way back, and
// the rest of the workbench (the library, the top bar, the other views) keeps working. Unsaved text is safe either
// way: drafts live in the host.
// Tested by: test/unit/renderer/ui/error-boundary.test.tsx
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Names the view in the message ("The editor stopped"). */
  name: string;
  /** A different key (another skill, another view) starts the view afresh. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: Error | undefined;
  key: string | undefined;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} failed:`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="view-error" role="alert">
        <h2>{this.props.name} stopped working</h2>
        <p>
          It failed with: <code>{error.message}</code>
        </p>
        <p className="muted">The rest of Skillbench still works, and unsaved text is kept as drafts.</p>
        <button onClick={() => this.setState({ error: undefined })}>Try again</button>
      </div>
    );
  }
}
