// The deal and the result sheet over real HTTP: a Friday final four make an
// ICM deal; /api/results and /api/results.csv (parsed back as RFC 4180) say
// the same to the cent, survive kill -9, and follow undo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { startClock, getJson, postJson, login, command } from './clock.mjs';
import { parseCsv } from './csv.mjs';

const FRIDAY = resolve('tests/api/fixtures/friday.cfg');
const NAMES = ['Anna Berg', 'Bo, "Lucky" Ek', 'Cy Dahl', 'Åsa Öberg', 'Eva Gran', 'Finn Holm', 'Gus Ivarsson'];

test('the CSV parser itself: quotes, commas and line breaks', () => {
  assert.deepEqual(parseCsv('a,"b,c","d ""e""",\r\n"x\r\ny",z\r\n'), [['a', 'b,c', 'd "e"', ''], ['x\r\ny', 'z']]);
  assert.throws(() => parseCsv('a"b\r\n'));
  assert.throws(() => parseCsv('"a\r\n'));
});

async function friday(clock, cookie) {
  const ok = async (cmd) => {
    const r = await command(clock, cookie, cmd);
    assert.equal(r.status, 200, `${cmd.type}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
  await ok({ type: 'register', names: NAMES });
  await ok({ type: 'start' });
  await ok({ type: 'rebuy', player: 2 });
  for (const p of [7, 6, 5]) await ok({ type: 'bust', player: p });
  return ok;
}

const sheet = async (clock) => {
  const json = await getJson(clock, '/api/results');
  assert.equal(json.status, 200);
  const r = await fetch(clock.base + '/api/results.csv');
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type'), /^text\/csv; charset=utf-8/);
  // UTF-8 with a byte-order mark, so that Excel on Windows reads "Ø" as Ø.
  const bytes = Buffer.from(await r.arrayBuffer());
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  return { json: json.body, csv: bytes.subarray(3).toString('utf8') };
};

test('an ICM deal of the final four: prizes are the amounts, the sheet and the CSV match to the cent', async () => {
  const clock = await startClock({ args: ['--config', FRIDAY] });
  try {
    const cookie = await login(clock);
    const ok = await friday(clock, cookie);
    const state = (await getJson(clock, '/api/state')).body;
    // 7 entries and a rebuy of 50: 400, paid 200/120/80.
    assert.equal(state.prize_pool, 400);
    assert.deepEqual(state.payouts, [200, 120, 80]);
    const stacks = { 1: 61000, 2: 35000, 3: 24000, 4: 40000 }; // Anna, Bo, Cy, Åsa
    const order = [1, 4, 2, 3]; // by chips
    const chop = await postJson(clock, '/api/chop', {
      method: 'icm', stacks: order.map((p) => stacks[p]), prizes: state.payouts.slice(0, 4), play_for: 0,
    }, { cookie });
    assert.equal(chop.status, 200);
    const amounts = chop.body.amounts;
    assert.equal(amounts.reduce((a, b) => a + b, 0), 400);

    // One cent off is refused and changes nothing.
    const before = await sheet(clock);
    const off = await command(clock, cookie, { type: 'deal', players: order, amounts: amounts.map((a, i) => a - (i === 0)) });
    assert.equal(off.status, 409);
    assert.match(off.body.error, /add up to 399, but 400 is left/);
    assert.deepEqual(await sheet(clock), before);

    const done = await ok({ type: 'deal', players: order, amounts });
    assert.equal(done.state.over, true);
    assert.deepEqual(done.state.deal, {
      players: 4, play_for: 0, amounts, who: order,
      places: order.map((player, i) => ({ place: i + 1, player, prize: amounts[i], adds: 0 })),
    });
    // The wall's payout list says what each place got: the amounts, not the
    // table's, the fourth place of the deal too.
    assert.deepEqual(done.state.payouts, amounts);

    const { json, csv } = await sheet(clock);
    assert.equal(json.rows.length, 7);
    assert.equal(json.total_prizes, 400);
    assert.equal(json.prize_pool, 400);
    assert.deepEqual(json.deal, { players: 4, play_for: 0 });
    order.forEach((p, i) => {
      const row = json.rows[i];
      assert.equal(row.place, i + 1);
      assert.equal(row.player, p);
      assert.equal(row.name, NAMES[p - 1]);
      assert.equal(row.prize, amounts[i]);
      assert.equal(row.deal, true);
    });
    assert.deepEqual(json.rows.slice(4).map((r) => [r.place, r.name, r.prize, r.deal]),
      [[5, 'Eva Gran', 0, false], [6, 'Finn Holm', 0, false], [7, 'Gus Ivarsson', 0, false]]);
    // Square-root points: sqrt(7 * 50^2 / spent) / (place + 1); Bo's rebuy halves what he gets.
    const bo = json.rows.find((r) => r.player === 2);
    assert.equal(bo.rebuys, 1);
    assert.ok(Math.abs(bo.points - Math.sqrt(7 * 2500 / 100) / (bo.place + 1)) < 1e-9);
    assert.ok(Math.abs(json.rows[0].points - Math.sqrt(7 * 2500 / 50) / 2) < 1e-9); // Anna: one buy-in, first

    const rows = parseCsv(csv);
    assert.deepEqual(rows[0], ['place', 'name', 'entries', 'rebuys', 'addons', 'prize', 'deal', 'points']);
    assert.equal(rows.length, 8);
    rows.slice(1).forEach((r, i) => {
      const j = json.rows[i];
      assert.deepEqual(r.slice(0, 7), [String(j.place), j.name, String(j.entries), String(j.rebuys), String(j.addons),
        String(j.prize), j.deal ? 'yes' : '']);
      assert.equal(r[7], j.points.toFixed(2));
    });
    assert.equal(rows.slice(1).reduce((s, r) => s + Number(r[5]), 0), 400);
    assert.ok(csv.includes('"Bo, ""Lucky"" Ek"'), 'a name with a comma and quotes is quoted');

    // kill -9 and back: the same sheet, byte for byte.
    await clock.kill();
    const again = await startClock({ stateDir: clock.stateDir, args: ['--config', FRIDAY] });
    try {
      assert.deepEqual((await sheet(again)).csv, csv);
      // Undo takes the deal back: four players in, three places on the sheet.
      const c2 = await login(again);
      const u = await command(again, c2, { type: 'undo' });
      assert.equal(u.status, 200);
      assert.equal(u.body.state.deal, null);
      const after = await sheet(again);
      assert.equal(after.json.rows.length, 3);
      assert.equal(after.json.deal, null);
      assert.equal(parseCsv(after.csv).length, 4);
    } finally {
      await again.stop();
    }
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('playing on for an amount: the winner gets his amount and the play-for amount', async () => {
  const clock = await startClock({ args: ['--config', FRIDAY] });
  try {
    const cookie = await login(clock);
    const ok = await friday(clock, cookie);
    // 350 dealt, 50 played for.
    const d = await ok({ type: 'deal', players: [1, 2, 3, 4], amounts: [110, 90, 80, 70], play_for: 50 });
    assert.equal(d.state.over, false);
    // While played for, a place pays its part of the play-for amount; the
    // deal says per place whose amount it is once known.
    assert.deepEqual(d.state.payouts, [50, 0, 0, 0]);
    assert.deepEqual(d.state.deal.places.map((x) => [x.place, x.player, x.prize, x.adds]),
      [[1, null, null, 50], [2, null, null, 0], [3, null, null, 0], [4, null, null, 0]]);
    const first = await ok({ type: 'bust', player: 1 });
    assert.deepEqual(first.state.deal.places[3], { place: 4, player: 1, prize: 110, adds: 0 });
    assert.deepEqual(first.state.payouts, [50, 0, 0, 110]);
    for (const p of [2, 4]) await ok({ type: 'bust', player: p });
    const end = (await getJson(clock, '/api/state')).body;
    // The winner (Cy) takes his amount and the play-for amount, in the
    // state's results as on the sheet; each place pays what its player took.
    assert.deepEqual(end.results.slice(-4).map((r) => [r.place_best, r.player, r.prize_each]),
      [[4, 1, 110], [3, 2, 90], [2, 4, 70], [1, 3, 130]]);
    assert.deepEqual(end.payouts, [130, 70, 90, 110]);
    assert.deepEqual(end.deal.places.map((x) => [x.player, x.prize]), [[3, 130], [4, 70], [2, 90], [1, 110]]);
    const { json } = await sheet(clock);
    assert.deepEqual(json.rows.slice(0, 4).map((r) => [r.place, r.player, r.prize, r.deal]),
      [[1, 3, 130, true], [2, 4, 70, true], [3, 2, 90, true], [4, 1, 110, true]]);
    assert.equal(json.total_prizes, 400);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('bad deals are refused with a reason and change nothing', async () => {
  const clock = await startClock({ args: ['--config', FRIDAY] });
  try {
    const cookie = await login(clock);
    await friday(clock, cookie);
    const seq = (await getJson(clock, '/api/state')).body.seq;
    const bad = [
      [{ type: 'deal', players: [1, 2, 3], amounts: [200, 100, 100] }, 409, /4 players with records are left/],
      [{ type: 'deal', players: [1, 2, 3, 7], amounts: [100, 100, 100, 100] }, 409, /player 7 is not left/],
      [{ type: 'deal', players: [1, 2, 3, 4], amounts: [100, 100, 100, 100, 0] }, 400, /one amount each/],
      [{ type: 'deal', players: [1, 2, 3, 4], amounts: [100, 100, 100, -100] }, 400, /amounts\[3\]/],
      [{ type: 'deal', players: [1, 2, 3, 4], amounts: [100, 100, 100, 100], stacks: [1, 2, 3, 4] }, 400, /does not take "stacks"/],
      [{ type: 'deal', amounts: [100, 100, 100, 100] }, 409, /names each of them/],
      [{ type: 'deal', players: [1, 2, 3, 4], amounts: [100, 100, 100, 100], play_for: 1 }, 409, /add up to 401/],
    ];
    for (const [cmd, status, says] of bad) {
      const r = await command(clock, cookie, cmd);
      assert.equal(r.status, status, JSON.stringify(cmd));
      assert.match(r.body.error, says);
    }
    assert.equal((await getJson(clock, '/api/state')).body.seq, seq);
    assert.equal((await postJson(clock, '/api/command', { type: 'deal', amounts: [1, 1] })).status, 401);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('fixed amounts per place: exactly those when they add up to the pool, refused otherwise', async () => {
  const clock = await startClock({ args: ['--config', FRIDAY] });
  try {
    const cookie = await login(clock);
    const ok = await friday(clock, cookie);
    const before = (await getJson(clock, '/api/state')).body;
    assert.equal(before.prize_pool, 400);
    for (const [amounts, why] of [
      [[200, 120, 79], /the amounts add up to 399, but the prize pool is 400: nothing changed/],
      [[120, 200, 80], /place 2 gets more than place 1/],
      [[200, 120, 80.5], /amounts\[2\] must be a whole number/],
    ]) {
      const bad = await command(clock, cookie, { type: 'set_payouts', amounts });
      assert.equal(bad.status, 400, JSON.stringify(bad.body));
      assert.match(bad.body.error, why);
    }
    const both = await command(clock, cookie, { type: 'set_payouts', amounts: [400], places: [100] });
    assert.match(both.body.error, /not both/);
    assert.deepEqual((await getJson(clock, '/api/state')).body.payouts, before.payouts, 'refused: nothing changed');

    let s = (await ok({ type: 'set_payouts', amounts: [210, 115, 75] })).state;
    assert.deepEqual(s.payouts, [210, 115, 75]);
    assert.deepEqual(s.payout_rule, { unit: 1, remainder: 'first', amounts: [210, 115, 75] });
    // Survives kill -9, from the journal.
    await clock.kill();
    const again = await startClock({ stateDir: clock.stateDir, args: ['--config', FRIDAY] });
    try {
      const c2 = await login(again);
      assert.deepEqual((await getJson(again, '/api/state')).body.payouts, [210, 115, 75]);
      // The busts already paid keep theirs; the places still to come pay the amounts.
      for (const p of [4, 3, 2]) assert.equal((await command(again, c2, { type: 'bust', player: p })).status, 200);
      const rows = (await getJson(again, '/api/results')).body.rows;
      assert.deepEqual(rows.filter((r) => r.prize).map((r) => [r.place, r.prize]), [[1, 210], [2, 115], [3, 75]]);
      assert.equal(rows.reduce((a, r) => a + r.prize, 0), 400);
      // Undo takes the busts back, then percentages replace the amounts.
      for (let i = 0; i < 3; i++) assert.equal((await command(again, c2, { type: 'undo' })).status, 200);
      s = (await command(again, c2, { type: 'set_payouts', places: [50, 30, 20] })).body.state;
      assert.deepEqual(s.payouts, [200, 120, 80]);
      assert.equal(s.payout_rule.amounts, undefined);
    } finally {
      await again.stop();
    }
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('payouts set from the panel: multiples of the unit, summing to the pool; the pool in lines', async () => {
  const clock = await startClock({ args: ['--config', FRIDAY] });
  try {
    const cookie = await login(clock);
    await friday(clock, cookie);
    let s = (await getJson(clock, '/api/state')).body;
    // The pool as lines the director checks against the cash box: 7 x 60, the fee back out, a rebuy.
    assert.deepEqual(s.prize_pool_lines.map((l) => [l.label, l.count, l.each, l.amount]),
      [['Buy-ins', 7, 60, 420], ['Fee', 7, -10, -70], ['Rebuys', 1, 50, 50]]);
    assert.equal(s.prize_pool_lines.reduce((a, l) => a + l.amount, 0), s.prize_pool);
    assert.deepEqual(s.prize_pool_lines.map((l) => l.kind), ['buy_ins', 'fee', 'rebuys']);
    assert.deepEqual(s.payout_rule, { unit: 1, remainder: 'first' });
    const bad = await command(clock, cookie, { type: 'set_payouts', places: [60, 30, 9.99], unit: 25 });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /99\.99%, not 100%/);
    const r = await command(clock, cookie, { type: 'set_payouts', places: [47.5, 32.5, 20], unit: 25, remainder: 'largest' });
    assert.equal(r.status, 200);
    s = r.body.state;
    // 16 units of 25 at 47.5 / 32.5 / 20 %: 7.6, 5.2, 3.2 -> 7, 5, 3 and one more to 1st.
    assert.deepEqual(s.payouts, [200, 125, 75]);
    assert.deepEqual(s.payout_rule, { unit: 25, remainder: 'largest' });
    assert.deepEqual((await getJson(clock, '/api/structure')).body.payouts.map((p) => p.places), [[47.5, 32.5, 20]]);
    // Survives kill -9.
    await clock.kill();
    const again = await startClock({ stateDir: clock.stateDir, args: ['--config', FRIDAY] });
    try {
      assert.deepEqual((await getJson(again, '/api/state')).body.payouts, [200, 125, 75]);
    } finally {
      await again.stop();
    }
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
