import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const chromium = JSON.parse(readFileSync(new URL('./chromium.json', import.meta.url), 'utf8')) as {
  executablePath: string;
  args: string[];
};

// End-to-end tests in Chromium against `skillbench serve`. By default Debian's Chromium (never a downloaded
// browser: this is how `npm test` and .ci/run work offline); SKILLBENCH_E2E_BROWSER=playwright uses the Chromium of
// `npx playwright install chromium` instead, where downloads are allowed (the CI workflow on three OSes).
const playwrightsOwn = process.env.SKILLBENCH_E2E_BROWSER === 'playwright';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  timeout: 60_000,
  // Monaco's chunks load slowly on a busy machine (2 cores shared): waits may take longer than the default 5 s.
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results/e2e',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: playwrightsOwn
      ? { args: chromium.args }
      : { executablePath: process.env.CHROMIUM_PATH ?? chromium.executablePath, args: chromium.args },
  },
});
