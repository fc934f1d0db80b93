// Starts `skillbench serve` on a temporary copy of the bundled skills with its own data folder, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function startServe(): Promise<{ url: string; origin: string; stop(): void }> {
  const work = mkdtempSync(join(tmpdir(), 'skillbench-e2e-'));
  cpSync(join(REPO, 'test', 'fixtures', 'editing'), join(work, 'library'), { recursive: true });
  for (const name of ['desc-comment', 'Bad_Name']) {
    cpSync(join(REPO, 'test', 'fixtures', 'skills', name), join(work, 'library', name), { recursive: true });
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [join(REPO, 'bin', 'skillbench.js'), 'serve', join(work, 'library')],
    {
      env: { ...process.env, SKILLBENCH_DATA_DIR: join(work, 'data') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(c.toString());
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`skillbench serve exited with ${String(code)}`)));
  });
  return { url, origin: new URL(url).origin, stop: () => child.kill() };
}
