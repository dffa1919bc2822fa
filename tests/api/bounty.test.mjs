// Bounty evenings over real HTTP: knockouts by one player and split pots,
// a re-entry buying a new head, a rebuy (with a bounty or without), a
// player out with nobody recorded, undo; at the end the result sheet and
// its CSV pay prizes and bounties that add up to everything paid in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { startClock, getJson, login, command, sleep } from './clock.mjs';
import { parseCsv } from './csv.mjs';

const FIXED = resolve('tests/api/fixtures/knockout-fixed.cfg');
const PROGRESSIVE = resolve('tests/api/fixtures/knockout-progressive.cfg');

async function evening(config, names) {
  const clock = await startClock({ args: ['--config', config] });
  const cookie = await login(clock);
  const ok = async (cmd) => {
    const r = await command(clock, cookie, cmd);
    assert.equal(r.status, 200, `${JSON.stringify(cmd)}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const refused = async (cmd) => (await command(clock, cookie, cmd)).body;
  await ok({ type: 'register', names });
  await ok({ type: 'start' });
  // the players by name: { Ada: {id, head, bounties, ...}, ... }
  const players = async () => {
    const list = (await getJson(clock, '/api/players')).body.players;
    return Object.fromEntries(list.map((p) => [p.name, p]));
  };
  return { clock, ok, refused, players };
}

async function sheetOf(clock) {
  const json = (await getJson(clock, '/api/results')).body;
  const r = await fetch(clock.base + '/api/results.csv');
  const text = Buffer.from(await r.arrayBuffer()).subarray(3).toString('utf8');
  const [head, ...rows] = parseCsv(text);
  const csv = rows.map((row) => Object.fromEntries(head.map((h, i) => [h, row[i]])));
  return { json, csv };
}

const sum = (xs) => xs.reduce((a, b) => a + b, 0);

test('a fixed knockout evening: heads, a split pot, a re-entry, undo; the sheet adds up to what was paid in', async () => {
  const { clock, ok, refused, players } = await evening(FIXED, ['Ada', 'Bo', 'Cy', 'Dee', 'Eve', 'Finn']);
  try {
    let p = await players();
    const id = (name) => p[name].id;
    assert.equal(p.Ada.head, 25);
    // 6 entries of 50: 150 into the prize pool, 150 on heads
    assert.equal((await getJson(clock, '/api/state')).body.prize_pool, 150);

    // Nobody knocks himself out, nor a player already out.
    const self = await refused({ type: 'bust', player: id('Bo'), by: [id('Bo')] });
    assert.equal(self.code, 'bounty_by_self');
    await ok({ type: 'bust', player: id('Bo'), by: [id('Ada')] });
    p = await players();
    assert.deepEqual([p.Ada.bounties, p.Ada.head, p.Bo.head], [25, 25, 0]);
    const gone = await refused({ type: 'bust', player: id('Cy'), by: [id('Bo')] });
    assert.equal(gone.code, 'bounty_by_not_in');
    const state = (await getJson(clock, '/api/state')).body;
    assert.equal(state.last_actions[0], 'bust of Bo, place 6, knocked out by Ada');
    // The wall's strip and its line beside the payouts, as /display gets them.
    const strip = state.view.strips.find((x) => x.kind === 'knockout');
    assert.deepEqual(strip.title, ['Ada', ' ', { w: 'knocks_out' }, ' ', 'Bo', ': ', { money: 25 }]);
    assert.deepEqual(state.view.bounty, { title: [{ w: 'bounty_per_head' }], amount: 25 });

    // Bo re-enters: a new head of 25. Cy rebuys: no bounty in a rebuy here.
    await ok({ type: 'reenter', player: id('Bo') });
    await ok({ type: 'rebuy', player: id('Cy') });
    p = await players();
    assert.deepEqual([p.Bo.head, p.Cy.head], [25, 25]);

    // A split pot: Dee and Eve share Cy's 25, the odd unit to Dee, named first.
    await ok({ type: 'bust', player: id('Cy'), by: [id('Dee'), id('Eve')] });
    p = await players();
    assert.deepEqual([p.Dee.bounties, p.Eve.bounties], [13, 12]);
    // Undo takes the knockout back; done again.
    await ok({ type: 'undo' });
    p = await players();
    assert.deepEqual([p.Dee.bounties, p.Eve.bounties, p.Cy.head, p.Cy.status], [0, 0, 25, 'seated']);
    await ok({ type: 'bust', player: id('Cy'), by: [id('Dee'), id('Eve')] });

    // Finn out with nobody recorded: his 25 is not claimed.
    await ok({ type: 'bust', player: id('Finn') });
    await ok({ type: 'bust', player: id('Bo'), by: [id('Ada')] });
    await ok({ type: 'bust', player: id('Eve'), by: [id('Dee')] });
    await ok({ type: 'bust', player: id('Dee'), by: [id('Ada')] });
    p = await players();
    // Ada won: 3 heads of 25 and her own
    assert.deepEqual([p.Ada.place, p.Ada.bounties, p.Ada.head], [1, 100, 0]);

    const { json, csv } = await sheetOf(clock);
    // 7 entries and a rebuy of 50: 400 paid in; 175 of it bounties.
    assert.deepEqual(json.bounty, {
      amount: 25, kind: 'fixed', rebuys: false, paid_in: 175, won: 150, on_heads: 0, unclaimed: 25, dealt: 0,
    });
    assert.equal(json.total_prizes, 225);
    const won = sum(json.rows.map((r) => r.bounties));
    assert.equal(won, 150);
    assert.equal(json.total_prizes + won + json.bounty.unclaimed, 400);
    assert.deepEqual(json.rows.map((r) => [r.name, r.prize, r.bounties]),
      [['Ada', 135, 100], ['Dee', 90, 38], ['Eve', 0, 12], ['Bo', 0, 0], ['Finn', 0, 0], ['Cy', 0, 0]]);
    // The CSV says the same, row by row.
    assert.deepEqual(csv.map((r) => [r.name, Number(r.prize), Number(r.bounties)]),
      json.rows.map((r) => [r.name, r.prize, r.bounties]));
    // kill -9 and back, from the journal: the same sheet.
    await clock.kill();
    const again = await startClock({ stateDir: clock.stateDir, args: ['--config', FIXED] });
    try {
      assert.deepEqual((await sheetOf(again)).json, json);
    } finally {
      await again.stop();
    }
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('a progressive knockout: half of each head in cash, half onto the winner of it; the winner takes his own', async () => {
  const { clock, ok, players } = await evening(PROGRESSIVE, ['Ada', 'Bo', 'Cy', 'Dee', 'Eve']);
  try {
    let p = await players();
    const id = (name) => p[name].id;
    // Bo's 15: 8 in cash (the odd unit with the cash), 7 onto Ada's head.
    await ok({ type: 'bust', player: id('Bo'), by: [id('Ada')] });
    p = await players();
    assert.deepEqual([p.Ada.bounties, p.Ada.head], [8, 22]);
    // Bo re-enters with a new head; Cy's rebuy buys another 15 onto his.
    await ok({ type: 'reenter', player: id('Bo') });
    await ok({ type: 'rebuy', player: id('Cy') });
    p = await players();
    assert.deepEqual([p.Bo.head, p.Cy.head], [15, 30]);
    // Split pot of Cy's 30: 15 each, each 8 in cash and 7 onto his head.
    await ok({ type: 'bust', players: [{ player: id('Cy'), chips: 5000, by: [id('Dee'), id('Eve')] }] });
    p = await players();
    assert.deepEqual([p.Dee.bounties, p.Dee.head, p.Eve.bounties, p.Eve.head], [8, 22, 8, 22]);
    // The biggest heads are in the state, for the wall; the strip names both.
    const view = (await getJson(clock, '/api/state')).body.view;
    assert.deepEqual(view.bounty, { title: [{ w: 'biggest_bounties' }], heads: [
      { who: ['Ada'], amount: 22 }, { who: ['Dee'], amount: 22 }, { who: ['Eve'], amount: 22 }] });
    assert.deepEqual(view.strips.find((x) => x.kind === 'knockout').title,
      ['Dee', ' & ', 'Eve', ' ', { w: 'knock_out' }, ' ', 'Cy', ': ', { money: 16 }]);
    await ok({ type: 'bust', player: id('Dee'), by: [id('Ada')] }); // 22: 11 + 11
    await ok({ type: 'bust', player: id('Bo'), by: [id('Eve')] }); // 15: 8 + 7
    await ok({ type: 'bust', player: id('Eve'), by: [id('Ada')] }); // 29: 15 + 14
    p = await players();
    // Ada: 8 + 11 + 15 in cash, and her own head of 22 + 11 + 14 at the end
    assert.deepEqual([p.Ada.place, p.Ada.bounties, p.Ada.head], [1, 81, 0]);
    const { json, csv } = await sheetOf(clock);
    // 6 entries and a rebuy of 40: 280 paid in, 105 of it bounties.
    assert.equal(json.bounty.paid_in, 105);
    assert.equal(json.total_prizes, 175);
    const won = sum(json.rows.map((r) => r.bounties));
    assert.equal(won, 105);
    assert.equal(json.total_prizes + won + json.bounty.unclaimed, 280);
    assert.equal(sum(csv.map((r) => Number(r.prize) + Number(r.bounties))), 280);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('a deal of the players left: of the prize pool, each keeping his head; or with the heads dealt in', async () => {
  for (const dealtIn of [false, true]) {
    const { clock, ok, refused, players } = await evening(FIXED, ['Ada', 'Bo', 'Cy', 'Dee']);
    try {
      let p = await players();
      await ok({ type: 'bust', player: p.Bo.id, by: [p.Ada.id] });
      // 4 entries: 100 in prizes (60/40) and 100 in bounties, 75 of it on the three heads left.
      const who = [p.Ada.id, p.Cy.id, p.Dee.id];
      const deal = (amounts) => ({ type: 'deal', players: who, amounts, play_for: 0, ...(dealtIn ? { bounties: 'included' } : {}) });
      const wrong = await refused(deal(dealtIn ? [50, 30, 20] : [90, 50, 35]));
      assert.equal(wrong.code, 'deal_sum');
      await ok(deal(dealtIn ? [90, 50, 35] : [50, 30, 20]));
      p = await players();
      const { json } = await sheetOf(clock);
      assert.equal(json.deal.bounties, dealtIn ? 'included' : 'excluded');
      if (dealtIn) {
        // the amounts hold the heads; Ada's cash bounty is hers besides
        assert.deepEqual(json.rows.map((r) => [r.name, r.prize, r.bounties]), [['Ada', 90, 25], ['Cy', 50, 0], ['Dee', 35, 0], ['Bo', 0, 0]]);
        assert.equal(json.bounty.dealt, 75);
      } else {
        // each takes his own head as play ends
        assert.deepEqual(json.rows.map((r) => [r.name, r.prize, r.bounties]), [['Ada', 50, 50], ['Cy', 30, 25], ['Dee', 20, 25], ['Bo', 0, 0]]);
      }
      assert.equal(json.bounty.on_heads, 0);
      assert.equal(json.total_prizes + json.bounty.won + json.bounty.unclaimed, 200);
    } finally {
      await clock.stop();
      clock.cleanup();
    }
  }
});

test('a second screen following the clock shows the same biggest heads under its payouts', { timeout: 60000 }, async () => {
  const { clock, ok, players } = await evening(PROGRESSIVE, ['Ada', 'Bo', 'Cy']);
  const follower = await startClock({ args: ['--follow', clock.base] });
  try {
    const p = await players();
    await ok({ type: 'bust', player: p.Bo.id, by: [p.Ada.id] }); // Ada: 15 + 7
    const want = { title: [{ w: 'biggest_bounties' }], heads: [{ who: ['Ada'], amount: 22 }, { who: ['Cy'], amount: 15 }] };
    assert.deepEqual((await getJson(clock, '/api/state')).body.view.bounty, want);
    const deadline = Date.now() + 15000;
    let seen;
    while (Date.now() < deadline) {
      seen = (await getJson(follower, '/api/state')).body.view?.bounty;
      if (JSON.stringify(seen) === JSON.stringify(want)) break;
      await sleep(100);
    }
    assert.deepEqual(seen, want);
  } finally {
    await follower.stop();
    follower.cleanup();
    await clock.stop();
    clock.cleanup();
  }
});
