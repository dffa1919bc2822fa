// A follower's roster: a master and a follower over 127.0.0.1; the follower's
// GET /api/players is the master's, fetched again when roster_version moves,
// so that a kiosk on the second screen finds a player's seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { startClock, getJson, login, command, sleep } from './clock.mjs';

const SEATED = resolve('assets/structures/seated.cfg');

// Polls until both clocks serve the same roster at the master's version.
async function sameRoster(master, follower, what) {
  const deadline = Date.now() + 15000;
  let m, f, fs;
  while (Date.now() < deadline) {
    m = (await getJson(master, '/api/players')).body;
    [f, fs] = await Promise.all([getJson(follower, '/api/players'), getJson(follower, '/api/state')]);
    if (fs.body.roster_version === m.version && JSON.stringify(f.body) === JSON.stringify(m)) return m;
    await sleep(100);
  }
  assert.fail(`the follower never served ${what}: master ${JSON.stringify(m).slice(0, 300)}, follower ${JSON.stringify(f.body).slice(0, 300)}`);
}

test('a follower serves the master\'s roster and follows its changes', { timeout: 60000 }, async () => {
  const master = await startClock({ args: ['--config', SEATED] });
  const follower = await startClock({ args: ['--follow', master.base] });
  try {
    const cookie = await login(master);
    const names = ['Anna Berg', 'Bo Ek', 'Cy Dahl', 'Åse Ødegård'];
    const r = await command(master, cookie, { type: 'register', names });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    let m = await sameRoster(master, follower, 'the registered players');
    const ase = m.players.find((p) => p.name === 'Åse Ødegård');
    assert.ok(ase.table >= 1 && ase.seat >= 1, 'a seat to find');
    assert.equal(m.players.length, 4);

    // A bust moves the version on: the follower fetches again.
    assert.equal((await command(master, cookie, { type: 'bust', player: 2 })).status, 200);
    m = await sameRoster(master, follower, 'the bust');
    assert.equal(m.players.find((p) => p.name === 'Bo Ek').status, 'out');

    // A new tournament on the master empties the follower's roster too.
    assert.equal((await command(master, cookie, { type: 'new_tournament', confirm: true })).status, 200);
    m = await sameRoster(master, follower, 'the new tournament');
    assert.equal(m.players.length, 0);
  } finally {
    await follower.stop();
    await master.stop();
    follower.cleanup();
    master.cleanup();
  }
});

// The follower's own wall draws from the master's roster: a table break on
// the master puts the moves' strips on the follower's screen too.
// Polls until the follower has the master's roster version (the moves'
// ago_ms differ between the two copies by the time they were fetched).
async function sameVersion(master, follower, what) {
  const deadline = Date.now() + 15000;
  let m;
  while (Date.now() < deadline) {
    m = (await getJson(master, '/api/players')).body;
    if ((await getJson(follower, '/api/state')).body.roster_version === m.version) return m;
    await sleep(100);
  }
  assert.fail(`the follower never had ${what} (version ${m.version})`);
}

test('a follower\'s wall shows the master\'s table moves', { timeout: 60000 }, async () => {
  const master = await startClock({ args: ['--config', SEATED] });
  const follower = await startClock({ args: ['--follow', master.base] });
  const screen = async () => Buffer.from(await (await fetch(follower.base + '/api/screen.png?w=1280&h=720')).arrayBuffer());
  try {
    const cookie = await login(master);
    // 30 players on six tables fit on five: table 6 breaks.
    assert.equal((await command(master, cookie, { type: 'register', count: 30 })).status, 200);
    await sameRoster(master, follower, 'the 30 players');
    const before = await screen();
    assert.deepEqual(await screen(), before, 'a paused wall is the same picture twice');
    assert.equal((await command(master, cookie, { type: 'break_table', table: 6 })).status, 200);
    const m = await sameVersion(master, follower, 'the break');
    assert.ok(m.moves.length >= 1, 'moves to show');
    assert.notDeepEqual(await screen(), before, 'the moves\' strips on the follower\'s wall');
    // Undone on the master: the strips go from the follower's wall as well.
    assert.equal((await command(master, cookie, { type: 'undo' })).status, 200);
    await sameVersion(master, follower, 'the undo');
    assert.deepEqual(await screen(), before, 'the wall as before the break');
  } finally {
    await follower.stop();
    await master.stop();
    follower.cleanup();
    master.cleanup();
  }
});

// The final table's seat list: the follower's wall and its state show the
// master's, cards and button included.
test('a follower shows the master\'s final table with its cards and button', { timeout: 60000 }, async () => {
  const master = await startClock({ args: ['--config', SEATED] });
  const follower = await startClock({ args: ['--follow', master.base] });
  try {
    const cookie = await login(master);
    const names = Array.from({ length: 12 }, (_, i) => `Player ${String.fromCharCode(65 + i)}`);
    assert.equal((await command(master, cookie, { type: 'register', names })).status, 200);
    for (const id of [10, 11, 12]) assert.equal((await command(master, cookie, { type: 'bust', player: id })).status, 200);
    const r = await command(master, cookie, { type: 'final_table' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const m = (await getJson(master, '/api/state')).body.final_table;
    await sameVersion(master, follower, 'the redraw');
    const deadline = Date.now() + 15000;
    let f;
    while (Date.now() < deadline) {
      f = (await getJson(follower, '/api/state')).body.final_table;
      if (f && JSON.stringify(f.seats) === JSON.stringify(m.seats)) break;
      await sleep(100);
    }
    assert.deepEqual(f.seats, m.seats);
    assert.equal(f.button, m.button);
    assert.ok(Math.abs(f.remaining_ms - m.remaining_ms) < 5000);
  } finally {
    await follower.stop();
    await master.stop();
    follower.cleanup();
    master.cleanup();
  }
});
