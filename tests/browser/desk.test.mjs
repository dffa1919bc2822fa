// The registration desk on a phone (390x844) over slow venue Wi-Fi: every
// command takes 800 ms more. A name typed while the last one is on its way
// stays and is registered next; an empty box asks before a player without
// a name; a refusal for want of seats shows under the button, the last
// seat read out gone, with what to do; a player registered wrong is
// renamed or removed from the list; the search ignores accents; a closed
// rebuy is not offered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, api, getJson, until, sleep, openCard, OUT, logIn } from './harness.mjs';

// Two tables of 9, a dealer in seat 5 of each: 16 seats.
const CFG = `
tables = { count = 2; seats = 9; blocked = [ 5 ]; };
tournament = {
  name = "Desk Night";
  currency = "EUR";
  buy_in = 30;
  starting_stack = 10000;
  late_registration = { until_level = 3; };
  rebuy = { price = 30; chips = 10000; until_level = 1; };
  levels = (
    { small_blind = 50; big_blind = 100; minutes = 20; },
    { small_blind = 100; big_blind = 200; minutes = 20; },
    { small_blind = 200; big_blind = 400; minutes = 20; }
  );
  payouts = ( { min_entries = 2; places = [ 50, 30, 20 ]; } );
};
`;
const LATENCY_MS = 800;

let clock, browser, page, director;
const errors = [];
const roster = () => getJson(clock, '/api/players');
const named = async (name) => (await roster()).players.filter((p) => p.name === name);

before(async () => {
  const cfg = join(OUT, 'desk.cfg');
  writeFileSync(cfg, CFG);
  clock = await startClock({ args: ['--config', cfg] });
  director = await api(clock);
  browser = await launch();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await logIn(page, clock);
  // The venue's Wi-Fi: each command's answer comes 800 ms late.
  await page.route('**/api/command', async (route) => { await sleep(LATENCY_MS); await route.continue(); });
  await openCard(page, '#seat-names');
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

const idle = () => page.waitForFunction(() => !document.body.classList.contains('busy'));
const busy = () => page.waitForFunction(() => document.body.classList.contains('busy'));
// What a director sees between the bars: [top, bottom] of the free screen.
const band = () => page.evaluate(() => [document.querySelector('#bar').getBoundingClientRect().bottom,
  document.querySelector('#undo-bar').getBoundingClientRect().top]);
async function inView(sel, what) {
  const [top, bottom] = await band();
  const r = await page.locator(sel).boundingBox();
  assert.ok(r && r.y >= top - 1 && r.y + r.height <= bottom + 1, `${what} on the screen: ${JSON.stringify(r)} between ${top} and ${bottom}`);
  return r;
}

test('a name typed while the last one is on its way stays, and is registered next', async () => {
  await page.fill('#seat-names', 'Anna Berg');
  await page.click('#seat-register');
  await busy();
  // The director goes on at once: a new line, the next name.
  await page.focus('#seat-names');
  await page.keyboard.press('End');
  await page.keyboard.type('\nBo Ek');
  await idle();
  assert.equal(await page.inputValue('#seat-names'), 'Bo Ek', 'only the name sent left the box');
  await until(async () => (await named('Anna Berg')).length === 1, 'Anna registered');
  const anna = (await named('Anna Berg'))[0];
  assert.match(await page.textContent('#seat-drawn'), new RegExp(`Anna BergTable ${anna.table}, Seat ${anna.seat}`));

  // Sent again: Anna's seat is no longer read out while Bo's is on its way.
  await page.click('#seat-register');
  await busy();
  assert.equal(await page.isVisible('#seat-drawn'), false, 'the last read-out is gone once the next is sent');
  // This time the box is typed over while the answer is on its way.
  await page.fill('#seat-names', 'Cy Dahl');
  await idle();
  await until(async () => (await named('Bo Ek')).length === 1, 'Bo registered');
  assert.equal(await page.inputValue('#seat-names'), 'Cy Dahl');
  await page.click('#seat-register');
  await idle();
  await until(async () => (await named('Cy Dahl')).length === 1, 'Cy registered');
  assert.equal(await page.inputValue('#seat-names'), '');
  const r = await roster();
  assert.deepEqual(r.players.map((p) => p.name), ['Anna Berg', 'Bo Ek', 'Cy Dahl'], 'every name typed, once, and no player without one');
});

test('an empty box asks before registering a player without a name', async () => {
  const before = (await roster()).players.length;
  await page.click('#seat-register');
  await page.waitForSelector('#confirm[open]', { timeout: 3000 });
  assert.match(await page.textContent('#confirm-text'), /No name in the box: register one player without a name, as "Player 4"\?/);
  await page.click('#confirm-no');
  await sleep(LATENCY_MS + 300);
  assert.equal((await roster()).players.length, before, 'cancelled: nobody registered');
});

test('a pasted list of names, one a line, registers that many players', async () => {
  await page.fill('#seat-names', 'Dora Müller\n\n  Erik Ødegård  \r\nFinn Holm\n');
  assert.equal((await page.textContent('#seat-register')).trim(), 'Register and seat 3', 'the button says how many');
  await page.click('#seat-register');
  await idle();
  await until(async () => (await roster()).players.length === 6, 'three more players');
  const r = await roster();
  assert.deepEqual(r.players.slice(3).map((p) => p.name), ['Dora Müller', 'Erik Ødegård', 'Finn Holm']);
  for (const p of r.players.slice(3)) assert.ok((await page.textContent('#seat-drawn')).includes(`${p.name}Table ${p.table}, Seat ${p.seat}`));
  assert.equal(await page.inputValue('#seat-names'), '');
});

test('the search ignores case and accents', async () => {
  await openCard(page, '#seat-find');
  await page.fill('#seat-find', 'muller');
  await until(async () => /Dora Müller — Table \d, Seat \d/.test(await page.textContent('#seat-found')), '"muller" finds Dora Müller');
  await page.fill('#seat-find', 'ODEGARD');
  await until(async () => /Erik Ødegård — Table \d, Seat \d/.test(await page.textContent('#seat-found')), '"ODEGARD" finds Erik Ødegård');
  await page.fill('#seat-find', '');
});

test('a refusal for want of seats shows under the button, the last read-out gone, with what to do', async () => {
  // 6 seated, 16 seats: 8 more and Gus fill all but one.
  await director.command({ type: 'register', names: Array.from({ length: 8 }, (_, i) => `Guest ${i + 1}`) });
  await openCard(page, '#seat-names');
  await page.fill('#seat-names', 'Gus Ito');
  await page.click('#seat-register');
  await idle();
  await until(async () => /Gus Ito/.test(await page.textContent('#seat-drawn')), 'Gus read out');
  // Two names for the last seat.
  await page.fill('#seat-names', 'Hal Jul\nIda Kro');
  await page.click('#seat-register');
  await idle();
  const msg = page.locator('#sec-desk > .msg');
  await until(async () => /1 seat is free for 2 players/.test(await msg.textContent()), 'the refusal');
  assert.equal(await page.isVisible('#seat-drawn'), false, 'Gus\'s seat is no longer read out beside the refusal');
  assert.match(await msg.textContent(), /Open or add a table.*or free a blocked seat.*the names wait in the box/);
  const btn = await inView('#seat-register', 'the button');
  const said = await inView('#sec-desk > .msg', 'the refusal');
  assert.ok(said.y >= btn.y + btn.height - 1 && said.y - (btn.y + btn.height) < 40, `the refusal right under the button: ${said.y} after ${btn.y + btn.height}`);
  assert.equal(await page.inputValue('#seat-names'), 'Hal Jul\nIda Kro', 'the names wait in the box');
  await page.screenshot({ path: join(OUT, 'desk-refused-390x844.png') });

  // One tap registers the one who fits; the other stays in the box.
  await page.click('#sec-desk > .msg button:text-is("Register only Hal Jul")');
  await idle();
  await until(async () => (await named('Hal Jul')).length === 1, 'Hal registered');
  assert.equal(await page.inputValue('#seat-names'), 'Ida Kro');
  // The room is full: a table is added from the refusal's own button.
  await page.click('#seat-register');
  await idle();
  await until(async () => /No seat is free/.test(await msg.textContent()), 'no seat is free');
  await page.click('#sec-desk > .msg button:text-is("Add a table")');
  await until(() => page.isVisible('#seat-add-btn'), 'the form to add a table, on the Tables page');
  assert.equal(await page.getAttribute('[data-seat-mode="tables"]', 'aria-pressed'), 'true');
  await inView('#seat-add', 'the form');
  await page.fill('#seat-add-seats', '6');
  await page.click('#seat-add-btn');
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-yes');
  await idle();
  await until(async () => (await roster()).tables.length === 3, 'table 3');
  // Back at the desk, where the name waits.
  await until(() => page.isVisible('#seat-register'), 'back at the desk');
  assert.equal(await page.inputValue('#seat-names'), 'Ida Kro');
  await page.click('#seat-register');
  await idle();
  await until(async () => (await named('Ida Kro')).length === 1, 'Ida seated at the new table');
  assert.equal((await named('Ida Kro'))[0].table, 3);
});

test('a player registered wrong: renamed from the list, or removed, asked first', async () => {
  await openCard(page, '#seat-find');
  // Nothing typed: the last players registered, to correct a name just typed.
  await until(async () => /Last registered/.test(await page.textContent('#sec-find')), 'the last registered');
  assert.match(await page.textContent('#seat-found li:first-child'), /^Ida Kro — Table 3, Seat \d$/);
  await page.click('#seat-found li:first-child button.who');
  await page.click('#seat-player button:text-is("Rename")');
  await page.fill('#seat-player input', 'Ida Krogh');
  await page.click('#seat-player button:text-is("Save the name")');
  await idle();
  await until(async () => (await named('Ida Krogh')).length === 1, 'the new name in the roster');
  await until(async () => /Ida Krogh — Table 3/.test(await page.textContent('#seat-player')), 'the box says the new name');
  assert.match(await page.textContent('#seat-player > .msg'), /Ida Kro is now Ida Krogh\./);

  // Gus came by mistake: removed, his seat free, his entry given back.
  const pool = (await getJson(clock, '/api/state')).prize_pool;
  const gus = (await named('Gus Ito'))[0];
  await page.fill('#seat-find', 'gus');
  await page.click('#seat-found button.who:has-text("Gus Ito")');
  await page.click('#seat-player button:text-is("Remove")');
  await page.waitForSelector('#confirm[open]');
  const asked = (await page.textContent('#confirm-text')) + ' ' + (await page.textContent('#confirm-warn'));
  assert.match(asked, /Remove Gus Ito, registered by mistake\?/);
  assert.match(asked, new RegExp(`Table ${gus.table}, seat ${gus.seat} is free again, and the entry goes back out of the prize pool`));
  await page.click('#confirm-yes');
  await idle();
  await until(async () => (await named('Gus Ito'))[0].status === 'removed', 'Gus removed');
  assert.equal((await getJson(clock, '/api/state')).prize_pool, pool - 30, 'his buy-in out of the pool');
  assert.match(await page.textContent('#seat-player > .msg'), /Gus Ito is removed: the seat is free and the entry given back\./);
  await inView('#seat-player > .msg', 'the answer');
  // Nowhere on the panel any more: not found, not on the map.
  await page.fill('#seat-find', 'gus');
  await until(async () => /Nobody found/.test(await page.textContent('#sec-find')), 'not found');
  await openCard(page, '#seat-map');
  assert.equal(await page.locator('#seat-map [title="Gus Ito"]').count(), 0);
  await openCard(page, '#seat-find');
  await page.fill('#seat-find', '');
});

test('rebuys: "1 entry, 1 rebuy", a place paid in euros, and no Rebuy once they closed', async () => {
  await director.command({ type: 'start' });
  await openCard(page, '#seat-find');
  await page.fill('#seat-find', 'anna');
  await page.click('#seat-found button.who:has-text("Anna Berg")');
  await page.click('#seat-player button:text-is("Rebuy")');
  await idle();
  await until(async () => /· 1 entry, 1 rebuy$/.test(await page.textContent('#seat-player .body > div')), 'one rebuy, in the singular');
  // Every player has a name: rebuys and add-ons by count are not offered.
  await openCard(page, '#sec-players');
  assert.equal(await page.isVisible('#rebuy'), false, 'no Rebuy +1 by count');
  assert.equal(await page.isVisible('#unregister'), false, 'no Unregister −1 by count');
  assert.equal(await page.isVisible('#pl-by-seat'), true);

  // Level 2: rebuys closed; the box says so instead of offering one.
  await director.command({ type: 'next_level' });
  await openCard(page, '#seat-find');
  await until(async () => !(await page.isVisible('#seat-player button:text-is("Rebuy")')), 'no Rebuy after level 1');
  assert.match(await page.textContent('#seat-player'), /Rebuys closed after level 1\./);

  // Down to three: the next one out is paid, in euros.
  const r = await roster();
  const others = r.players.filter((p) => p.status === 'seated' && p.name !== 'Anna Berg');
  for (const p of others.slice(0, others.length - 2)) await director.command({ type: 'bust', player: p.id });
  await page.click('#seat-player button:text-is("Bust")');
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-yes');
  await idle();
  const result = await until(async () => (await page.textContent('#seat-result')).trim(), 'the place read out');
  assert.match(result, /^Anna Berg: place 3 \(€\d+\)$/);
  await inView('#seat-result', 'the place');
});

test('no page errors', () => {
  assert.deepEqual(errors, []);
});
