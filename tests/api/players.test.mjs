// Players by name over real HTTP: seats drawn at registration, busts by seat
// and by player with their places, the winner, undo, and kill -9.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { startClock, getJson, login, command } from './clock.mjs';

const SEATED = resolve('assets/structures/seated.cfg');

async function players(clock) {
  const r = await getJson(clock, '/api/players');
  assert.equal(r.status, 200);
  return r.body;
}

const seatOf = (p) => `${p.table}/${p.seat}`;

test('register with names answers the seats drawn; bust by seat gives the place; the last bust the winner', async () => {
  const clock = await startClock({ args: ['--config', SEATED] });
  try {
    const cookie = await login(clock);
    const before = await getJson(clock, '/api/state');
    const v0 = before.body.roster_version;
    assert.equal(typeof v0, 'number');

    const names = ['Anna Berg', 'Bo Ek', 'Cy Dahl', 'Åse Ødegård'];
    const r = await command(clock, cookie, { type: 'register', names });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.players.map((p) => p.name), names);
    const seats = new Set();
    for (const p of r.body.players) {
      assert.equal(p.status, 'seated');
      assert.ok(p.table >= 1 && p.table <= 6, `table ${p.table}`);
      assert.ok(p.seat >= 1 && p.seat <= (p.table === 1 ? 10 : 9), `seat ${p.seat}`);
      seats.add(seatOf(p));
    }
    assert.equal(seats.size, 4, 'four different seats');
    // Even tables: four players on six tables, never two at one.
    assert.equal(new Set(r.body.players.map((p) => p.table)).size, 4);
    assert.notEqual(r.body.state.roster_version, v0);
    assert.equal(r.body.state.players.entries, 4);

    // One by name, one by count: numbered.
    const one = await command(clock, cookie, { type: 'register', name: 'Dan Falk' });
    assert.equal(one.body.players[0].id, 5);
    const two = await command(clock, cookie, { type: 'register', count: 2 });
    assert.deepEqual(two.body.players.map((p) => p.label), ['Player 6', 'Player 7']);

    // The roster lists all of them where they sit.
    let list = await players(clock);
    assert.equal(list.players.length, 7);
    assert.equal(list.version, two.body.state.roster_version);
    assert.equal(list.tables.length, 6);
    assert.equal(list.tables[0].name, 'Feature');

    // Bust by seat: the place is recorded with the name.
    const anna = list.players[0];
    const b = await command(clock, cookie, { type: 'bust', table: anna.table, seat: anna.seat });
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.equal(b.body.players[0].name, 'Anna Berg');
    assert.equal(b.body.players[0].status, 'out');
    assert.equal(b.body.players[0].place, 7);
    // Nobody sits there now; bad input changes nothing.
    const again = await command(clock, cookie, { type: 'bust', table: anna.table, seat: anna.seat });
    assert.equal(again.status, 409);
    assert.match(again.body.error, /nobody sits/);
    const bad = await command(clock, cookie, { type: 'bust', player: 1, table: 2, seat: 3 });
    assert.equal(bad.status, 400);
    assert.equal((await players(clock)).version, b.body.state.roster_version);

    // Undo puts her back in her seat.
    const u = await command(clock, cookie, { type: 'undo' });
    assert.equal(u.status, 200);
    list = await players(clock);
    assert.equal(seatOf(list.players[0]), seatOf(anna));
    assert.equal(list.players[0].place, null);

    // Bust everyone by number; the last bust makes the one left the winner.
    for (let id = 1; id <= 6; id++) {
      const x = await command(clock, cookie, { type: 'bust', player: id });
      assert.equal(x.status, 200, JSON.stringify(x.body));
      assert.equal(x.body.players[0].place, 8 - id);
    }
    list = await players(clock);
    const winner = list.players[6];
    assert.equal(winner.label, 'Player 7');
    assert.equal(winner.place, 1);
    assert.ok(winner.prize > 0);
    const st = await getJson(clock, '/api/state');
    const last = st.body.results[st.body.results.length - 1];
    assert.equal(last.place_best, 1);
    assert.equal(last.prize_each, winner.prize);
    const over = await command(clock, cookie, { type: 'bust', player: 7 });
    assert.equal(over.status, 409);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('kill -9 and a restart bring back every seat', async () => {
  let clock = await startClock({ args: ['--config', SEATED] });
  const dir = clock.stateDir;
  try {
    const cookie = await login(clock);
    const names = Array.from({ length: 40 }, (_, i) => `Guest ${i + 1}`);
    const r = await command(clock, cookie, { type: 'register', names });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const b = await command(clock, cookie, { type: 'bust', player: 13 });
    assert.equal(b.status, 200);
    const before = await players(clock);
    await clock.kill();
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    const after = await players(clock);
    assert.deepEqual(after.players, before.players);
    assert.deepEqual(after.tables, before.tables);
    // Undo still takes back the bust after the restart.
    const cookie2 = await login(clock);
    const u = await command(clock, cookie2, { type: 'undo' });
    assert.equal(u.status, 200);
    const back = await players(clock);
    assert.equal(back.players[12].status, 'seated');
    assert.equal(seatOf(back.players[12]), seatOf(r.body.players[12]));
    assert.ok(back.version > before.version);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('the state every screen receives does not grow with the players', async () => {
  const clock = await startClock({ args: ['--config', SEATED] });
  try {
    const cookie = await login(clock);
    await command(clock, cookie, { type: 'register', names: ['First Player'] });
    // The last actions grow with the commands (8 at most), not the players.
    const sized = (st) => JSON.stringify({ ...st, last_actions: [], last_action_codes: [], undo: null }).length;
    const small = sized((await getJson(clock, '/api/state')).body);
    for (let k = 0; k < 2; k++) {
      const names = Array.from({ length: 25 }, (_, i) => `A Rather Long Player Name ${k * 25 + i}`);
      const r = await command(clock, cookie, { type: 'register', names });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const st = (await getJson(clock, '/api/state')).body;
    const text = JSON.stringify(st);
    // No name rides in it: only counts, the prize pool and its payouts grow
    // (and the payouts column's lines, five at most).
    assert.ok(!text.includes('Player Name') && !text.includes('First Player'), text);
    assert.ok(sized(st) - small < 300, `state grew from ${small} to ${sized(st)} bytes`);
    assert.equal((await players(clock)).players.length, 51);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('a table break proposed and confirmed, a move, both undone', async () => {
  const clock = await startClock({ args: ['--config', SEATED] });
  try {
    const cookie = await login(clock);
    // 30 players on six tables (10+9+9+9+9+9 seats) fit on five: table 6 breaks first.
    const r = await command(clock, cookie, { type: 'register', count: 30 });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    let list = await players(clock);
    assert.equal(list.next.action, 'break');
    assert.equal(list.next.table, 6);
    const leaving = list.players.filter((p) => p.table === 6).map((p) => p.id).sort();
    const b = await command(clock, cookie, { type: 'break_table', table: 6 });
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.deepEqual(b.body.players.map((p) => p.id).sort(), leaving);
    for (const p of b.body.players) assert.ok(p.table >= 1 && p.table <= 5, JSON.stringify(p));
    list = await players(clock);
    assert.equal(list.tables[5].open, false);
    assert.equal(list.tables[5].players, 0);
    const counts = list.tables.slice(0, 5).map((t) => t.players);
    assert.ok(Math.max(...counts) - Math.min(...counts) <= 1, `even: ${counts}`);
    // A move to a free seat, by the seat the player leaves.
    const mover = list.players.find((p) => p.table === 2);
    const taken = new Set(list.players.filter((p) => p.table === 1).map((p) => p.seat));
    const free = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find((s) => !taken.has(s));
    const m = await command(clock, cookie,
      { type: 'move', from_table: 2, from_seat: mover.seat, table: 1, seat: free });
    assert.equal(m.status, 200, JSON.stringify(m.body));
    assert.equal(m.body.players[0].id, mover.id);
    assert.equal(seatOf(m.body.players[0]), `1/${free}`);
    const into = await command(clock, cookie, { type: 'move', player: mover.id, table: 6, seat: 1 });
    assert.equal(into.status, 409);
    assert.match(into.body.error, /closed/);
    // Undo the move, then the break: everyone back where they sat.
    assert.equal((await command(clock, cookie, { type: 'undo' })).status, 200);
    assert.equal((await command(clock, cookie, { type: 'undo' })).status, 200);
    const back = await players(clock);
    assert.deepEqual(back.players.map(seatOf), r.body.players.map(seatOf));
    assert.equal(back.tables[5].open, true);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
