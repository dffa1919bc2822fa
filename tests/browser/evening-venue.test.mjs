// A whole evening at a venue, run from a phone (390x844) over slow Wi-Fi
// (every command and every roster answer 800 ms late), as a new director
// runs it: seven tables of 9 with a dealer in seat 5, 58 names typed at the
// desk one by one (the next one typed while the last is on its way), a
// table added when the room is full, the clock started, rebuys, a late
// entry, a re-entry, the add-on at the break, tables broken and balanced
// as the field shrinks (the button marked where a move needs it), the
// bubble with hand-for-hand, the final table drawn, a three-handed deal
// and a winner. Every name typed is registered, once; nobody without one.
//
// It takes the pictures of the director's guide (docs/director.md): with
// UPDATE_DOCS=1 they are written to docs/pictures/ (tests/pictures.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, api, getJson, until, sleep, openCard, OUT, logIn } from './harness.mjs';
import { picture } from './pictures.mjs';

const CFG = `
tables = { count = 7; seats = 9; blocked = [ 5 ]; };
tournament = {
  name = "Thursday Deepstack";
  currency = "EUR";
  buy_in = 40;
  fee = 5;
  starting_stack = 20000;
  late_registration = { until_level = 3; };
  rebuy = { price = 20; chips = 20000; until_level = 2; };
  addon = { price = 10; chips = 20000; after_level = 2; };
  levels = (
    { small_blind = 100; big_blind = 200; minutes = 20; },
    { small_blind = 150; big_blind = 300; minutes = 20; },
    { break = true; minutes = 15; },
    { small_blind = 200; big_blind = 400; minutes = 20; },
    { small_blind = 300; big_blind = 600; ante = 600; big_blind_ante = true; minutes = 20; },
    { small_blind = 400; big_blind = 800; ante = 800; big_blind_ante = true; minutes = 20; },
    { small_blind = 600; big_blind = 1200; ante = 1200; big_blind_ante = true; minutes = 20; }
  );
  payouts = ( { min_entries = 2; places = [ 100 ]; },
              { min_entries = 20; places = [ 40, 25, 17, 11, 7 ]; },
              { min_entries = 50; places = [ 30, 19, 13, 10, 8, 6, 5, 4, 3, 2 ]; } );
};
`;
const LATENCY_MS = 800;
const FIRST = ['Anna', 'Bjørn', 'Cécile', 'Dag', 'Eva', 'Frode', 'Grete', 'Hanne', 'Ivar', 'Jens', 'Kåre', 'Liv',
  'Magnus', 'Nora', 'Ola', 'Pål', 'Randi', 'Siv', 'Tor', 'Unni', 'Vidar', 'Åse', 'Øyvind', 'Zoë', 'José', 'Dörte', 'Sindre', 'Maja', 'Ali'];
const LAST = ['Berg', 'Dahl', 'Müller', 'Ødegård', 'Nilsen', 'Østby', 'Lie'];
const NAMES = Array.from({ length: 58 }, (_, i) => `${FIRST[i % FIRST.length]} ${LAST[(i * 3 + Math.floor(i / FIRST.length)) % LAST.length]}`);

let clock, browser, page, floor;
const errors = [];
const roster = () => getJson(clock, '/api/players');
const state = () => getJson(clock, '/api/state');
const idle = () => page.waitForFunction(() => !document.body.classList.contains('busy'), null, { timeout: 15000 });
async function yes(expect) {
  await page.waitForSelector('#confirm[open]', { timeout: 5000 });
  if (expect) assert.match(await page.textContent('#confirm-text'), expect);
  await page.click('#confirm-yes');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  await idle();
}
async function synced() {
  const s = await state();
  await until(() => page.evaluate(([q, v]) => PC.current()?.seq >= q && PC.current()?.roster_version >= v, [s.seq, s.roster_version]), 'the page up to date');
  await sleep(LATENCY_MS + 400); // the roster comes 800 ms late too
}
// The map as the clock has it (a tap on a seat that is moving as the late
// roster comes in would land beside it).
async function mapSynced() {
  const n = (await seated()).length;
  await until(async () => (await page.locator('#seat-map .seat.taken').count()) === n, `the map with ${n} players`);
}
const shot = async (name) => picture(name, await page.screenshot());
const wall = async (name) => picture(name, Buffer.from(await (await fetch(clock.base + '/api/screen.png?w=640&h=360')).arrayBuffer()));
const seated = async () => (await roster()).players.filter((p) => p.status === 'seated');
// A tap; when it cannot be made, the screen as it was goes to tests/out.
async function tap(sel) {
  try { await page.click(sel, { timeout: 10000 }); } catch (e) {
    await page.screenshot({ path: join(OUT, 'evening-venue-failed.png') });
    const box = await page.evaluate(() => { const b = document.querySelector('#seat-player'); return { hidden: b.hidden, in: b.parentElement.id, text: b.textContent }; });
    throw new Error(`${e.message.split('\n')[0]}; the player's box: ${JSON.stringify(box)}`);
  }
}

before(async () => {
  const cfg = join(OUT, 'evening-venue.cfg');
  writeFileSync(cfg, CFG);
  clock = await startClock({ args: ['--config', cfg] });
  floor = await api(clock); // the floor person's phone: busts at the tables
  browser = await launch();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await logIn(page, clock);
  // The venue's Wi-Fi: every command and every roster answer 800 ms late.
  await page.route(/\/api\/(command|players)$/, async (route) => { await sleep(LATENCY_MS); await route.continue(); });
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

test('58 names typed at the desk over slow Wi-Fi, every one registered; a table added when the room is full', async () => {
  await openCard(page, '#seat-names');
  await page.fill('#seat-names', NAMES[0]);
  for (let i = 0; i < NAMES.length; i++) {
    await page.click('#seat-register'); // a tap as soon as the button takes one again
    // The next name, typed at once, while this one is on its way.
    if (i + 1 < NAMES.length) {
      await page.focus('#seat-names');
      await page.keyboard.press('End');
      await page.keyboard.type('\n' + NAMES[i + 1]);
    }
    await idle();
    if (i === 3) await shot('desk');
    const said = await page.textContent('#sec-desk > .msg');
    if (/No seat is free/.test(said)) {
      // 7 tables of 8 seats: the 57th player finds none. The names wait in
      // the box; the refusal's own button opens the form to add a table.
      assert.equal(i, 56, 'the room full at the 57th');
      assert.equal((await page.inputValue('#seat-names')).trim(), `${NAMES[56]}\n${NAMES[57]}`);
      await shot('desk-full');
      await page.click('#sec-desk > .msg button:text-is("Add a table")');
      await until(() => page.isVisible('#seat-add-btn'), 'the form to add a table');
      assert.equal(await page.inputValue('#seat-add-number'), '8');
      await page.fill('#seat-add-seats', '8');
      await page.click('#seat-add-btn');
      await yes(/Add table 8 with 8 seats\?/);
      // Added: the panel is back at the desk, the names waiting.
      await until(() => page.isVisible('#seat-register'), 'back at the desk');
      assert.equal((await page.textContent('#seat-register')).trim(), 'Register and seat 2');
      await page.click('#seat-register');
      await idle();
      break;
    }
    assert.equal(said, '', `no refusal for ${NAMES[i]}`);
    if (i + 1 < NAMES.length) assert.equal((await page.inputValue('#seat-names')).trim(), NAMES[i + 1], 'the name typed meanwhile is still there');
  }
  const r = await until(async () => { const x = await roster(); return x.players.length === 58 && x; }, '58 players');
  assert.deepEqual(r.players.map((p) => p.name), NAMES, 'every name typed, in order, once');
  assert.equal(r.players.filter((p) => !p.name).length, 0, 'nobody without a name');
  assert.equal(r.tables.length, 8);
  assert.equal(await page.inputValue('#seat-names'), '');
  await shot('players');
  await wall('wall-registration');
});

test('the clock started; rebuys, a bust from the map, a late entry and a re-entry', async () => {
  await page.click('#tabs [data-page="clock"]');
  await page.click('#go');
  await idle();
  await until(async () => (await state()).running, 'running');
  await shot('clock');
  // Three rebuys, each found by a few letters (no accents needed).
  for (const who of [NAMES[2], NAMES[22], NAMES[24]]) {
    await openCard(page, '#seat-find');
    await page.fill('#seat-find', who.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ø/g, 'o').slice(0, 6));
    await page.click(`#seat-found button.who:has-text("${who}")`);
    await page.click('#seat-player button:text-is("Rebuy")');
    await idle();
    await page.click('#seat-player button[aria-label="Close"]');
  }
  await page.fill('#seat-find', '');
  assert.equal((await state()).players.rebuys, 3);
  // A player out, tapped on the map.
  await openCard(page, '#seat-map');
  await mapSynced();
  assert.equal(await page.getAttribute('[data-seat-mode="player"]', 'aria-pressed'), 'true', 'a tap on a player, after the table was added');
  const out = (await seated())[10];
  await tap(`#seat-map button[title="${out.name}"]`);
  await page.click('#seat-player button:text-is("Bust")');
  await yes(new RegExp(`${out.name} is out`));
  await until(async () => new RegExp(`${out.name}: place 58`).test(await page.textContent('#seat-result')), 'his place');
  await shot('tables-bust');
  // A late entry at the desk, and the player out buys in again.
  await openCard(page, '#seat-names');
  await page.fill('#seat-names', 'Late Comer');
  await page.click('#seat-register');
  await idle();
  await until(async () => /Late Comer/.test(await page.textContent('#seat-drawn')), 'the late entry seated');
  await openCard(page, '#seat-find');
  await page.fill('#seat-find', out.name);
  await page.click('#seat-found button:text-is("Re-enter")');
  await yes(/re-enters \(entry 2\)/);
  await until(async () => new RegExp(`${out.name}Table \\d, Seat \\d`).test(await page.textContent('#seat-drawn')), 'his new seat read out');
  await page.fill('#seat-find', '');
  const s = await state();
  assert.equal(s.players.entries, 60);
  assert.equal(s.players.remaining, 59);
});

// Busts at the tables come from the floor's phone; the director follows
// what the Tables page proposes: a table to break, a move to make (the
// button marked first where the player is not named yet), the final table.
let moveShown = false;
async function followFloor() {
  for (let k = 0; k < 40; k++) {
    await synced();
    const n = (await roster()).next;
    if (n.action === 'none' || n.action === 'final') return n.action;
    await openCard(page, '#seat-next');
    if (n.action === 'break') {
      await page.click(`#seat-next button:text-is("Break table ${n.table}")`);
      await yes(new RegExp(`Break table ${n.table}\\?`));
      continue;
    }
    const m = n.moves[0];
    if (!m.player) {
      await page.click('#seat-next button:text-is("Mark the button")');
      await page.click(`#seat-map .table[data-table="${m.from_table}"] button.seat.taken >> nth=0`);
      await idle();
      await page.click('[data-seat-mode="player"]');
      continue;
    }
    if (!moveShown) {
      moveShown = true;
      await page.locator('#seat-next').scrollIntoViewIfNeeded();
      await shot('tables-move');
    }
    await page.click('#seat-next button:text-is("Move") >> nth=0');
    await yes(/^Move /);
  }
  throw new Error('the floor never settled');
}
async function floorBusts(until) {
  while ((await state()).players.remaining > until) {
    const left = await seated();
    await floor.command({ type: 'bust', player: left[left.length - 1].id });
    await followFloor();
  }
}

test('the add-on at the break, tables broken and balanced as the field shrinks', async () => {
  await page.click('#tabs [data-page="clock"]');
  for (let i = 0; i < 2; i++) {
    await page.click('#next-level');
    await yes();
  }
  await until(async () => (await state()).periods.addon_open, 'the add-on open');
  for (const who of NAMES.slice(0, 4)) {
    await openCard(page, '#seat-find');
    await page.fill('#seat-find', who);
    await page.click(`#seat-found button.who:has-text("${who}")`);
    await page.click('#seat-player button:text-is("Add-on")');
    await idle();
  }
  await page.fill('#seat-find', '');
  assert.equal((await state()).players.addons, 4);
  await page.click('#tabs [data-page="clock"]');
  await page.click('#next-level');
  await yes();
  await floorBusts(11);
  assert.ok(moveShown, 'a move made from the panel');
});

test('the bubble with hand-for-hand, then in the money', async () => {
  await page.click('#tabs [data-page="clock"]');
  const tag = page.locator('#st-tags button:text-is("On the bubble: start it?")');
  await until(() => tag.isVisible(), 'the bubble offered');
  await tag.click();
  await yes(/Start the bubble\?/);
  await openCard(page, '#hfh-start');
  await page.click('#hfh-start');
  await idle();
  const h = await until(async () => (await state()).hand_for_hand, 'hand-for-hand');
  for (const t of h.playing) {
    await page.click(`#hfh-grid button[data-table="${t}"]`);
    await idle();
  }
  await shot('hand-for-hand');
  await wall('wall-hand-for-hand');
  // The bubble bursts at a table: busted from the map.
  await openCard(page, '#seat-map');
  await mapSynced();
  const out = (await seated())[0];
  await tap(`#seat-map button[title="${out.name}"]`);
  await tap('#seat-player button:text-is("Bust")');
  await yes();
  await until(async () => (await state()).in_the_money, 'in the money');
  // The bubble burst: hand-for-hand ends by itself, the level clock goes on.
  await until(async () => !(await state()).hand_for_hand, 'hand-for-hand over');
  await openCard(page, '#hfh-start');
  await until(() => page.isVisible('#hfh-start'), 'the panel back to "Start hand-for-hand"');
});

test('the final table drawn, a three-handed deal, a winner; the sheet pays the pool', async () => {
  let action = 'none';
  while (action !== 'final') {
    const left = await seated();
    await floor.command({ type: 'bust', player: left[left.length - 1].id });
    action = await followFloor();
  }
  await openCard(page, '#seat-next');
  await page.click('#seat-next button:text-is("Draw the final table")');
  await yes(/Draw the final table now\?/);
  await until(async () => (await page.locator('#seat-next .drawn').count()) >= 8, 'the seats read out');
  await synced();
  assert.equal(await page.isVisible('#seat-next #seat-drawn'), true, 'the seats still there to be read out');
  await page.locator('#seat-next').scrollIntoViewIfNeeded();
  await shot('final-table');
  await wall('wall-final-table');
  while ((await state()).players.remaining > 3) {
    const left = await seated();
    await floor.command({ type: 'bust', player: left[left.length - 1].id });
  }
  // The deal: the three stacks, 100 played for.
  await openCard(page, '#sec-deal');
  const rows = page.locator('#deal-rows .deal-row');
  const three = (await seated()).map((p) => p.name);
  await until(async () => (await rows.locator('.deal-who b').allTextContents()).join() === three.join(), 'the three by name in the calculator');
  for (const [i, chips] of [[0, 610000], [1, 420000], [2, 270000]]) await rows.nth(i).locator('input').fill(String(chips));
  await page.fill('#deal-playfor', '100');
  await until(async () => !(await page.isDisabled('#deal-accept')), 'the amounts');
  await shot('deal');
  await page.click('#deal-accept');
  await yes(/Accept the deal\?/);
  await until(async () => (await state()).deal, 'the deal made');
  await openCard(page, '#po-now');
  await shot('payouts-deal');
  // Two more out on the map: a winner.
  for (let k = 0; k < 2; k++) {
    await openCard(page, '#seat-map');
    await mapSynced();
    const out = (await seated())[0];
    await tap(`#seat-map button[title="${out.name}"]`);
    await tap('#seat-player button:text-is("Bust")');
    await yes();
  }
  await until(async () => (await state()).over, 'the tournament over');
  await page.click('#tabs [data-page="clock"]');
  await sleep(500);
  await shot('over');
  await wall('wall-winner');

  const sheet = await getJson(clock, '/api/results');
  assert.equal(sheet.entrants, 59, '58 and a late entry; the re-entry counts once');
  assert.deepEqual(sheet.rows.map((x) => x.place), Array.from({ length: 59 }, (_, i) => i + 1));
  assert.equal(sheet.rows.reduce((a, x) => a + x.prize, 0), sheet.prize_pool, 'the prizes pay the pool');
  const names = new Set(sheet.rows.map((x) => x.name));
  assert.deepEqual([...NAMES, 'Late Comer'].filter((n) => !names.has(n)), [], 'every name typed on the sheet');
});

test('no page errors all evening', () => {
  assert.deepEqual(errors, []);
});
