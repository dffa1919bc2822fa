// Slides from a folder (--slides-dir; on the appliance the boot partition's
// slides/): pictures and .txt files become slides in file-name order, a
// broken file is named in the log and skipped, a restart keeps them without
// doubling, a changed file is read again, a removed one goes, and slides
// uploaded on the panel are never touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startClock, getJson, postJson, login, freshStateDir } from './clock.mjs';
import { makePng } from './png.mjs';

const slides = async (clock) => (await getJson(clock, '/api/slides')).body.slides;

test('a folder of pictures and texts: listed, kept over a restart, read again when changed, gone when removed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pokerclock-slides-'));
  const state = freshStateDir();
  writeFileSync(join(dir, '1-sponsor.png'), makePng(320, 200, { pixel: (x) => [x % 256, 40, 90] }));
  writeFileSync(join(dir, '2-bar.txt'), '\uFEFFThe bar\r\nOpen until 2\r\n\r\nBurgers all night\r\n');
  writeFileSync(join(dir, '3-broken.jpg'), 'this is not a picture');
  writeFileSync(join(dir, 'notes.doc'), 'ignored');
  writeFileSync(join(dir, '._1-sponsor.png'), 'a laptop\'s shadow file');
  let clock = await startClock({ stateDir: state, args: ['--slides-dir', dir] });
  try {
    let l = await slides(clock);
    assert.deepEqual(l.map((s) => [s.kind, s.file]), [['image', '1-sponsor.png'], ['text', '2-bar.txt']]);
    assert.equal(l[0].width, 320);
    assert.deepEqual([l[1].title, l[1].lines], ['The bar', ['Open until 2', 'Burgers all night']]);
    assert.match(clock.stderr, /3-broken\.jpg: /);
    assert.match(clock.stderr, /2 added, 0 kept, 0 removed, 1 refused/);
    // One uploaded on the panel besides.
    const cookie = await login(clock);
    const up = await postJson(clock, '/api/slides', { title: 'From the panel', lines: [] }, { cookie });
    assert.equal(up.status, 201, JSON.stringify(up.body));
    await clock.stop();

    // Again: nothing doubled.
    clock = await startClock({ stateDir: state, args: ['--slides-dir', dir] });
    l = await slides(clock);
    assert.deepEqual(l.map((s) => s.file || s.title), ['1-sponsor.png', '2-bar.txt', 'From the panel']);
    assert.match(clock.stderr, /0 added, 2 kept, 0 removed, 1 refused/);
    await clock.stop();

    // The picture removed, the text changed: read again; the panel's slide stays.
    rmSync(join(dir, '1-sponsor.png'));
    writeFileSync(join(dir, '2-bar.txt'), 'The bar\nClosed tonight\n');
    utimesSync(join(dir, '2-bar.txt'), new Date(), new Date(Date.now() + 5000));
    clock = await startClock({ stateDir: state, args: ['--slides-dir', dir] });
    l = await slides(clock);
    assert.deepEqual(l.map((s) => s.title || s.file), ['From the panel', 'The bar']);
    assert.deepEqual(l[1].lines, ['Closed tonight']);
    assert.match(clock.stderr, /1 added, 0 kept, 2 removed, 1 refused/);
    await clock.stop();

    // The folder gone: its slides go, the panel's stays.
    rmSync(dir, { recursive: true, force: true });
    clock = await startClock({ stateDir: state, args: ['--slides-dir', dir] });
    assert.deepEqual((await slides(clock)).map((s) => s.title), ['From the panel']);
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});
