// Owns the one token estimate used where no tokenizer is at hand: about 4 characters a token, the usual rule of thumb
// for English text with the Claude and GPT tokenizers.
export const CHARS_PER_TOKEN = 4;

/** Tokens for this many characters (a request or an answer measured in pieces). */
export function tokensForChars(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

export function estimateTokens(text: string): number {
  return tokensForChars(text.length);
}

/** 12345 -> "12,345", without the ICU formatter (whose first use costs more than validating a skill). */
export function withThousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
