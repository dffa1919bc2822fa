// Reads the bytes the clock sends a receipt printer back into text: the
// ESC/POS commands taken out (and kept as a list), PC858 mapped back to
// Unicode, one slip per cut.

// PC858's upper half (0x80..0xFF), as the code page's chart has it.
const PC858 =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀' +
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

// The commands with their argument bytes: ESC @; ESC t, a, E, d; GS !, GS V.
const ARGS = { '\x1b@': 0, '\x1bt': 1, '\x1ba': 1, '\x1bE': 1, '\x1bd': 1, '\x1d!': 1, '\x1dV': 1 };

// [{lines: [...], commands: [...], big: [lines printed double size]}], one
// per cut; `rest` is what came after the last cut.
export function decode(buf) {
  const slips = [];
  let cur = { lines: [], commands: [], big: [] };
  let line = '';
  let big = false;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b === 0x1b || b === 0x1d) {
      const key = String.fromCharCode(b, buf[i + 1]);
      if (!(key in ARGS)) throw new Error(`unknown command ${b.toString(16)} ${buf[i + 1]?.toString(16)} at ${i}`);
      const arg = ARGS[key] ? buf[i + 2] : undefined;
      cur.commands.push(arg === undefined ? key : key + String.fromCharCode(arg));
      if (key === '\x1d!') big = arg === 0x11;
      i += 1 + ARGS[key];
      if (key === '\x1dV') {
        slips.push(cur);
        cur = { lines: [], commands: [], big: [] };
      }
      continue;
    }
    if (b === 0x0a) {
      cur.lines.push(line);
      if (big) cur.big.push(line);
      line = '';
      continue;
    }
    if (b < 0x20) throw new Error(`a control byte ${b} in the text at ${i}`);
    line += b < 0x80 ? String.fromCharCode(b) : PC858[b - 0x80];
  }
  return { slips, rest: cur };
}
