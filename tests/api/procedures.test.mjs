// Every tournament procedure of docs/rules.md over real HTTP, on the sample
// tournaments: hand-for-hand (3), the bubble and ties in the money (4), the
// end-of-day draw (5), calling the clock (6), color-up (2), penalties (9);
// and that a refused procedure command changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { withDirector, startClock, getJson, login, command, sleep } from './clock.mjs';

const cfg = (name) => resolve('assets/structures', name);

// A clock on a sample tournament with a director's session, stopped however
// the test ends.
async function withClock(name, fn) {
  await withDirector(['--config', cfg(name)], async (d) => {
    // A refused command: the status, a reason a person can act on, and no
    // change at all (seq, and every procedure's part of the state).
    const refused = async (cmd, status, reason) => {
      const before = await d.state();
      const r = await command(d.clock, d.cookie, cmd);
      assert.equal(r.status, status, `${JSON.stringify(cmd)}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.match(r.body.error, reason);
      const after = await d.state();
      assert.equal(after.seq, before.seq, `${cmd.type} changed seq`);
      assert.deepEqual(procedures(after), procedures(before), `${cmd.type} changed the state`);
    };
    await fn({ ...d, refused });
  });
}

// The procedures' part of a state, without the times that count down.
function procedures(s) {
  const x = JSON.parse(JSON.stringify({
    running: s.running, level: s.level.index, players: s.players, results: s.results,
    hand_for_hand: s.hand_for_hand, bubble: s.bubble, in_the_money: s.in_the_money,
    day_end: s.day_end, clock_call: s.clock_call, color_up: s.color_up, penalties: s.penalties,
  }));
  if (x.clock_call) delete x.clock_call.remaining_ms, delete x.clock_call.counting;
  for (const p of x.penalties || []) delete p.remaining_ms;
  delete x.players.average_stack_bb;
  return x;
}

test('hand-for-hand: the level clock stops, tables report done, DEAL advances the hand, stop resumes', async () => {
  await withClock('default.cfg', async ({ ok, refused, state }) => {
    await ok({ type: 'register', count: 30 });
    await ok({ type: 'start' });
    await refused({ type: 'hand_for_hand_next' }, 409, /not on/);
    await refused({ type: 'hand_for_hand_start', tables: [] }, 400, /table/);

    let s = await ok({ type: 'hand_for_hand_start', tables: [1, 2, 3] });
    assert.equal(s.running, false, 'the level clock is stopped');
    assert.deepEqual(s.hand_for_hand, { hand: 1, tables: 3, done: [], waiting: [], playing: [1, 2, 3], all_done: false });
    const frozen = s.remaining_ms;
    await sleep(300);
    assert.equal((await state()).remaining_ms, frozen, 'the level time stands still during hand-for-hand');
    await refused({ type: 'hand_for_hand_start', tables: 2 }, 409, /already on/);

    s = await ok({ type: 'table_done', table: 2 });
    assert.deepEqual([s.hand_for_hand.done, s.hand_for_hand.playing], [[2], [1, 3]]);
    s = await ok({ type: 'table_waiting', table: 3 });
    assert.deepEqual(s.hand_for_hand.waiting, [3]);
    // DEAL while a table still plays is refused: two phones never skip a hand.
    await refused({ type: 'hand_for_hand_next' }, 409, /hand 1 is still being played at tables 1, 3/);
    await refused({ type: 'table_done', table: 2 }, 409, /already done/);
    await refused({ type: 'table_done', table: 4 }, 400, /table 4 is not in play \(in play: 1-3\)/);
    await ok({ type: 'table_done', table: 1 });
    s = await ok({ type: 'table_done', table: 3 });
    assert.equal(s.hand_for_hand.all_done, true);
    assert.deepEqual(s.hand_for_hand.waiting, [], 'a waiting table that finished is done');

    s = await ok({ type: 'hand_for_hand_next' });
    assert.deepEqual(s.hand_for_hand, { hand: 2, tables: 3, done: [], waiting: [], playing: [1, 2, 3], all_done: false });
    assert.equal(s.remaining_ms, frozen, 'a hand costs no level time by default');
    // Table 3 breaks: the two left play on.
    s = await ok({ type: 'hand_for_hand_tables', tables: [1, 2] });
    assert.deepEqual([s.hand_for_hand.tables, s.hand_for_hand.playing], [2, [1, 2]]);

    s = await ok({ type: 'hand_for_hand_stop' });
    assert.equal(s.hand_for_hand, null);
    assert.equal(s.running, true, 'the level clock goes on');
    await sleep(300);
    assert.ok((await state()).remaining_ms < frozen - 200, 'the level time runs again');

    // A count means tables 1..N.
    s = await ok({ type: 'hand_for_hand_start', tables: 4 });
    assert.deepEqual(s.hand_for_hand.playing, [1, 2, 3, 4]);
  });
});

test('the bubble, then two players out in one hand at two tables: they share the place and its prize', async () => {
  await withClock('default.cfg', async ({ ok, refused }) => {
    await ok({ type: 'register', count: 10 });
    await ok({ type: 'start' });
    let s = await ok({ type: 'bust', count: 6 });
    const paid = s.players.paid_places;
    assert.equal(paid, 3, 'ten entries pay three places (default.cfg)');
    assert.equal(s.players.remaining, 4);
    assert.equal(s.bubble, false);
    assert.equal(s.in_the_money, false);
    const payouts = s.payouts;
    assert.equal(payouts.length, 3);

    s = await ok({ type: 'bubble_start' });
    assert.equal(s.bubble, true);
    await refused({ type: 'bubble_start' }, 409, /already on/);

    s = await ok({ type: 'bust', players: [{ table: 1, chips: 3000 }, { table: 2, chips: 9000 }] });
    const last = s.results.slice(-2);
    for (const r of last) {
      assert.equal(r.place_best, 3);
      assert.equal(r.place_worst, 4);
      // Places 3 and 4 shared: the 3rd prize (the 4th place pays nothing), halved.
      assert.equal(r.prize_each, payouts[2] / 2);
    }
    assert.deepEqual(last.map((r) => r.table).sort(), [1, 2]);
    assert.equal(s.players.remaining, 2);
    assert.equal(s.in_the_money, true);
    assert.equal(s.bubble, false, 'the bubble has burst');
    await refused({ type: 'bubble_start' }, 409, /in the money/);
    await refused({ type: 'bubble_stop' }, 409, /not on/);
  });
});

test('two players out in one hand at the same table: fewer chips finishes lower', async () => {
  await withClock('default.cfg', async ({ ok }) => {
    await ok({ type: 'register', count: 10 });
    await ok({ type: 'bust', count: 6 });
    const s = await ok({ type: 'bust', players: [{ table: 2, chips: 9000 }, { table: 2, chips: 3000 }] });
    const [a, b] = s.results.slice(-2).sort((x, y) => x.place_best - y.place_best);
    assert.deepEqual([a.place_best, a.place_worst, a.prize_each], [3, 3, s.payouts[2]]);
    assert.deepEqual([b.place_best, b.place_worst, b.prize_each], [4, 4, 0]);
  });
});

test('end of day (two-day.cfg): the window, the draw of 3-7, kept through a restart, hands counted down', async () => {
  const clock = await startClock({ args: ['--config', cfg('two-day.cfg')] });
  let again;
  try {
    let cookie = await login(clock);
    const ok = async (c, cmd) => {
      const r = await command(c, cookie, cmd);
      assert.equal(r.status, 200, `${cmd.type}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.state;
    };
    const st = (c) => getJson(c, '/api/state').then((r) => r.body);
    const levels = (await getJson(clock, '/api/structure')).body.levels;
    const last = levels.findIndex((l) => l.day_end);
    assert.ok(last > 0, 'two-day.cfg has a level that ends the day');
    await ok(clock, { type: 'register', count: 40 });
    await ok(clock, { type: 'start' });
    await ok(clock, { type: 'pause' });

    let s = await ok(clock, { type: 'goto_level', index: last - 1 });
    assert.equal(s.day_end.level_ends_day, false);
    s = await ok(clock, { type: 'set_remaining', ms: 10 * 60000 });
    assert.equal(s.day_end.window, false, 'ten minutes before the end of another level is not the window');

    s = await ok(clock, { type: 'goto_level', index: last });
    assert.equal(s.day_end.level_ends_day, true);
    const window = async (ms) => (await ok(clock, { type: 'set_remaining', ms })).day_end.window;
    assert.equal(await window(20 * 60000), false, '20 minutes before');
    assert.equal(await window(15 * 60000 + 1000), false, '15:01 before');
    assert.equal(await window(15 * 60000), true, '15:00 before');
    assert.equal(await window(10 * 60000), true, '10:00 before');
    assert.equal(await window(5 * 60000), true, '5:00 before');
    assert.equal(await window(5 * 60000 - 1000), false, '4:59 before');
    await ok(clock, { type: 'set_remaining', ms: 10 * 60000 });
    await ok(clock, { type: 'resume' });

    // The card is the clock's: a director cannot choose it.
    const forced = await command(clock, cookie, { type: 'day_end_draw', drawn: 7 });
    assert.equal(forced.status, 400);
    assert.match(forced.body.error, /the clock draws/);

    s = await ok(clock, { type: 'day_end_draw' });
    const n = s.day_end.drawn;
    assert.ok(Number.isInteger(n) && n >= 3 && n <= 7, `drawn ${n}`);
    assert.equal(s.day_end.hands_left, n);
    assert.equal(s.day_end.over, false);
    assert.equal(s.running, false, 'the clock stops for the draw');
    const seqDrawn = s.seq;
    const again1 = await command(clock, cookie, { type: 'day_end_draw' });
    assert.equal(again1.status, 409);
    assert.match(again1.body.error, new RegExp(`already drawn: ${n}`));
    assert.equal((await st(clock)).seq, seqDrawn);
    s = await ok(clock, { type: 'day_end_hand_done' });
    assert.equal(s.day_end.hands_left, n - 1);
    assert.match(clock.stderr, new RegExp(`the card drawn is ${n}`), 'the draw is logged');

    // A restart on the same state replays the card; it is never drawn again.
    await clock.stop();
    again = await startClock({ stateDir: clock.stateDir, args: ['--config', cfg('two-day.cfg')] });
    cookie = await login(again);
    s = await st(again);
    assert.equal(s.day_end.drawn, n);
    assert.equal(s.day_end.hands_left, n - 1);
    assert.doesNotMatch(again.stderr, /the card drawn is/, 'no new draw at the restart');

    const field = await command(again, cookie, { type: 'day_end_hand_done', table: 3 });
    assert.equal(field.status, 400, 'two-day.cfg counts hands for the whole field');
    for (let left = n - 2; left >= 0; left--) {
      s = await ok(again, { type: 'day_end_hand_done' });
      assert.equal(s.day_end.hands_left, left);
      assert.equal(s.day_end.over, left === 0);
    }
    const extra = await command(again, cookie, { type: 'day_end_hand_done' });
    assert.equal(extra.status, 409);
    assert.match(extra.body.error, /all hands for today have been played/);
    assert.equal((await st(again)).seq, s.seq);
    s = await ok(again, { type: 'day_end_clear' });
    assert.equal(s.day_end.drawn, null);
  } finally {
    await again?.stop();
    await clock.stop();
    clock.cleanup();
  }
});

test('calling the clock: 25 + 5 s in 15-minute levels (turbo.cfg)', async () => {
  await withClock('turbo.cfg', async ({ ok, refused }) => {
    await ok({ type: 'start' });
    const s = await ok({ type: 'clock_call', table: 4, seat: 7 });
    const c = s.clock_call;
    assert.deepEqual([c.table, c.seat, c.countdown_ms, c.counting, c.expired], [4, 7, 5000, false, false]);
    assert.ok(c.remaining_ms <= 30000 && c.remaining_ms > 29000, `remaining ${c.remaining_ms}`);
    await refused({ type: 'clock_call', table: 2, seat: 1 }, 409, /already called on table 4, seat 7/);
    assert.equal((await ok({ type: 'clock_call_cancel' })).clock_call, null);
    await refused({ type: 'clock_call_cancel' }, 409, /not called/);
  });
});

test('calling the clock: 50 + 10 s in 20-minute levels, 25 + 5 s at a 15-minute break (default.cfg)', async () => {
  await withClock('default.cfg', async ({ clock, ok, refused, state }) => {
    await ok({ type: 'start' });
    let s = await ok({ type: 'clock_call', table: 1, seat: 9 });
    assert.equal(s.clock_call.countdown_ms, 10000);
    assert.ok(s.clock_call.remaining_ms <= 60000 && s.clock_call.remaining_ms > 59000, `remaining ${s.clock_call.remaining_ms}`);
    await sleep(300);
    const later = (await state()).clock_call.remaining_ms;
    assert.ok(later < s.clock_call.remaining_ms - 200, `the call counts down: ${later}`);
    await refused({ type: 'clock_call', table: 1, seat: 9 }, 409, /already called/);
    await ok({ type: 'clock_call_cancel' });
    await refused({ type: 'clock_call', table: 0, seat: 3 }, 400, /table must be between 1 and/);
    await refused({ type: 'clock_call', table: 3, seat: 13 }, 400, /seat must be between 1 and 12/);

    // The short clock follows the level being played: a 15-minute break.
    const levels = (await getJson(clock, '/api/structure')).body.levels;
    const brk = levels.findIndex((l) => l.kind === 'break' && l.minutes <= 15);
    await ok({ type: 'goto_level', index: brk });
    s = await ok({ type: 'clock_call', table: 2, seat: 2 });
    assert.equal(s.clock_call.countdown_ms, 5000);
    assert.ok(s.clock_call.remaining_ms <= 30000 && s.clock_call.remaining_ms > 29000, `remaining ${s.clock_call.remaining_ms}`);
  });
});

test('color-up: the chip and what it becomes, gone from the chips in play when done', async () => {
  await withClock('default.cfg', async ({ clock, ok, refused }) => {
    const chips = (await getJson(clock, '/api/structure')).body.chips;
    const [low, next] = chips;
    let s = await ok({ type: 'start' });
    assert.ok(s.color_up.chips_in_use.includes(low.value));
    assert.equal(s.color_up.now, null);
    await refused({ type: 'color_up', value: 7 }, 400, /there is no 7 chip in the chip set/);
    await refused({ type: 'color_up', value: chips.at(-1).value }, 409, /largest in play/);
    await refused({ type: 'color_up_done' }, 409, /no color-up is going on/);

    s = await ok({ type: 'color_up', value: low.value });
    assert.deepEqual(s.color_up.now, { value: low.value, colour: low.colour, into: next.value });
    await refused({ type: 'color_up', value: next.value }, 409, new RegExp(`the ${low.value} chips are being colored up now`));

    s = await ok({ type: 'color_up_done' });
    assert.equal(s.color_up.now, null);
    assert.deepEqual(s.color_up.chips_in_use, chips.slice(1).map((c) => c.value));
    await refused({ type: 'color_up', value: low.value }, 409, /no longer in play/);
    // The next one goes into the chip after it.
    s = await ok({ type: 'color_up', value: next.value });
    assert.equal(s.color_up.now.into, chips[2].value);
  });
});

test('penalties: minutes count down, rounds stay, clear removes', async () => {
  await withClock('default.cfg', async ({ ok, refused, state }) => {
    let s = await ok({ type: 'penalty', table: 3, seat: 5, minutes: 10 });
    assert.equal(s.penalties.length, 1);
    const [p] = s.penalties;
    assert.deepEqual([p.table, p.seat, p.rounds], [3, 5, 0]);
    assert.ok(p.remaining_ms <= 600000 && p.remaining_ms > 599000, `remaining ${p.remaining_ms}`);
    s = await ok({ type: 'penalty', table: 1, seat: 2, rounds: 2 });
    assert.deepEqual(s.penalties.map((x) => [x.table, x.seat, x.rounds, x.remaining_ms === null]),
      [[3, 5, 0, false], [1, 2, 2, true]]);
    // A penalty runs in real time, paused clock or not.
    await sleep(300);
    assert.ok((await state()).penalties[0].remaining_ms < p.remaining_ms - 200);

    // A new penalty for the same seat replaces the running one.
    s = await ok({ type: 'penalty', table: 3, seat: 5, minutes: 20 });
    assert.equal(s.penalties.filter((x) => x.table === 3 && x.seat === 5).length, 1);
    assert.ok(s.penalties.find((x) => x.table === 3).remaining_ms > 1190000);

    await refused({ type: 'penalty', table: 4, seat: 4, minutes: 10, rounds: 1 }, 400, /either minutes .*or rounds/);
    await refused({ type: 'penalty', table: 4, seat: 4 }, 400, /either minutes .*or rounds/);
    await refused({ type: 'penalty', table: 4, seat: 0, minutes: 10 }, 400, /seat must be between 1 and 12/);

    s = await ok({ type: 'penalty_clear', table: 3, seat: 5 });
    assert.deepEqual(s.penalties.map((x) => [x.table, x.seat]), [[1, 2]]);
    await refused({ type: 'penalty_clear', table: 3, seat: 5 }, 409, /no penalty on table 3, seat 5/);
    s = await ok({ type: 'penalty_clear', table: 1, seat: 2 });
    assert.deepEqual(s.penalties, []);
  });
});

test('a refused procedure command changes nothing, whatever is going on', async () => {
  await withClock('default.cfg', async ({ ok, refused }) => {
    await ok({ type: 'register', count: 10 });
    await ok({ type: 'start' });
    await ok({ type: 'bust', count: 5 });
    await ok({ type: 'bubble_start' });
    await ok({ type: 'hand_for_hand_start', tables: 2 });
    await ok({ type: 'clock_call', table: 1, seat: 4 });
    await ok({ type: 'penalty', table: 2, seat: 3, rounds: 1 });
    await ok({ type: 'color_up', value: 25 });
    for (const [cmd, status, why] of [
      [{ type: 'hand_for_hand_next' }, 409, /still being played/],
      [{ type: 'table_done', table: 9 }, 400, /not in play/],
      [{ type: 'table_waiting' }, 400, /table is missing/],
      [{ type: 'hand_for_hand_tables', tables: 2 }, 409, /already 1, 2/],
      [{ type: 'bubble_start' }, 409, /already on/],
      [{ type: 'bust', players: [{ table: 1, chips: 0 }] }, 400, /chips/],
      [{ type: 'bust', count: 5 }, 409, /winner/],
      [{ type: 'clock_call', table: 2, seat: 2 }, 409, /already called/],
      [{ type: 'color_up', value: 100 }, 409, /being colored up/],
      [{ type: 'penalty', table: 2, seat: 3, minutes: 500 }, 400, /minutes must be between 1 and 120/],
      [{ type: 'day_end_hand_done' }, 409, /not been drawn/],
      [{ type: 'day_end_clear' }, 409, /no end-of-day draw/],
      [{ type: 'day_end_draw', tables: 0 }, 400, /tables/],
      [{ type: 'clock_call', table: 'four', seat: 1 }, 400, /table/],
    ]) await refused(cmd, status, why);
  });
});
