// Owns how a message names the way out when the same choice is a flag in the CLI and an action in the app: core
// words each such message for its audience, given by the edge that asked (the CLI or the app's host).
// Tested by: test/unit/shared/remedy.test.ts
export type Audience = 'cli' | 'app';

/** The same way out, in the words of each edge: `cli` names the flag, `app` the button or field. */
export interface Remedy {
  cli: string;
  app: string;
}

export function remedy(way: Remedy, audience: Audience): string {
  return way[audience];
}
