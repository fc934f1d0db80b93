// Types of bench/initial-js.js (plain JS so `npm run bench` runs it with node), for the budget test.
export declare const INITIAL_JS_BUDGET: number;
export declare function initialJs(outDir: string): {
  chunks: { file: string; bytes: number }[];
  bytes: number;
};
