// Runs the real Claude Code against a project and a fake model server on 127.0.0.1, and reads what it sent: the
// skill listing it gives the model (which skills it loaded, under which names, with which descriptions) and the
// prompt a slash command expanded to. Nothing leaves the machine: the model is the fake, telemetry is off.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeModelServer, type FakeModelServer } from '../../fakes/model-server.js';

export interface Listed {
  /** What the Skill tool and the slash command take: the folder, or `plugin:name`. */
  key: string;
  /** The name shown beside the key, when Claude Code shows one. */
  display?: string;
  description: string;
}

const LISTING = 'The following skills are available for use with the Skill tool:\n\n';

export class ClaudeCode {
  private constructor(
    private readonly binary: string,
    private readonly server: FakeModelServer,
    private readonly home: string,
  ) {}

  static async start(binary: string): Promise<ClaudeCode> {
    const server = await startFakeModelServer(() => ({ text: 'ok' }));
    return new ClaudeCode(binary, server, mkdtempSync(join(tmpdir(), 'sb-cc-home-')));
  }

  /** Every request body Claude Code sent for `prompt`, run in `cwd` with `args`. */
  async run(cwd: string, prompt: string, args: readonly string[] = []): Promise<string[]> {
    const from = this.server.received.length;
    await new Promise<void>((resolve, reject) => {
      execFile(
        this.binary,
        ['-p', prompt, ...args],
        {
          cwd,
          timeout: 60_000,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: this.home,
            ANTHROPIC_BASE_URL: this.server.anthropicBaseURL,
            ANTHROPIC_API_KEY: 'sk-test-not-a-key',
            DISABLE_TELEMETRY: '1',
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          },
        },
        (error, _stdout, stderr) =>
          error ? reject(new Error(`Claude Code failed: ${error.message}\n${stderr}`)) : resolve(),
      );
    });
    return this.server.received.slice(from).map((r) => JSON.stringify(r.body));
  }

  /** The skills Claude Code lists to the model in `cwd`, by key. */
  async listing(cwd: string, args: readonly string[] = []): Promise<Map<string, Listed>> {
    const [body] = await this.run(cwd, 'hello', args);
    const text = textHolding(JSON.parse(body ?? '{}'), LISTING);
    if (text === undefined) throw new Error('Claude Code sent no skill listing');
    const listed = new Map<string, Listed>();
    const start = text.indexOf(LISTING) + LISTING.length;
    for (const line of text.slice(start).split('\n')) {
      const m = /^- (\S+?)(?: \((.*)\))?: (.*)$/.exec(line);
      if (!m) continue;
      const [, key = '', display, description = ''] = m;
      listed.set(key, {
        key,
        ...(display !== undefined ? { display } : {}),
        description: unescapeXml(description),
      });
    }
    return listed;
  }

  async close(): Promise<void> {
    await this.server.close();
  }
}

/** The first string in a request body that holds `marker`. */
function textHolding(value: unknown, marker: string): string | undefined {
  if (typeof value === 'string') return value.includes(marker) ? value : undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = textHolding(v, marker);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') return textHolding(Object.values(value), marker);
  return undefined;
}

const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
