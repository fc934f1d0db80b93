// Owns how severe each finding is per validation profile (DESIGN.md "Profiles decide severities"), and what the
// profile's runtime does about it: both come from the table of findings, with its sources.
// Tested by: test/unit/core/skills/rule-reference.test.ts
import type { Diagnostic, ValidationProfile } from '../../../shared/types.js';
import { PROFILE_RUNTIME, RUNTIME_LABELS } from '../../../shared/runtime-table.js';
import { describeRuling, rulingFor, type RulingFacts } from './findings.js';

/** Rules emit the `skillbench` (default) severity; a profile's ruling changes it, and says what its runtime does. */
export function applyProfile(
  profile: ValidationProfile,
  diagnostics: Diagnostic[],
  facts?: RulingFacts,
): Diagnostic[] {
  if (profile === 'skillbench') return diagnostics;
  // A runtime's ruling reads as a sentence about it ("Claude Code loads it as /pdf."); portable's as a requirement.
  const label = RUNTIME_LABELS[PROFILE_RUNTIME[profile]];
  const prefix = profile === 'portable' ? 'Portable:' : label;
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const ruling = rulingFor(profile, d.code);
    if (!ruling) {
      out.push(d);
      continue;
    }
    if (ruling.severity === 'off') continue;
    // A message that already speaks of the runtime (the rule knew the profile) is not told twice.
    const does = facts && !d.message.includes(label) ? describeRuling(ruling, facts) : undefined;
    out.push({
      ...d,
      severity: ruling.severity,
      ...(does ? { message: `${d.message} ${prefix} ${does}` } : {}),
    });
  }
  return out;
}
