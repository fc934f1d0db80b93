// Owns asking whether a process still runs, for the leftovers a killed run leaves (lock holders, install staging,
// temporary clones): they are cleared only when the process that made them is gone.

/** Whether process `pid` runs on this machine (someone else's process counts: it runs). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
