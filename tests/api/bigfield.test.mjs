// A big field over real HTTP: 2,000 players registered in lists of 100 on 250
// tables of 10 seats, hand-for-hand and the end-of-day draw on all 250 tables,
// then busted one by one to a winner with every proposal of the clock
// confirmed (balance moves, table breaks in the break order, the final table
// redraw), a kill -9 and restart midway, and every place and prize checked
// against the payouts. Prints how long its parts took.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startClock, getJson, login, command } from './clock.mjs';

const PLAYERS = 2000, TABLES = 250;
const cfgDir = mkdtempSync(join(tmpdir(), 'pokerclock-bigfield-'));
const CFG = join(cfgDir, 'big.cfg');
writeFileSync(CFG, `tables = { count = ${TABLES}; seats = 10; };\n` +
  readFileSync(resolve('assets/structures/default.cfg'), 'utf8'));

async function players(clock) {
  const r = await getJson(clock, '/api/players');
  assert.equal(r.status, 200);
  return r.body;
}

async function ok(clock, cookie, cmd) {
  const r = await command(clock, cookie, cmd);
  assert.equal(r.status, 200, `${JSON.stringify(cmd)}: ${JSON.stringify(r.body)}`);
  return r.body;
}

const seats = (list) => list.players.filter((p) => p.status === 'seated')
  .map((p) => `${p.id}@${p.table}/${p.seat}`).sort();

test('2,000 players on 250 tables: seated evenly, hand-for-hand on every table, busted to a winner through every move, break and the final table, a kill -9 midway', async () => {
  let clock = await startClock({ args: ['--config', CFG] });
  const dir = clock.stateDir;
  const t0 = Date.now();
  const took = {};
  try {
    let cookie = await login(clock);
    for (let k = 0; k < PLAYERS / 100; k++) {
      const names = Array.from({ length: 100 }, (_, i) => `Player ${k * 100 + i + 1}`);
      const r = await ok(clock, cookie, { type: 'register', names });
      assert.equal(r.players.length, 100);
    }
    took.register = Date.now() - t0;
    let list = await players(clock);
    assert.equal(list.players.length, PLAYERS);
    assert.equal(new Set(seats(list).map((s) => s.split('@')[1])).size, PLAYERS, 'one player a seat');
    const counts = list.tables.map((t) => t.players);
    assert.equal(counts.length, TABLES);
    assert.deepEqual([Math.min(...counts), Math.max(...counts)], [8, 8], 'eight at every table');
    await ok(clock, cookie, { type: 'start' });

    // Hand-for-hand without tables named plays every table with players: 250.
    let st = await ok(clock, cookie, { type: 'hand_for_hand_start' });
    let h = st.state.hand_for_hand;
    assert.equal(h.tables, TABLES);
    assert.deepEqual(h.playing, Array.from({ length: TABLES }, (_, i) => i + 1));
    for (let t = 1; t <= TABLES - 2; t++) await ok(clock, cookie, { type: 'table_done', table: t });
    st = await ok(clock, cookie, { type: 'table_waiting', table: 249 });
    assert.deepEqual(st.state.hand_for_hand.waiting, [249]);
    assert.deepEqual(st.state.hand_for_hand.playing, [250]);
    assert.equal(st.state.hand_for_hand.done.length, TABLES - 2);
    const next = await command(clock, cookie, { type: 'hand_for_hand_next' });
    assert.equal(next.status, 409);
    assert.match(next.body.error, /still being played at tables 249, 250$/);
    await ok(clock, cookie, { type: 'table_done', table: 249 });
    st = await ok(clock, cookie, { type: 'table_done', table: TABLES });
    assert.equal(st.state.hand_for_hand.all_done, true);
    st = await ok(clock, cookie, { type: 'hand_for_hand_next' });
    assert.equal(st.state.hand_for_hand.hand, 2);
    assert.equal(st.state.hand_for_hand.playing.length, TABLES);
    // Hostile table lists change nothing.
    const before = JSON.stringify((await getJson(clock, '/api/state')).body.hand_for_hand);
    const hostile = [
      [{ type: 'hand_for_hand_tables', tables: [1, 257] }, /each 1 to 256/],
      [{ type: 'hand_for_hand_tables', tables: [0, 5] }, /each 1 to 256/],
      [{ type: 'hand_for_hand_tables', tables: [3, 70, 3] }, /table 3 is in tables twice/],
      [{ type: 'hand_for_hand_tables', tables: Array.from({ length: 300 }, (_, i) => i + 1) },
        /300 tables: at most 256/],
      [{ type: 'hand_for_hand_tables', tables: 1e9 }, /between 1 and 256/],
      [{ type: 'table_done', table: 999 }, /between 1 and 256/],
      [{ type: 'day_end_draw', tables: [1, 2, 1000] }, /each 1 to 256/],
      [{ type: 'day_end_draw', tables: Array.from({ length: 300 }, (_, i) => (i % 250) + 1) },
        /300 tables: at most 256/],
      [{ type: 'day_end_draw', tables: [4, 4] }, /table 4 is in tables twice/],
    ];
    for (const [cmd, why] of hostile) {
      const r = await command(clock, cookie, cmd);
      assert.equal(r.status, 400, JSON.stringify(cmd));
      assert.match(r.body.error, why);
    }
    assert.equal(JSON.stringify((await getJson(clock, '/api/state')).body.hand_for_hand), before);
    await ok(clock, cookie, { type: 'hand_for_hand_stop' });
    took.handForHand = Date.now() - t0 - took.register;

    const payouts = (await getJson(clock, '/api/state')).body.payouts;
    assert.ok(payouts.length > 1, 'some places paid');
    const paid = payouts.length;

    // Bust one by one, the clock's proposals confirmed after each.
    let moves = 0, breaks = 0, finals = 0, restarted = false, hfhAtBubble = false;
    const broken = [];
    const breakOrder = [...list.tables].sort((a, b) => a.break_order - b.break_order)
      .map((t) => t.number);
    for (let left = PLAYERS; left > 1; left--) {
      for (;;) {
        const n = list.next;
        if (n.action === 'balance') {
          for (const m of n.moves) {
            const who = m.player ?? list.players.find((p) => p.status === 'seated' &&
              p.table === m.from_table).id;
            await ok(clock, cookie, { type: 'move', player: who, table: m.to_table, seat: m.to_seat });
            moves++;
          }
        } else if (n.action === 'break') {
          await ok(clock, cookie, { type: 'break_table', table: n.table });
          broken.push(n.table);
          breaks++;
        } else if (n.action === 'final') {
          await ok(clock, cookie, { type: 'final_table' });
          finals++;
        } else {
          break;
        }
        list = await players(clock);
      }
      if (left === paid + 1 && !hfhAtBubble) {
        // The bubble: hand-for-hand on the tables still in play.
        st = await ok(clock, cookie, { type: 'hand_for_hand_start' });
        const inPlay = list.tables.filter((t) => t.open && t.players > 0).map((t) => t.number);
        assert.deepEqual(st.state.hand_for_hand.playing, inPlay);
        hfhAtBubble = true;
      }
      // Midway: the power goes; every seat comes back.
      if (!restarted && left === PLAYERS / 2) {
        const seated = seats(list);
        await clock.kill();
        clock = await startClock({ stateDir: dir, args: ['--config', CFG] });
        cookie = await login(clock);
        list = await players(clock);
        assert.deepEqual(seats(list), seated);
        restarted = true;
      }
      // Out: the first seated player by id at the fullest table.
      const victim = list.players.find((p) => p.status === 'seated');
      const b = await ok(clock, cookie, { type: 'bust', player: victim.id });
      assert.equal(b.players[0].place, left);
      if (left === paid + 1 && hfhAtBubble) {
        // In the money: hand-for-hand is over.
        assert.equal(b.state.hand_for_hand, null);
      }
      list = await players(clock);
    }
    took.busts = Date.now() - t0 - took.register - took.handForHand;
    assert.ok(restarted && hfhAtBubble);
    assert.ok(moves > 0 && breaks > 0, `moves ${moves}, breaks ${breaks}`);
    assert.equal(finals, 1);
    // Tables broke in the posted order, every one but the final table.
    assert.deepEqual(broken, breakOrder.slice(0, broken.length));
    assert.equal(list.tables.filter((t) => t.open && t.players > 0).length, 1);
    // Every place once, each prize the payout's.
    const places = list.players.map((p) => p.place).sort((a, b) => a - b);
    assert.deepEqual(places, Array.from({ length: PLAYERS }, (_, i) => i + 1));
    for (const p of list.players)
      assert.equal(p.prize, p.place <= paid ? payouts[p.place - 1] : 0, `place ${p.place}`);
    const winner = list.players.find((p) => p.place === 1);
    assert.equal(winner.status, 'seated');
    console.log(`# ${PLAYERS} players: register ${took.register} ms, hand-for-hand on ${TABLES} tables ` +
      `${took.handForHand} ms, ${PLAYERS - 1} busts with ${moves} moves, ${breaks} breaks and ` +
      `the final table ${took.busts} ms (restart included)`);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
