// Types of Monaco's editor API entry (monaco.ts imports it with only the features the app uses instead of the main
// entry, issue 14): the same API as `monaco-editor`, whose main entry re-exports it and adds every feature and
// language.
declare module 'monaco-editor/esm/vs/editor/editor.api.js' {
  export * from 'monaco-editor';
}

// Monaco's Tab-moves-focus switch: the editor API exposes no getter, only this module (which its toggle action uses).
declare module 'monaco-editor/esm/vs/editor/browser/config/tabFocus.js' {
  export const TabFocus: {
    getTabFocusMode(): boolean;
    setTabFocusMode(tabFocusMode: boolean): void;
    onDidChangeTabFocus(listener: (tabFocusMode: boolean) => void): { dispose(): void };
  };
}
