// The GitHub workflows are valid (GitHub's own workflow parser and schema, @actions/workflow-parser) and the CI
// workflow proves what the README says it proves (issue 18), while `npm test` stays offline.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from '../helpers.js';

const WORKFLOWS = join(REPO, '.github', 'workflows');

type Step = {
  name?: string;
  run?: string;
  if?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
};
type Job = {
  'runs-on': string;
  steps: Step[];
  env?: Record<string, string>;
  strategy: { matrix: Record<string, unknown> };
};

describe('workflows', () => {
  it.each(readdirSync(WORKFLOWS).filter((f) => f.endsWith('.yml')))(
    '%s is valid for GitHub Actions',
    (file) => {
      const result = parseWorkflow(
        { name: file, content: readFileSync(join(WORKFLOWS, file), 'utf8') },
        new NoOperationTraceWriter(),
      );
      expect(result.context.errors.getErrors().map((e) => e.message)).toEqual([]);
      expect(result.value).toBeDefined();
    },
  );

  it('the validity check catches a broken workflow', () => {
    const result = parseWorkflow(
      { name: 'bad.yml', content: 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz: []\n' },
      new NoOperationTraceWriter(),
    );
    expect(result.context.errors.getErrors().length).toBeGreaterThan(0);
  });
});

describe('ci.yml', () => {
  const ci = parse(readFileSync(join(WORKFLOWS, 'ci.yml'), 'utf8')) as {
    on: Record<string, unknown>;
    jobs: { test: Job; electron: Job };
  };
  const runs = (job: Job) => job.steps.map((s) => s.run ?? '');
  const index = (job: Job, pattern: RegExp) => runs(job).findIndex((r) => pattern.test(r));

  it('runs on every push and pull request, on Linux, macOS and Windows', () => {
    expect(ci.on).toEqual({ push: null, pull_request: null });
    expect(ci.jobs.test.strategy.matrix.os).toEqual(['ubuntu-latest', 'macos-latest', 'windows-latest']);
    expect(
      (ci.jobs.electron.strategy.matrix.include as Array<{ os: string }>).map((m) => m.os).sort(),
    ).toEqual(['macos-latest', 'ubuntu-latest', 'windows-latest']);
  });

  it('test job: typecheck, lint, build, unit and integration tests, then the Chromium end-to-end suite', () => {
    const job = ci.jobs.test;
    const order = [
      /^npm ci$/,
      /npm run typecheck/,
      /npm run lint/,
      /npm run build/,
      /vitest run .*junit/,
      /playwright install/,
      /playwright test --config test\/e2e\/playwright\.config\.ts/,
    ];
    const at = order.map((p) => index(job, p));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Playwright's own browser where downloads are allowed; the config's default stays Debian's Chromium.
    expect(job.env?.SKILLBENCH_E2E_BROWSER).toBe('playwright');
  });

  it('electron job: a packaged app with the real Electron, then the _electron smoke suite (Xvfb on Linux)', () => {
    const job = ci.jobs.electron;
    const pack = job.steps.findIndex((s) => s.run === 'npm run dist:dir');
    expect(job.steps[pack]?.env?.SKILLBENCH_SMOKE_BUILD).toBe('1');
    const attach = index(job, /after-pack\.cjs --check --smoke "\$\{\{ matrix\.app \}\}"/);
    const suites = job.steps.filter((s) => s.env?.SKILLBENCH_APP === '${{ matrix.app }}');
    expect(attach).toBeGreaterThan(pack);
    expect(suites.map((s) => s.if).sort()).toEqual(["runner.os != 'Linux'", "runner.os == 'Linux'"]);
    for (const s of suites) {
      expect(job.steps.indexOf(s)).toBeGreaterThan(attach);
      expect(s.run).toMatch(/playwright test --config test\/electron\/playwright\.config\.ts/);
    }
    expect(suites.find((s) => s.if === "runner.os == 'Linux'")?.run).toMatch(/^xvfb-run /);
    for (const m of job.strategy.matrix.include as Array<{ app: string }>)
      expect(m.app).toMatch(/^release\//);
  });

  it('uploads JUnit reports, screenshots and traces when a job fails', () => {
    for (const job of [ci.jobs.test, ci.jobs.electron]) {
      const upload = job.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
      expect(upload?.if).toBe('failure()');
      expect(upload?.with?.path).toContain('test-results/');
    }
    expect(runs(ci.jobs.test).join('\n')).toMatch(/--trace=retain-on-failure/);
  });
});

describe('offline by default', () => {
  it('npm test and .ci/run download no browser, and the e2e config defaults to Debian Chromium', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.test).not.toMatch(/playwright install/);
    expect(pkg.scripts['test:e2e']).not.toMatch(/playwright install/);
    expect(readFileSync(join(REPO, '.ci', 'run'), 'utf8')).not.toMatch(
      /playwright install|SKILLBENCH_E2E_BROWSER/,
    );
    const config = readFileSync(join(REPO, 'test', 'e2e', 'playwright.config.ts'), 'utf8');
    expect(config).toMatch(/process\.env\.SKILLBENCH_E2E_BROWSER === 'playwright'/);
  });

  it.skipIf(process.env.SKILLBENCH_E2E_BROWSER !== undefined || process.env.CHROMIUM_PATH !== undefined)(
    'without SKILLBENCH_E2E_BROWSER the e2e suite drives Debian Chromium (skipped when the variables are set)',
    async () => {
      const { default: config } = await import('../e2e/playwright.config.js');
      expect(config.use?.launchOptions?.executablePath).toBe('/usr/bin/chromium');
    },
  );

  it('the README shows the CI badge, and the development page says which job proves what', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    expect(readme).toMatch(
      /\[!\[CI\]\(https:\/\/github\.com\/[^)]+\/actions\/workflows\/ci\.yml\/badge\.svg\)\]/,
    );
    expect(readme).toContain('(docs/development.md)');
    expect(readFileSync(join(REPO, 'docs', 'development.md'), 'utf8')).toMatch(/## Continuous integration/);
  });
});
