// PNG files made in the tests: any size, one colour or a pattern, as a
// camera or a hostile upload would send them.
import { deflateSync } from 'node:zlib';

const table = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

// An RGB PNG of w x h; pixel(x, y) gives [r, g, b] (default: mid grey).
// A grey 1-bit PNG when bits is 1 (rows of zeros: tiny however large).
// interlace: Adam7, as some image editors save for the web.
export function makePng(w, h, { pixel, bits = 8, interlace = false } = {}) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = bits;
  ihdr[9] = bits === 1 ? 0 : 2; // greyscale, or RGB
  ihdr[12] = interlace ? 1 : 0;
  // Adam7's passes: where each starts and its steps; one pass of all otherwise.
  const passes = interlace
    ? [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]]
    : [[0, 0, 1, 1]];
  const parts = [];
  for (const [x0, y0, dx, dy] of passes) {
    const pw = Math.ceil((w - x0) / dx), ph = Math.ceil((h - y0) / dy);
    if (pw <= 0 || ph <= 0) continue;
    const rowBytes = bits === 1 ? Math.ceil(pw / 8) : pw * 3;
    const raw = Buffer.alloc((rowBytes + 1) * ph);
    if (bits !== 1) {
      for (let j = 0; j < ph; j++) {
        for (let i = 0; i < pw; i++) {
          const [r, g, b] = pixel ? pixel(x0 + i * dx, y0 + j * dy) : [128, 128, 128];
          const o = j * (rowBytes + 1) + 1 + i * 3;
          raw[o] = r; raw[o + 1] = g; raw[o + 2] = b;
        }
      }
    }
    parts.push(raw);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(parts), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The size in a PNG's header.
export function pngSize(buf) {
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
