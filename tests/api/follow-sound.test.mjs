// A follower sounds like its master: the volume, each event's sound and
// which events speak, as set on the master's panel, reach the follower when
// the state's sound_key moves (its own configuration's sound group aside).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, getJson, login, command, sleep } from './clock.mjs';

const sound = async (clock) => {
  const s = (await getJson(clock, '/api/settings')).body.sound;
  return { volume: s.volume, sounds: s.sounds, speak: s.speak };
};

async function same(master, follower, what) {
  const deadline = Date.now() + 15000;
  let m, f;
  while (Date.now() < deadline) {
    [m, f] = await Promise.all([sound(master), sound(follower)]);
    if (JSON.stringify(m) === JSON.stringify(f)) return f;
    await sleep(100);
  }
  assert.fail(`the follower never played ${what}: master ${JSON.stringify(m)}, follower ${JSON.stringify(f)}`);
}

test('a follower takes the master\'s volume, sounds and speech', { timeout: 60000 }, async () => {
  const master = await startClock();
  const follower = await startClock({ args: ['--follow', master.base] });
  try {
    const cookie = await login(master);
    const r = await command(master, cookie, {
      type: 'sound_settings', volume: 35, sounds: { level: 'chime', moves: 'none' }, speak: { bubble: true },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const f = await same(master, follower, 'the panel\'s settings');
    assert.equal(f.volume, 35);
    assert.equal(f.sounds.level, 'chime');
    assert.equal(f.sounds.moves, null);
    assert.equal(f.speak.bubble, true);
    // Undone on the master: the follower goes back with it.
    assert.equal((await command(master, cookie, { type: 'undo' })).status, 200);
    assert.equal((await same(master, follower, 'the undo')).volume, (await sound(master)).volume);
  } finally {
    await follower.stop();
    await master.stop();
    follower.cleanup();
    master.cleanup();
  }
});
