// A unified diff as the UI shows one: from its first hunk (the header names files the reader knows already), added
// and removed lines marked by colour and by their +/- sign, so the change reads without colour too.
import './diff.css';

/** The diff's lines from its first hunk on; a diff without a hunk has nothing to show. */
function diffHunkLines(diff: string): Array<{ text: string; kind: 'add' | 'del' | 'hunk' | 'same' }> {
  const lines = diff.replace(/\n$/, '').split('\n');
  const first = lines.findIndex((l) => l.startsWith('@@'));
  if (first < 0) return [];
  return lines.slice(first).map((text) => ({
    text,
    kind: text.startsWith('@@')
      ? 'hunk'
      : text.startsWith('+')
        ? 'add'
        : text.startsWith('-')
          ? 'del'
          : 'same',
  }));
}

export function UnifiedDiff(props: { diff: string; label: string }) {
  return (
    <pre className="unified-diff" aria-label={props.label}>
      {diffHunkLines(props.diff).map((line, i) => (
        <span key={i} className={line.kind}>
          {line.text}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}
