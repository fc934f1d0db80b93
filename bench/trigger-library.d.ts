// Types of bench/trigger-library.js (plain JS so `npm run bench` runs it with node), for the prompt-cache test.
export declare function realSkills(): Array<{ name: string; file: string; text: string }>;
export declare function writeTriggerLibrary(
  dir: string,
  options?: { skills?: number; queries?: number },
): string[];
export declare function triggerLibraryReply(
  userText: string,
  directAnswer?: string,
): { tool: 'Skill'; input: { skill: string }; usage: 'measured' } | { text: string; usage: 'measured' };
