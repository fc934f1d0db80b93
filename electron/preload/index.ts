// Preload: will expose exactly one frozen `window.skillbench` built from shared/ipc.ts (issue "Desktop shell").
export const PRELOAD_PLACEHOLDER = true;
