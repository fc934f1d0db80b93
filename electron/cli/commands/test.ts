// `skillbench test`: runs every saved case of the skills found; exit 1 on any failure. Text, JSON or JUnit XML.
import { resolve } from 'node:path';
import type { CaseResult } from '../../core/cases/cases.js';
import { escapeXml } from '../../core/skills/index.js';
import type { Workspace } from '../../core/workspace.js';
import { printNotices, type CliIo } from '../io.js';
import { openFromArgs, parseFormat, type LibraryArgs } from '../library-args.js';
import { cliTrust } from '../trust.js';
import { policy, reportError } from './tools.js';

export async function runTest(
  a: LibraryArgs & {
    format?: string;
    mcpConfig?: string;
    history?: string;
    trust?: boolean;
    excludeTool?: string[];
  },
  io: CliIo,
): Promise<number> {
  const format = parseFormat(a.format, ['text', 'json', 'junit'] as const);
  let workspace: Workspace;
  try {
    workspace = openFromArgs(a, io, {
      trust: cliTrust(a.trust),
      ...policy(a),
      ...(a.mcpConfig ? { mcpConfigFile: resolve(io.cwd, a.mcpConfig) } : {}),
      ...(a.history ? { history: { file: resolve(io.cwd, a.history) } } : {}),
    });
  } catch (error) {
    return reportError(error, format === 'junit' ? 'text' : format, io);
  }
  const results: CaseResult[] = [];
  try {
    for (const entry of workspace.entries) {
      if (!entry.skill || entry.status === 'excluded' || entry.status === 'shadowed') continue;
      for (const result of await workspace.runCases(entry.skill.id)) {
        results.push(result);
        if (format === 'text')
          io.stdout(
            `${result.passed ? 'PASS' : 'FAIL'}  ${result.skill} / ${result.name}  (${result.tool}, ${Math.round(result.durationMs)} ms)\n${result.failures.map((f) => `      ${f}\n`).join('')}`,
          );
      }
    }
  } finally {
    printNotices(io, workspace.history?.notices ?? []);
    await workspace.close();
  }
  const failed = results.filter((r) => !r.passed).length;
  if (format === 'json')
    io.stdout(
      `${JSON.stringify({ cases: results.map(({ output: _o, ...r }) => r), summary: { cases: results.length, passed: results.length - failed, failed } }, null, 2)}\n`,
    );
  else if (format === 'junit') io.stdout(junit(results));
  else io.stdout(`\n${results.length - failed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

export function junit(results: CaseResult[]): string {
  const bySkill = new Map<string, CaseResult[]>();
  for (const r of results) bySkill.set(r.skill, [...(bySkill.get(r.skill) ?? []), r]);
  const secs = (ms: number) => (ms / 1000).toFixed(3);
  const suites = [...bySkill].map(([skill, rs]) => {
    const cases = rs
      .map((r) => {
        const head = `    <testcase classname="${escapeXml(skill)}" name="${escapeXml(r.name)}" time="${secs(r.durationMs)}"`;
        return r.passed
          ? `${head}/>`
          : `${head}>\n      <failure message="${escapeXml(r.failures[0] ?? 'failed')}">${escapeXml(r.failures.join('\n'))}</failure>\n    </testcase>`;
      })
      .join('\n');
    const failures = rs.filter((r) => !r.passed).length;
    return `  <testsuite name="${escapeXml(skill)}" tests="${rs.length}" failures="${failures}" time="${secs(rs.reduce((n, r) => n + r.durationMs, 0))}">\n${cases}\n  </testsuite>`;
  });
  const failures = results.filter((r) => !r.passed).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="skillbench" tests="${results.length}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}
