// A wrong registration fixed over real HTTP: a name corrected, a player
// registered by mistake unregistered (his seat free, his entry out of the
// pool), refused once he has a place; each named in the last actions,
// taken back by undo, and still so after kill -9.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { startClock, getJson, login, command } from './clock.mjs';

const SEATED = resolve('assets/structures/seated.cfg');
const NAMES = ['Anna Berg', 'Bo Ek', 'Cy Dahl', 'Dan Falk', 'Eva Gran'];

async function players(clock) {
  const r = await getJson(clock, '/api/players');
  assert.equal(r.status, 200);
  return r.body;
}

test('rename and unregister a player: journaled, named, undone, refused once he has a place', async () => {
  let clock = await startClock({ args: ['--config', SEATED] });
  const dir = clock.stateDir;
  try {
    let cookie = await login(clock);
    const ok = async (cmd) => {
      const r = await command(clock, cookie, cmd);
      assert.equal(r.status, 200, `${JSON.stringify(cmd)}: ${JSON.stringify(r.body)}`);
      return r.body;
    };
    const reg = await ok({ type: 'register', names: NAMES });
    const cy = reg.players[2];

    // A name typed wrong: corrected, in the answer, the roster and the last actions.
    let r = await ok({ type: 'rename', player: 2, name: 'Bo Eklund' });
    assert.deepEqual(r.players.map((p) => [p.id, p.name, p.status]), [[2, 'Bo Eklund', 'seated']]);
    assert.equal(r.state.undo, 'rename of Bo Ek to Bo Eklund');
    assert.ok(r.state.roster_version > reg.state.roster_version);
    assert.equal((await players(clock)).players[1].name, 'Bo Eklund');
    for (const [cmd, status, why] of [
      [{ type: 'rename', player: 2, name: 'Bo Eklund' }, 409, /player 2 is called Bo Eklund already/],
      [{ type: 'rename', player: 99, name: 'Nobody' }, 409, /there is no player 99/],
      [{ type: 'rename', player: 2 }, 400, /rename needs the player/],
      [{ type: 'rename', player: 2, name: '' }, 400, /name must be a name of 1 to 39 bytes/],
      [{ type: 'rename', player: 2, name: 'Bo', seat: 3 }, 400, /rename does not take "seat"/],
    ]) {
      const x = await command(clock, cookie, cmd);
      assert.equal(x.status, status, JSON.stringify(cmd));
      assert.match(x.body.error, why);
    }

    // Cy was never there: unregistered, his seat free, his entry out of the pool.
    const pool = r.state.prize_pool;
    r = await ok({ type: 'unregister', player: 3 });
    assert.deepEqual(r.players.map((p) => [p.id, p.status, p.table, p.seat]), [[3, 'removed', null, null]]);
    assert.equal(r.state.undo, 'unregistration of Cy Dahl');
    assert.equal(r.state.players.entries, 4);
    assert.equal(r.state.players.remaining, 4);
    assert.equal(r.state.prize_pool, pool - 50);
    let list = await players(clock);
    assert.equal(list.entries, 4);
    assert.equal(list.left, 4);
    assert.equal(list.tables.find((t) => t.number === cy.table).players, 0);
    // Dan by his seat, the same.
    const dan = list.players[3];
    r = await ok({ type: 'unregister', table: dan.table, seat: dan.seat });
    assert.equal(r.state.undo, 'unregistration of Dan Falk');
    assert.equal(r.state.players.entries, 3);

    // A player with a place stays on the sheet.
    r = await ok({ type: 'bust', player: 1 });
    assert.equal(r.players[0].place, 3);
    for (const [cmd, why] of [
      [{ type: 'unregister', player: 1 }, /Anna Berg has a place: a player with a place cannot be unregistered/],
      [{ type: 'unregister', player: 3 }, /Cy Dahl was unregistered/],
      [{ type: 'rename', player: 3, name: 'Cy' }, /Cy Dahl was unregistered/],
      [{ type: 'bust', player: 3 }, /player 3 is out already/],
    ]) {
      const x = await command(clock, cookie, cmd);
      assert.equal(x.status, 409, JSON.stringify(cmd));
      assert.match(x.body.error, why);
    }
    const sheet = (await getJson(clock, '/api/results')).body;
    assert.deepEqual(sheet.rows.map((x) => [x.place, x.name]), [[3, 'Anna Berg']]);
    assert.equal(sheet.entries, 3);

    // kill -9: all of it from the journal; undo still reaches back.
    const before = await players(clock);
    await clock.kill();
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    cookie = await login(clock);
    assert.deepEqual(await players(clock), before);
    assert.equal((await ok({ type: 'undo' })).state.undo, 'unregistration of Dan Falk');
    r = await ok({ type: 'undo' });
    assert.equal(r.state.players.entries, 4);
    r = await ok({ type: 'undo' });
    assert.equal(r.state.players.entries, 5);
    assert.equal(r.state.prize_pool, pool);
    list = await players(clock);
    assert.deepEqual([list.players[2].status, list.players[2].table, list.players[2].seat],
      ['seated', cy.table, cy.seat]);
    r = await ok({ type: 'undo' });
    assert.equal((await players(clock)).players[1].name, 'Bo Ek');
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
