// The author's message: Enter sends, Shift+Enter starts a new line; Stop while a turn runs.
import { useEffect, useRef, useState } from 'react';

/** The longest message the host takes (chat:send). */
const MAX_MESSAGE = 100_000;

export function MessageBox(props: {
  running: boolean;
  /** Why nothing can be sent now (no provider, a saved conversation shown), or undefined. */
  blocked: string | undefined;
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  // Stop goes when the turn ends: if it had the focus, the focus comes back to the message box, not the page.
  const { running } = props;
  const wasRunning = useRef(running);
  useEffect(() => {
    const ended = wasRunning.current && !running;
    wasRunning.current = running;
    if (ended && (document.activeElement === document.body || document.activeElement === null))
      box.current?.focus();
  }, [running]);
  const canSend = !props.running && props.blocked === undefined && text.trim() !== '';
  const send = () => {
    if (!canSend) return;
    props.onSend(text);
    setText('');
  };
  return (
    <form
      className="message-box"
      aria-label="Message"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        ref={box}
        aria-label="Message to the model"
        aria-describedby="playground-message-hint"
        rows={3}
        maxLength={MAX_MESSAGE}
        value={text}
        placeholder={props.blocked ?? 'Ask something a skill should handle…'}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      <div className="message-actions">
        <span id="playground-message-hint" className="muted small-text">
          {props.blocked ?? 'Enter sends, Shift+Enter adds a line.'}
        </span>
        {props.running ? (
          <button key="stop" type="button" onClick={props.onStop}>
            Stop
          </button>
        ) : (
          <button key="send" type="submit" className="primary" disabled={!canSend}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}
