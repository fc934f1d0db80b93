// Draws Skillbench's icon (a rounded square with a bench of three bars) and writes build/icon.png, the one source
// image electron-builder turns into every platform's icons. Run once when the design changes; the PNG is committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;
const pixels = Buffer.alloc(SIZE * SIZE * 4);
const inRoundedSquare = (x, y, margin, radius) => {
  const lo = margin;
  const hi = SIZE - margin;
  if (x < lo || x >= hi || y < lo || y >= hi) return false;
  const cx = Math.min(Math.max(x, lo + radius), hi - radius);
  const cy = Math.min(Math.max(y, lo + radius), hi - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
};
const bars = [
  [300, 330, 724, 410],
  [300, 472, 724, 552],
  [300, 614, 560, 694],
];
for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    const i = (y * SIZE + x) * 4;
    if (!inRoundedSquare(x, y, 64, 180)) continue;
    const t = y / SIZE;
    let [r, g, b] = [Math.round(32 + 20 * t), Math.round(86 + 40 * t), Math.round(160 + 50 * t)];
    if (bars.some(([x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1)) [r, g, b] = [245, 247, 250];
    pixels.set([r, g, b, 255], i);
  }
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) pixels.copy(raw, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../build/icon.png', import.meta.url), png);
console.log(`build/icon.png: ${SIZE}x${SIZE}, ${png.length} bytes`);
