// Issue 17: what a manage request did with the leftovers of an install that was killed mid-way (a skill it had moved
// aside put back, or a replaced copy sent to the trash). A non-modal banner, until the user has read it.
// Tested by: test/unit/renderer/manage/manage-notices.test.tsx
export function ManageNotices(props: { notices: readonly string[]; onDismiss: () => void }) {
  if (props.notices.length === 0) return null;
  return (
    <div className="banner manage-notices" role="status" aria-label="Install notices">
      <ul>
        {props.notices.map((message, i) => (
          <li key={i}>{message}</li>
        ))}
      </ul>
      <button onClick={props.onDismiss}>Dismiss</button>
    </div>
  );
}
