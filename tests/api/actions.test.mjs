// The last actions: each line in English for API users (last_actions and
// undo, as always), and beside it its code and values for the panel to
// say in its own language (last_action_codes); a journal an older clock
// wrote, its last actions in words alone, restarts and shows them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startClock, login, command, getJson, freshStateDir } from './clock.mjs';

const FRIDAY = resolve('tests/api/fixtures/friday.cfg');

test('a bust of two and a move: their codes and values beside the English lines', async () => {
  const clock = await startClock({ args: ['--config', FRIDAY] });
  try {
    const cookie = await login(clock);
    const ok = async (c) => {
      const r = await command(clock, cookie, c);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body;
    };
    const { players } = await ok({ type: 'register', names: ['Kari Nordmann', 'Ola Hansen', 'Anna Berg', 'Bo Ek'] });
    await ok({ type: 'start' });
    await ok({ type: 'bust', players: [{ player: players[0].id, chips: 3000 }, { player: players[1].id, chips: 1200 }] });
    const taken = new Set(players.map((p) => `${p.table}/${p.seat}`));
    let seat = 1;
    while (taken.has(`2/${seat}`)) seat++;
    const { state } = await ok({ type: 'move', player: players[2].id, table: 2, seat });
    assert.deepEqual(state.last_actions, [
      `move of Anna Berg to table 2, seat ${seat}`,
      'bust of Kari Nordmann and Ola Hansen, places 3\u20134',
      'start of the clock',
      'registration of 4 players',
    ]);
    assert.equal(state.undo, `move of Anna Berg to table 2, seat ${seat}`);
    assert.deepEqual(state.last_action_codes, [
      { code: 'move_of', name: 'Anna Berg', table: 2, seat },
      { code: 'bust_of_two', name: 'Kari Nordmann', name2: 'Ola Hansen', first: 3, last: 4 },
      { code: 'start' },
      { code: 'register', players: 4 },
    ]);
    // Undone, the undo names the one before, in both forms.
    const back = (await ok({ type: 'undo' })).state;
    assert.equal(back.undo, 'bust of Kari Nordmann and Ola Hansen, places 3\u20134');
    assert.equal(back.last_action_codes[0].code, 'bust_of_two');
    assert.equal(back.last_action_codes.length, back.last_actions.length);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

// The journal in fixtures/old-journal was written by the clock before its
// last actions had codes (a snapshot holding them in words alone; made by
// that clock with 6 players registered, started, two out, a move, the
// next level, then a restart).
test('an older clock\'s journal restarts with its last actions in words', async () => {
  const dir = freshStateDir();
  for (const f of ['journal', 'journal-end']) cpSync(resolve('tests/api/fixtures/old-journal', f), join(dir, f));
  assert.match(readFileSync(join(dir, 'journal'), 'latin1'), /"done":\["registration of 6 players"/, 'the old form');
  const clock = await startClock({ stateDir: dir, args: ['--config', FRIDAY] });
  try {
    const old = [
      'on to level 2 (200/400)',
      'move of Anna Berg to table 2, seat 2',
      'bust of Kari Nordmann and Ola Hansen, places 5\u20136',
      'start of the clock',
      'registration of 6 players',
    ];
    const st = (await getJson(clock, '/api/state')).body;
    assert.deepEqual(st.last_actions, old);
    assert.equal(st.undo, old[0]);
    assert.deepEqual(st.last_action_codes, old.map(() => ({ code: null })));
    // A new command comes with its code; the old lines stay below it.
    const cookie = await login(clock);
    const r = await command(clock, cookie, { type: 'pause' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.state.last_actions, ['pause', ...old]);
    assert.deepEqual(r.body.state.last_action_codes[0], { code: 'pause' });
    assert.deepEqual(r.body.state.last_action_codes[1], { code: null });
    // Undo takes the pause back, then the old line is the one it names.
    assert.equal((await command(clock, cookie, { type: 'undo' })).body.state.undo, old[0]);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
