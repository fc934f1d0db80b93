// Types of Monaco's editor core entry (monaco.ts imports it instead of the main entry, issue 14): the same API as
// `monaco-editor`, whose main entry re-exports it and adds every language.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor';
}
