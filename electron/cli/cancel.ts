// Owns Ctrl-C for the CLI's long commands (eval runs, issue 15; add, update and sync, issue 17): SIGINT aborts the
// signal the work was given, so it stops cleanly (processes killed, temporary folders removed) instead of dying.
export async function withCancel<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    return await fn(controller.signal);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}
