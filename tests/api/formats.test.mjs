// The pages' number formats (web/common.js), loaded as the browser loads it,
// against the vectors the C formatter is tested with too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';

const PC = runInNewContext(readFileSync('web/common.js', 'utf8') + ';PC', {});

function chipVectors() {
  return readFileSync('tests/vectors/chips.txt', 'utf8').split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => { const [v, text] = l.trim().split(/\s+/); return [Number(v), text]; });
}

test('fmtChips writes every amount of the shared vectors as the wall does', () => {
  const vectors = chipVectors();
  assert.ok(vectors.length >= 20);
  for (const [v, text] of vectors) assert.equal(PC.fmtChips(v), text, `fmtChips(${v})`);
});

test('fmtBB writes the average in big blinds as the wall does (shared vectors)', () => {
  const vectors = readFileSync('tests/vectors/bb.txt', 'utf8').split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => { const m = /^(-?\d+) (-?\d+) (.*)$/.exec(l.trim()); return [Number(m[1]), Number(m[2]), m[3] === '""' ? '' : m[3]]; });
  assert.ok(vectors.length >= 10);
  for (const [avg, bb, text] of vectors) assert.equal(PC.fmtBB(avg, bb), text, `fmtBB(${avg}, ${bb})`);
});
