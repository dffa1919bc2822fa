// The recent moves over real HTTP: a move and a table break listed newest
// first with names (GET /api/players, GET /api/moves), the state's
// moves_total, undo, and kill -9 with a restart that brings them back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { startClock, getJson, login, command } from './clock.mjs';

const SEATED = resolve('assets/structures/seated.cfg');

const moves = async (clock) => (await getJson(clock, '/api/moves')).body;

/* A free seat at another table than the player's. */
function freeSeat(roster, player) {
  for (const t of roster.tables) {
    if (t.number === player.table || !t.open) continue;
    const taken = new Set(roster.players.filter((p) => p.table === t.number).map((p) => p.seat));
    for (let s = 1; s <= t.seats; s++) if (!taken.has(s) && !t.blocked.includes(s)) return { table: t.number, seat: s };
  }
  throw new Error('no free seat');
}

test('a move and a break are listed with names, undone, and back after kill -9', async () => {
  let clock = await startClock({ args: ['--config', SEATED] });
  const dir = clock.stateDir;
  try {
    let cookie = await login(clock);
    const names = Array.from({ length: 12 }, (_, i) => `Player Name ${String.fromCharCode(65 + i)}`);
    const reg = await command(clock, cookie, { type: 'register', names });
    assert.equal(reg.status, 200, JSON.stringify(reg.body));
    assert.equal(reg.body.state.moves_total, 0);
    assert.deepEqual((await moves(clock)).moves, [], 'a seat drawn at registration is not a move');

    let roster = (await getJson(clock, '/api/players')).body;
    const anna = roster.players[0];
    const to = freeSeat(roster, anna);
    const mv = await command(clock, cookie, { type: 'move', player: anna.id, ...to });
    assert.equal(mv.status, 200, JSON.stringify(mv.body));
    assert.equal(mv.body.state.moves_total, 1);
    let m = await moves(clock);
    assert.equal(m.total, 1);
    assert.equal(m.strip_ms, 120000, 'the default time on the wall');
    assert.equal(m.moves.length, 1);
    assert.deepEqual({ ...m.moves[0], ago_ms: 0 }, {
      player: anna.id, name: anna.name, label: anna.name, from_table: anna.table, from_seat: anna.seat,
      to_table: to.table, to_seat: to.seat, why: 'balance', ago_ms: 0, stands: true,
    });
    assert.ok(m.moves[0].ago_ms >= 0 && m.moves[0].ago_ms < 60000);

    // Table 6 breaks: each of its players a move from table 6, newest first.
    roster = (await getJson(clock, '/api/players')).body;
    const at6 = roster.players.filter((p) => p.table === 6);
    assert.ok(at6.length > 0);
    const br = await command(clock, cookie, { type: 'break_table', table: 6 });
    assert.equal(br.status, 200, JSON.stringify(br.body));
    roster = (await getJson(clock, '/api/players')).body;
    assert.equal(roster.moves.length, 1 + at6.length);
    for (const x of roster.moves.slice(0, at6.length)) {
      const p = roster.players.find((q) => q.id === x.player);
      const was = at6.find((q) => q.id === x.player);
      assert.ok(was, `${x.name} sat at table 6`);
      assert.equal(x.why, 'break');
      assert.equal(x.name, p.name);
      assert.deepEqual([x.from_table, x.from_seat, x.to_table, x.to_seat], [6, was.seat, p.table, p.seat]);
    }
    assert.equal(roster.moves.at(-1).player, anna.id, 'the oldest last');
    assert.deepEqual((await moves(clock)).moves.map((x) => x.player), roster.moves.map((x) => x.player));
    // The state stays small: a number, not the list.
    const state = (await getJson(clock, '/api/state')).body;
    assert.equal(state.moves_total, 1 + at6.length);
    assert.equal(state.moves, undefined);

    // Undo takes the break's moves back.
    const un = await command(clock, cookie, { type: 'undo' });
    assert.equal(un.status, 200, JSON.stringify(un.body));
    m = await moves(clock);
    assert.equal(m.total, 1);
    assert.deepEqual(m.moves.map((x) => x.player), [anna.id]);

    // The break again, then kill -9: the restart has the same moves.
    assert.equal((await command(clock, cookie, { type: 'break_table', table: 6 })).status, 200);
    const before = (await moves(clock)).moves.map(({ ago_ms, ...x }) => x);
    await clock.kill();
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    cookie = await login(clock);
    const after = (await moves(clock)).moves.map(({ ago_ms, ...x }) => x);
    assert.deepEqual(after, before);
    // ... and undo still takes the break back there.
    assert.equal((await command(clock, cookie, { type: 'undo' })).status, 200);
    assert.equal((await moves(clock)).moves.length, 1);

    // Anna out: her move stays in the list, but no longer stands (the wall
    // and the kiosk leave it out).
    assert.equal((await command(clock, cookie, { type: 'bust', player: anna.id })).status, 200);
    m = await moves(clock);
    assert.deepEqual(m.moves.map((x) => [x.player, x.stands]), [[anna.id, false]]);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('the house can set the strip\'s time or turn it off', async () => {
  const { writeFileSync, readFileSync, mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const d = mkdtempSync(join(tmpdir(), 'moves-'));
  const text = readFileSync(SEATED, 'utf8');
  for (const [house, want] of [['move_strip_seconds = 45;', 45000], ['move_strip_off = true;', 0]]) {
    const cfg = join(d, 'moves.cfg');
    writeFileSync(cfg, text.replace(/house = \{/, `house = {\n    ${house}`));
    const clock = await startClock({ args: ['--config', cfg] });
    try {
      assert.equal((await moves(clock)).strip_ms, want, house);
    } finally {
      await clock.stop();
      clock.cleanup();
    }
  }
});
