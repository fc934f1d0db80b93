// Rules for the manifest file itself: a byte order mark, and a size only Claude Code's own limit refuses.
import { withThousands } from '../../../../shared/tokens.js';
import { at, atRange, type Rule } from './rule.js';

/** Claude Code skips a SKILL.md over this many bytes (1,000,000, below Skillbench's own 1 MiB read limit). */
const CLAUDE_CODE_MAX_BYTES = 1_000_000;

const fileBom: Rule = {
  id: 'file-bom',
  summary: 'SKILL.md starts with a UTF-8 byte order mark, which hides the frontmatter from strict readers.',
  check(_skill, ctx) {
    if (!ctx.raw.bom || ctx.raw.format !== 'skill-md') return [];
    return [
      atRange(
        ctx,
        ctx.raw.file,
        ctx.raw.lines.lineRange(1),
        'error',
        'file-bom',
        'SKILL.md starts with a UTF-8 byte order mark (BOM) before `---`; skills-ref, skill-check and several agents ' +
          'then find no frontmatter and refuse the file. Save it without the BOM.',
        { title: 'Remove the byte order mark', edits: [], removeBom: true },
      ),
    ];
  },
};

const fileTooLargeForClaudeCode: Rule = {
  id: 'file-too-large',
  summary: 'Claude Code skips a SKILL.md over 1,000,000 bytes.',
  check(_skill, ctx) {
    // A character takes at most 4 bytes: only a long text can be over the limit, so most files are never measured.
    if (ctx.profile !== 'claude-code' || ctx.raw.text.length * 4 <= CLAUDE_CODE_MAX_BYTES) return [];
    const bytes = Buffer.byteLength(ctx.raw.text) + (ctx.raw.bom ? 3 : 0);
    if (bytes <= CLAUDE_CODE_MAX_BYTES) return [];
    return [
      at(
        ctx,
        [],
        'error',
        'file-too-large',
        `SKILL.md is ${withThousands(bytes)} bytes; Claude Code skips a SKILL.md over ` +
          `${withThousands(CLAUDE_CODE_MAX_BYTES)} bytes, so it never loads this skill. Move detail into references/.`,
      ),
    ];
  },
};

export const fileRules: Rule[] = [fileBom, fileTooLargeForClaudeCode];
