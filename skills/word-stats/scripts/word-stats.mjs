#!/usr/bin/env node
// Reads {"text": "...", "top": 5} on stdin and prints line, word and character counts as JSON.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const { text = '', top = 5 } = JSON.parse(input || '{}');
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const counts = new Map();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const frequent = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, top);
  process.stdout.write(
    JSON.stringify({
      lines: text === '' ? 0 : text.split(/\r\n|\n|\r/).length,
      words: words.length,
      characters: [...text].length,
      frequent: Object.fromEntries(frequent),
    }) + '\n',
  );
});
