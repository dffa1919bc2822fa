// --layout kiosk: the clock's own screen shows the registration area's
// pages instead of the big countdown; --layout slides the venue's slides
// under a small clock (a sponsor's screen); an unknown layout is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { startClock, login, command, postJson, BIN } from './clock.mjs';
import { decodePng, countColour } from '../browser/harness.mjs';

const SEATED = resolve('assets/structures/seated.cfg');

async function picture(args, { slide = false } = {}) {
  const clock = await startClock({ args: ['--config', SEATED, ...args] });
  try {
    const cookie = await login(clock);
    await command(clock, cookie, { type: 'register', names: ['Anna Berg', 'Bo Ek', 'Cy Dahl'] });
    if (slide) {
      const r = await postJson(clock, '/api/slides', { title: 'Nordic Cards', lines: ['Sponsor of the night'] }, { cookie });
      assert.equal(r.status, 201);
    }
    await command(clock, cookie, { type: 'start' });
    const r = await fetch(`${clock.base}/api/screen.png?w=1280&h=720`);
    assert.equal(r.status, 200);
    return decodePng(Buffer.from(await r.arrayBuffer()));
  } finally {
    await clock.stop();
    clock.cleanup();
  }
}

test('the kiosk layout has no big countdown: far less of the clock\'s white than the wall', async () => {
  const wall = countColour(await picture([]), '#f5f7fa', 30);
  const kiosk = countColour(await picture(['--layout', 'kiosk']), '#f5f7fa', 30);
  assert.ok(wall > 20000, `the wall's countdown: ${wall} white pixels`);
  assert.ok(kiosk * 3 < wall, `kiosk ${kiosk} against wall ${wall} white pixels`);
});

test('the slides layout shows a live slide instead of the big countdown, and the clock while none is', async () => {
  const wall = countColour(await picture([]), '#f5f7fa', 30);
  const slides = countColour(await picture(['--layout', 'slides'], { slide: true }), '#f5f7fa', 30);
  const none = countColour(await picture(['--layout', 'slides']), '#f5f7fa', 30);
  assert.ok(slides * 3 < wall, `a slide: ${slides} against the wall's ${wall} white pixels`);
  assert.ok(Math.abs(none - wall) < wall / 20, `no slide: ${none} against the wall's ${wall}`);
});

test('an unknown layout is refused with the ones it can be', () => {
  const r = spawnSync(BIN, ['--headless', '--layout', 'tv', '--config', SEATED], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--layout must be wall, kiosk or slides/);
});
