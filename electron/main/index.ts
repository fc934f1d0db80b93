// Electron main process: placeholder until the desktop shell lands (issue "Desktop shell").
// It must stay thin: everything it serves comes from electron/core.
export const MAIN_PLACEHOLDER = true;
