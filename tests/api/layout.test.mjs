// --layout kiosk: the clock's own screen shows the registration area's
// pages instead of the big countdown; an unknown layout is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { startClock, login, command } from './clock.mjs';
import { decodePng, countColour } from '../browser/harness.mjs';

const SEATED = resolve('assets/structures/seated.cfg');

async function picture(args) {
  const clock = await startClock({ args: ['--config', SEATED, ...args] });
  try {
    const cookie = await login(clock);
    await command(clock, cookie, { type: 'register', names: ['Anna Berg', 'Bo Ek', 'Cy Dahl'] });
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

test('an unknown layout is refused with the two it can be', () => {
  const r = spawnSync(resolve('pokerclock'), ['--headless', '--layout', 'tv', '--config', SEATED], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--layout must be wall or kiosk/);
});
