// Owns the typed error that crosses every boundary: a SkillErrorCode, a message that says what to do, details.
import type { JsonValue, SkillErrorCode } from './types.js';

export class SkillError extends Error {
  override readonly name = 'SkillError';
  constructor(
    readonly code: SkillErrorCode,
    message: string,
    readonly details?: JsonValue,
  ) {
    super(message);
  }

  toJSON(): { code: SkillErrorCode; message: string; details?: JsonValue } {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}
