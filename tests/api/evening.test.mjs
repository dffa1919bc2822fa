// The clock's rules a director's evening ran into, over real HTTP with real
// configuration files: going back a level, what undo takes back, the house
// options for a clock call at TIME and hand-for-hand in the money.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { withDirector as withClock, getJson } from './clock.mjs';

// The built-in tournament with these lines added to its house group.
function configWithHouse(lines) {
  const dir = mkdtempSync(join(tmpdir(), 'pokerclock-evening-'));
  const text = readFileSync(resolve('assets/structures/default.cfg'), 'utf8')
    .replace(/house = \{/, 'house = {\n    ' + lines.join('\n    '));
  const file = join(dir, 'house.cfg');
  writeFileSync(file, text);
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

test('back a level: the time it was left with, and resume_ms says so beforehand', async () => {
  await withClock([], async ({ ok, clock }) => {
    await ok({ type: 'start' });
    await ok({ type: 'pause' });
    await ok({ type: 'set_remaining', ms: 400000 });
    await ok({ type: 'next_level' });
    const s = (await getJson(clock, '/api/structure')).body;
    assert.equal(s.levels[0].resume_ms, 400000);
    assert.equal(s.levels[1].resume_ms, undefined);
    const st = await ok({ type: 'prev_level' });
    assert.equal(st.level.index, 0);
    assert.equal(st.remaining_ms, 400000);
    assert.equal(st.undo, 'back to level 1 (25/50)');
  });
});

test('undo names what it takes back; the last actions are listed, the latest first', async () => {
  await withClock([], async ({ ok }) => {
    await ok({ type: 'register', count: 40 });
    let st = await ok({ type: 'bust', count: 3 });
    assert.equal(st.undo, 'bust of 3 players, places 38–40');
    assert.deepEqual(st.last_actions, ['bust of 3 players, places 38–40', 'registration of 40 players']);
    st = await ok({ type: 'undo' });
    assert.equal(st.players.remaining, 40);
    assert.equal(st.undo, 'registration of 40 players');
    st = await ok({ type: 'undo' });
    assert.equal(st.undo, null);
    assert.deepEqual(st.last_actions, []);
  });
});

test('hand-for-hand ends by itself when the bubble bursts; the house may keep it on', async () => {
  const run = async (args, stays) => withClock(args, async ({ ok }) => {
    await ok({ type: 'register', count: 10 }); // 3 places paid
    await ok({ type: 'start' });
    await ok({ type: 'bust', count: 6 });
    await ok({ type: 'hand_for_hand_start', tables: 1 });
    const st = await ok({ type: 'bust' });
    assert.equal(st.in_the_money, true);
    if (stays) {
      assert.notEqual(st.hand_for_hand, null, 'kept on by the house');
      assert.equal(st.running, false);
    } else {
      assert.equal(st.hand_for_hand, null, 'ended with the bubble');
      assert.equal(st.running, true, 'the level clock goes on');
    }
  });
  await run([], false);
  const cfg = configWithHouse(['hand_for_hand_stays_in_the_money = true;', 'clock_call_stays = true;', 'seats_per_table = 10;']);
  try {
    await run(['--config', cfg.file], true);
    await withClock(['--config', cfg.file], async ({ clock }) => {
      const h = (await getJson(clock, '/api/structure')).body.house;
      assert.equal(h.clock_call_stays, true);
      assert.equal(h.hand_for_hand_stays_in_the_money, true);
      assert.equal(h.seats_per_table, 10);
    });
  } finally {
    cfg.cleanup();
  }
});
