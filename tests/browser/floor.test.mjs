// The floor's prompts on a phone (390x844): no table broken and no final
// table drawn while the room fills; a table break, a move and the final
// table asked before they happen; the button marks a move depends on
// dated, an old one asked about; a seat proposed that stays put while
// the room changes elsewhere; the bubble offered by a button; the break
// next said once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, api, getJson, until, sleep, openCard, OUT, logIn } from './harness.mjs';

const CFG = `
tables = { count = 3; seats = 9; };
tournament = {
  name = "Floor Night";
  currency = "EUR";
  buy_in = 20;
  starting_stack = 10000;
  late_registration = { until_level = 1; };
  levels = (
    { small_blind = 50; big_blind = 100; minutes = 20; },
    { break = true; minutes = 10; },
    { small_blind = 100; big_blind = 200; minutes = 20; }
  );
  payouts = ( { min_entries = 2; places = [ 50, 30, 20 ]; } );
};
`;

let clock, browser, ctx, page, director;
const errors = [];
const roster = () => getJson(clock, '/api/players');
const state = () => getJson(clock, '/api/state');
const idle = () => page.waitForFunction(() => !document.body.classList.contains('busy'));
const NAMES = ['Anna Berg', 'Bo Ek', 'Cy Dahl', 'Dan Falk', 'Eva Gran', 'Fay Holm', 'Gus Ito', 'Hal Jul', 'Ida Kro',
  'Jon Lie', 'Kai Moe', 'Liv Nes', 'Mia Ost', 'Ned Pil'];

before(async () => {
  const cfg = join(OUT, 'floor.cfg');
  writeFileSync(cfg, CFG);
  clock = await startClock({ args: ['--config', cfg] });
  director = await api(clock);
  browser = await launch();
  ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  // The phone's own clock, to let minutes pass for the button marks.
  await page.clock.install();
  await logIn(page, clock);
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

async function asked() {
  await page.waitForSelector('#confirm[open]', { timeout: 3000 });
  return { text: (await page.textContent('#confirm-text')) + ' ' + (await page.textContent('#confirm-warn')), yes: await page.textContent('#confirm-yes') };
}
async function answer(yes) {
  await page.click(yes ? '#confirm-yes' : '#confirm-no');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  await idle();
}
// Waits until the panel shows the roster the clock has now.
async function synced() {
  const v = (await state()).roster_version;
  await until(() => page.evaluate((k) => PC.current()?.roster_version >= k, v), 'the page at roster ' + v);
  await sleep(400);
}
const proposal = async () => (await page.isVisible('#seat-next')) ? (await page.textContent('#seat-next .body')).trim() : '';

test('while the room fills: no final table with nine registered, no table broken before the start', async () => {
  await director.command({ type: 'register', names: NAMES.slice(0, 9) });
  await openCard(page, '#seat-map');
  await synced();
  assert.equal((await roster()).next.action, 'final', 'nine fit the final table');
  assert.equal(await proposal(), '', 'no final table offered while registering');
  await director.command({ type: 'register', names: NAMES.slice(9) });
  await synced();
  assert.equal((await roster()).next.action, 'break', 'fourteen fit two tables');
  assert.equal(await proposal(), '', 'no table broken before the start');
  await page.screenshot({ path: join(OUT, 'floor-registering.png') });
});

test('a table break is asked first, naming how many players it moves', async () => {
  await director.command({ type: 'start' });
  await synced();
  const n = (await roster()).next;
  assert.equal(n.action, 'break');
  await until(async () => /Break table \d/.test(await proposal()), 'the break offered once the clock runs');
  await page.click('#seat-next .body button');
  const q = await asked();
  const t = (await roster()).tables.find((x) => x.number === n.table);
  assert.match(q.text, new RegExp(`Break table ${n.table}\\? Its ${t.players} players are drawn to new seats at the other tables; the table closes\\.`));
  await answer(false);
  assert.equal((await roster()).tables.find((x) => x.number === n.table).open, true, 'cancelled: nothing moved');
  await page.click('#seat-next .body button');
  await asked();
  await answer(true);
  await until(async () => !(await roster()).tables.find((x) => x.number === n.table).open, 'the table broken');
  await until(async () => (await page.locator('#seat-next .drawn').count()) === t.players, 'its players\' seats read out beside the button');
  // Nothing more to do there: the seats stay on the screen to be read out.
  await synced();
  assert.equal(await page.isVisible('#seat-next #seat-drawn'), true, 'the seats still read out');
});

test('a proposed seat stays while players go out and buttons are marked elsewhere; the button\'s age is shown', async () => {
  // Three out at one table: a player moves to it from the other.
  const r = await roster();
  const open = r.tables.filter((t) => t.open);
  const [short, full] = open;
  const at = (t) => r.players.filter((p) => p.table === t.number);
  for (const p of at(short).slice(0, 3)) await director.command({ type: 'bust', player: p.id });
  await synced();
  const n = (await roster()).next;
  assert.equal(n.action, 'balance');
  const move = n.moves[0];
  assert.equal(move.from_table, full.number);
  assert.equal(move.player, null, 'no button at the full table: the floor names the player');
  const first = await proposal();
  assert.match(first, new RegExp(`The player who is big blind next at table ${full.number} → table ${short.number}, seat ${move.to_seat}`));
  // One more out at the full table: the seat proposed at the short one stays.
  await director.command({ type: 'bust', player: at(full).at(-1).id });
  await synced();
  assert.equal((await roster()).next.moves[0].to_seat, move.to_seat, 'the same seat after a bust at the other table');
  // The button marked at the full table, on the map: the player is named, the seat the same.
  await page.click('#seat-next button:text-is("Mark the button")');
  assert.equal(await page.getAttribute('[data-seat-mode="button"]', 'aria-pressed'), 'true');
  assert.match(await page.textContent('#seat-mode-hint'), /button for the next hand to be dealt.*mark it just before a move/);
  const mark = at(full)[0];
  await page.click(`#seat-map button[aria-label^="Table ${full.number} seat ${mark.seat} "]`);
  await idle();
  await synced();
  const named = (await roster()).next.moves[0];
  assert.ok(named.player, 'the player to move named');
  assert.equal(named.to_seat, move.to_seat, 'the same seat after the button was marked');
  assert.match(await page.textContent(`#seat-map .table[data-table="${full.number}"]`), new RegExp(`Button: seat ${mark.seat}, marked just now`));
  assert.match(await proposal(), new RegExp(`Button at table ${full.number}: seat ${mark.seat}, marked just now\\.`));
  await page.screenshot({ path: join(OUT, 'floor-button-marked.png') });
});

test('a move is asked first; a button marked minutes ago is named, and the move asked "anyway"', async () => {
  await page.click('[data-seat-mode="player"]');
  const m = (await roster()).next.moves[0];
  const who = (await roster()).players.find((p) => p.id === m.player);
  await page.click('#seat-next button:text-is("Move")');
  let q = await asked();
  assert.match(q.text, new RegExp(`^Move ${who.name} from table ${m.from_table}, seat ${m.from_seat} to table ${m.to_table}, seat ${m.to_seat}\\? $`), q.text);
  assert.equal(q.yes, 'Move');
  await answer(false);
  // Five minutes later, hands have been dealt: the mark is old.
  await page.clock.fastForward('05:00');
  await until(async () => /marked 5 min ago/.test(await proposal()), 'the mark\'s age, five minutes on');
  await page.click('#seat-next button:text-is("Move")');
  q = await asked();
  assert.match(q.text, new RegExp(`The button at table ${m.from_table} was marked 5 min ago: the next hand's button may have moved since\\. Mark it again \\(Button\\) before moving, or move anyway\\.`));
  assert.equal(q.yes, 'Move anyway');
  await page.screenshot({ path: join(OUT, 'floor-old-button.png') });
  await answer(true);
  await until(async () => (await roster()).players.find((p) => p.id === who.id).table === m.to_table, 'the move made');

  // A phone that was not there when the button was marked does not know its age.
  const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await logIn(other, clock);
    await openCard(other, '#seat-map');
    await other.click('[data-seat-mode="button"]');
    await until(async () => /marked before this phone saw it/.test(await other.textContent(`#seat-map .table[data-table="${m.from_table}"]`)), 'a mark of unknown age');
  } finally {
    await other.close();
  }
});

test('the final table is offered once players are out, and asked first', async () => {
  const left = (await roster()).players.filter((p) => p.status === 'seated');
  for (const p of left.slice(9)) await director.command({ type: 'bust', player: p.id });
  await synced();
  assert.equal((await roster()).next.action, 'final');
  await until(async () => /Final table: \d+ seats are drawn again/.test(await proposal()), 'the final table offered');
  await page.click('#seat-next button:text-is("Draw the final table")');
  const q = await asked();
  assert.match(q.text, /Draw the final table now\? Every player left gets a new seat at the final table; the other tables close\./);
  await answer(true);
  await until(async () => (await roster()).tables.filter((t) => t.open).length === 1, 'one table left');
  await until(async () => (await page.locator('#seat-next .drawn').count()) >= 9, 'the nine seats read out');
  await synced();
  assert.equal(await page.isVisible('#seat-next #seat-drawn'), true, 'the seats still read out');
  assert.match(await page.textContent('#final-button-drawn'), /^Button: seat \d+, .+ with the high card/);
  const [box, cut] = await page.$eval('#final-button-drawn b', (b) => [b.getBoundingClientRect().right, document.documentElement.clientWidth]);
  assert.ok(box <= cut, `the button's line inside the screen: ${box} of ${cut}`);
});

test('the bubble is offered by a button in the state; the break next is said once', async () => {
  const left = (await roster()).players.filter((p) => p.status === 'seated');
  for (const p of left.slice(4)) await director.command({ type: 'bust', player: p.id });
  await openCard(page, '#sec-clock');
  await synced();
  // Level 1, the break next: "break in" only, not "next break" too.
  const meta = await page.textContent('#st-meta');
  assert.match(meta, /4 of 14 players · break in \d+:\d\d/);
  assert.doesNotMatch(meta, /next break/);
  // Four left, three paid: the bubble is a tap away.
  const tag = page.locator('#st-tags button:text-is("On the bubble: start it?")');
  await until(() => tag.isVisible(), 'the bubble offered');
  await tag.click();
  const q = await asked();
  assert.match(q.text, /Start the bubble\? The wall shows BUBBLE with 4 players left and 3 places paid\./);
  await answer(true);
  await until(async () => (await state()).bubble, 'the bubble on');
  await until(async () => /Bubble/.test(await page.textContent('#st-tags')), 'the state says so');
});

test('no page errors', () => {
  assert.deepEqual(errors, []);
});
