// The pictures of the director's guide (docs/director.md): screenshots the
// browser tests take, made small for the repository. A picture goes to
// tests/out/ always, and to docs/pictures/ with UPDATE_DOCS=1 (after a
// change the guide should show).
//
// Small: the colours of a screenshot of the panel (a dark page, its text
// smoothed) fit a palette of 256 taken from the picture itself, so the
// PNG is written with a palette (colour type 3) instead of three bytes a
// pixel: about a third of the size, and nothing a reader would notice.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { ROOT } from '../api/clock.mjs';
import { decodePng, OUT } from './harness.mjs';

export const DOCS = join(ROOT, 'docs/pictures');

// The most frequent colours, to 5 bits a channel, and every pixel as the
// nearest of them.
function palette(img) {
  const key = (p) => ((p[0] >> 3) << 10) | ((p[1] >> 3) << 5) | (p[2] >> 3);
  const count = new Map();
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) { const k = key(img.px(x, y)); count.set(k, (count.get(k) || 0) + 1); }
  const top = [...count].sort((a, b) => b[1] - a[1]).slice(0, 256).map(([k]) => [(k >> 10) << 3 | 4, ((k >> 5) & 31) << 3 | 4, (k & 31) << 3 | 4]);
  const near = new Map();
  const index = (p) => {
    const k = key(p);
    if (!near.has(k)) {
      let best = 0, d = Infinity;
      top.forEach((c, i) => { const e = (c[0] - p[0]) ** 2 + (c[1] - p[1]) ** 2 + (c[2] - p[2]) ** 2; if (e < d) { d = e; best = i; } });
      near.set(k, best);
    }
    return near.get(k);
  };
  return { colours: top, index };
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}
let table = null;
function crc32(buf) {
  if (!table) table = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  let c = 0xffffffff;
  for (const b of buf) c = table[(c ^ b) & 255] ^ (c >>> 8);
  return c ^ 0xffffffff;
}

// A screenshot (PNG bytes) as a palette PNG.
export function smallPng(png) {
  const img = decodePng(png);
  const { colours, index } = palette(img);
  const raw = Buffer.alloc(img.height * (img.width + 1));
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) raw[y * (img.width + 1) + 1 + x] = index(img.px(x, y));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr[8] = 8; ihdr[9] = 3;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('PLTE', Buffer.from(colours.flat())), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

// Keeps a picture for the guide: tests/out/NAME.png, and with UPDATE_DOCS=1
// docs/pictures/NAME.png too.
export function picture(name, png) {
  const small = smallPng(png);
  writeFileSync(join(OUT, name + '.png'), small);
  if (process.env.UPDATE_DOCS) {
    mkdirSync(DOCS, { recursive: true });
    writeFileSync(join(DOCS, name + '.png'), small);
  }
  return small;
}
