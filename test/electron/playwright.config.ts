import { defineConfig } from '@playwright/test';

// The Electron smoke suite: needs a machine where the Electron binary runs (the release workflow), so it is not
// part of `npm test`. Run it with `npm run test:electron`.
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  timeout: 60_000,
  retries: 0,
  reporter: [['list']],
});
