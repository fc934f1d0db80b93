import { describe, expect, it } from 'vitest';
import { characters } from '../../../../electron/core/skills/rules/rule.js';

describe('characters', () => {
  it('counts code points exactly as [...text].length, lone surrogates included', () => {
    const samples = [
      '',
      'a',
      'plain ascii text',
      'ünïcödé',
      '😀',
      'a😀b😀😀',
      '👩‍👩‍👧 family',
      '\ud83d', // a lone high surrogate
      '\ude00', // a lone low surrogate
      'x\ud83dy',
      '\ud83d\ud83d\ude00',
      '\ude00\ud83d',
      '日本語のテキスト',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'.repeat(300),
    ];
    for (const text of samples) expect({ text, n: characters(text) }).toEqual({ text, n: [...text].length });
  });
});
