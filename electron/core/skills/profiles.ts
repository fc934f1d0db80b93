// Owns how severe each finding is per validation profile (DESIGN.md "Profiles decide severities").
import type { Diagnostic, Severity, ValidationProfile } from '../../../shared/types.js';

/** Rules emit the `skillbench` (default) severity; these tables change it for the other profiles. */
const OVERRIDES: Record<ValidationProfile, Readonly<Record<string, Severity | 'off'>>> = {
  skillbench: {},
  portable: {
    // The Agent Skills spec plus what hosted platforms enforce on upload.
    'name-missing': 'error',
    'name-non-ascii': 'error',
    'name-reserved-word': 'error',
    'description-xml-tags': 'error',
    'unknown-key': 'error',
    'key-alias': 'error',
    'metadata-values': 'warning',
  },
  'claude-code': {
    // Claude Code falls back to the folder name and the first paragraph, and ignores keys it does not know.
    'name-missing': 'info',
    'description-missing': 'warning',
    'name-folder-mismatch': 'warning',
    'unknown-key': 'warning',
    'key-alias': 'warning',
    'description-xml-tags': 'info',
    'name-reserved-word': 'info',
    'metadata-values': 'off',
  },
  // clawft and zeroclaw ignore keys they do not read (serde's default) and read their own spellings natively.
  clawft: {
    'name-missing': 'info',
    'unknown-key': 'warning',
    'key-alias': 'warning',
    'metadata-values': 'off',
  },
  zeroclaw: {
    'unknown-key': 'warning',
    'key-alias': 'warning',
    'metadata-values': 'off',
  },
};

export function applyProfile(profile: ValidationProfile, diagnostics: Diagnostic[]): Diagnostic[] {
  const table = OVERRIDES[profile];
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const override = table[d.code];
    if (override === 'off') continue;
    out.push(override ? { ...d, severity: override } : d);
  }
  return out;
}

export function severityOverrides(profile: ValidationProfile): Readonly<Record<string, Severity | 'off'>> {
  return OVERRIDES[profile];
}
