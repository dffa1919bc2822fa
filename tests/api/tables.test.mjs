// Tables changed while play goes on, re-entry of a player who is out, and
// players out in the same hand by name, over real HTTP: refusals that change
// nothing, undo by name, and kill -9 with a restart that replays them all.
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

async function refused(clock, cookie, cmd, status, pattern) {
  const before = await players(clock);
  const r = await command(clock, cookie, cmd);
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.match(r.body.error, pattern);
  assert.equal((await players(clock)).version, before.version, 'nothing changed');
}

test('open, close, add a table and block a seat: refusals say why, undo names it, a restart replays it', async () => {
  let clock = await startClock({ args: ['--config', SEATED] });
  const dir = clock.stateDir;
  try {
    const cookie = await login(clock);
    const r = await command(clock, cookie, { type: 'register', names: ['Anna Berg', 'Bo Ek', 'Cy Dahl'] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const anna = r.body.players[0];

    await refused(clock, cookie, { type: 'table', table: anna.table, open: false }, 409,
      new RegExp(`table ${anna.table} still has 1 player: break it, or move them first`));
    await refused(clock, cookie, { type: 'table', table: anna.table, seat: anna.seat, blocked: true }, 409,
      /Anna Berg sits at table \d+, seat \d+/);
    await refused(clock, cookie, { type: 'table', table: 40, open: false }, 409, /there is no table 40/);
    await refused(clock, cookie, { type: 'table', table: 40, open: true }, 409, /give its seats/);
    await refused(clock, cookie, { type: 'table', table: 2, open: 'yes' }, 400, /open \(true or false\)/);
    await refused(clock, cookie, { type: 'table', table: 2, open: true, seats: 12 }, 400, /seats/);

    // An empty table closes; the seat draw leaves it out.
    const empty = (await players(clock)).tables.find((t) => t.players === 0);
    let c = await command(clock, cookie, { type: 'table', table: empty.number, open: false });
    assert.equal(c.status, 200, JSON.stringify(c.body));
    assert.equal(c.body.state.undo, `close table ${empty.number}`);
    await refused(clock, cookie, { type: 'table', table: empty.number, open: false }, 409, /closed already/);

    // A table the configuration lacks: it opens, breaks first.
    c = await command(clock, cookie, { type: 'table', table: 21, open: true, seats: 8 });
    assert.equal(c.status, 200, JSON.stringify(c.body));
    assert.equal(c.body.state.undo, 'new table 21 (8 seats)');
    let list = await players(clock);
    const t21 = list.tables.find((t) => t.number === 21);
    assert.deepEqual([t21.seats, t21.open, t21.break_order], [8, true, 1]);

    // A free seat blocked there; then fill every table evenly: nobody sits
    // at the closed table or the blocked seat.
    c = await command(clock, cookie, { type: 'table', table: 21, seat: 4, blocked: true });
    assert.equal(c.status, 200, JSON.stringify(c.body));
    assert.equal(c.body.state.undo, 'block table 21, seat 4');
    const many = await command(clock, cookie, { type: 'register', count: 30 });
    assert.equal(many.status, 200, JSON.stringify(many.body));
    list = await players(clock);
    assert.ok(!list.players.some((p) => p.table === empty.number), 'nobody at the closed table');
    assert.ok(!list.players.some((p) => p.table === 21 && p.seat === 4), 'nobody at the blocked seat');
    // 33 players on six open tables: 5 or 6 at each, table 21 too.
    const at21 = list.players.filter((p) => p.table === 21).length;
    assert.ok(at21 === 5 || at21 === 6, `${at21} at table 21`);

    // kill -9: the journal brings back the same tables and seats.
    const before = await players(clock);
    await clock.kill();
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    const after = await players(clock);
    assert.deepEqual(after.tables, before.tables);
    assert.deepEqual(after.players, before.players);

    // Undo: the 30, then the blocked seat, then the table added.
    const cookie2 = await login(clock);
    for (const what of ['registration of 30 players', 'block table 21, seat 4', 'new table 21 (8 seats)']) {
      const st = (await getJson(clock, '/api/state')).body;
      assert.equal(st.undo, what);
      assert.equal((await command(clock, cookie2, { type: 'undo' })).status, 200);
    }
    list = await players(clock);
    assert.equal(list.tables.find((t) => t.number === 21), undefined);
    assert.deepEqual(list.tables.map((t) => t.break_order), [6, 5, 4, 3, 2, 1]);
    assert.equal(list.tables.find((t) => t.number === empty.number).open, false);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('a player who is out re-enters at a seat drawn; one still in is refused', async () => {
  const clock = await startClock({ args: ['--config', SEATED] });
  try {
    const cookie = await login(clock);
    const r = await command(clock, cookie, { type: 'register', names: ['Anna Berg', 'Bo Ek', 'Cy Dahl'] });
    assert.equal(r.status, 200);
    await refused(clock, cookie, { type: 'reenter', player: 2 }, 409, /Bo Ek is still in, at table \d+, seat \d+/);
    await refused(clock, cookie, { type: 'reenter', player: 9 }, 409, /there is no player 9/);
    await refused(clock, cookie, { type: 'reenter', player: 2, seats: [[1, 1]] }, 400, /does not take|seats/);
    const b = await command(clock, cookie, { type: 'bust', player: 2 });
    assert.equal(b.body.players[0].place, 3);
    const pool = b.body.state.prize_pool;

    const e = await command(clock, cookie, { type: 'reenter', player: 2 });
    assert.equal(e.status, 200, JSON.stringify(e.body));
    const bo = e.body.players[0];
    assert.equal(bo.name, 'Bo Ek');
    assert.equal(bo.status, 'seated');
    assert.equal(bo.entries, 2);
    assert.equal(bo.place, null);
    assert.ok(bo.table >= 1 && bo.seat >= 1);
    assert.equal(e.body.state.players.entries, 4);
    assert.equal(e.body.state.players.remaining, 3);
    assert.ok(e.body.state.prize_pool > pool, 'the prize pool takes the entry');
    assert.equal(e.body.state.undo, 're-entry of Bo Ek');
    const list = await players(clock);
    assert.equal(list.entries, 4);
    assert.equal(seatOf(list.players[1]), seatOf(bo));

    // After late registration, no re-entry (as for any entry).
    assert.equal((await command(clock, cookie, { type: 'bust', player: 2 })).status, 200);
    assert.equal((await command(clock, cookie, { type: 'start' })).status, 200);
    const lvl = await command(clock, cookie, { type: 'goto_level', index: 9 });
    assert.equal(lvl.status, 200, JSON.stringify(lvl.body));
    await refused(clock, cookie, { type: 'reenter', player: 2 }, 409, /registration is closed/);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('players out in the same hand by name: places by chips at one table, names in the answer', async () => {
  const clock = await startClock({ args: ['--config', SEATED] });
  try {
    const cookie = await login(clock);
    // 12 players on six tables: two at each.
    const r = await command(clock, cookie, { type: 'register', count: 12 });
    assert.equal(r.status, 200);
    const t1 = r.body.players.filter((p) => p.table === 1);
    assert.equal(t1.length, 2);
    await refused(clock, cookie, { type: 'bust', players: [{ table: 1, chips: 100 }, { table: 1, chips: 200 }] },
      409, /name them/);
    const b = await command(clock, cookie, { type: 'bust', players: [
      { player: t1[0].id, chips: 3000 }, { player: t1[1].id, chips: 1200 }] });
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.deepEqual(b.body.players.map((p) => [p.id, p.status, p.place]),
      [[t1[0].id, 'out', 11], [t1[1].id, 'out', 12]]);
    assert.equal(b.body.state.players.remaining, 10);
    // Undo names whom it takes back.
    assert.equal(b.body.state.undo, `bust of ${t1[0].label} and ${t1[1].label}, places 11\u201312`);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
