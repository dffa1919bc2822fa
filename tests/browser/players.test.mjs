// The panel's seats in Chromium against the real pokerclock: names pasted
// in one go and their seats read out, the seat finder, a bust from the table
// map with its place, and the table break proposed and confirmed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { startClock, launch, until, getJson, api, OUT, logIn, openCard } from './harness.mjs';

let clock, browser, page;

before(async () => {
  clock = await startClock({ args: ['--config', resolve('assets/structures/seated.cfg')] });
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 400, height: 1400 } });
  page.on('dialog', (d) => d.accept());
  await logIn(page, clock);
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

test('names pasted in one go are seated and read out; a tap on a seat, then Bust, gives the place', async () => {
  await openCard(page, '#seat-names');
  await page.fill('#seat-names', 'Anna Berg\nBo Ek\n\nCy Dahl\n');
  await page.click('#seat-register');
  const drawn = await until(async () => {
    const t = await page.textContent('#seat-drawn');
    return /Cy Dahl/.test(t) && t;
  }, 'the seats read out');
  const roster = await getJson(clock, '/api/players');
  assert.equal(roster.players.length, 3);
  for (const p of roster.players) assert.ok(drawn.includes(`${p.name}Table ${p.table}, Seat ${p.seat}`), drawn);

  // Every player has a seat: the Players card's bust by count sends the
  // director to the map instead of offering what the clock would refuse.
  await until(async () => await page.isVisible('#pl-by-seat') && !(await page.isVisible('#bust-btn')), 'the Players card pointing to the map');

  // The seat finder: a few letters.
  await page.fill('#seat-find', 'bo');
  const found = await until(async () => (await page.textContent('#seat-found')).trim(), 'the finder');
  const bo = roster.players[1];
  assert.ok(found.includes(`Bo Ek — Table ${bo.table}, Seat ${bo.seat}`), found);

  // The map: tap Anna's seat, confirm, she is out in 3rd place.
  const anna = roster.players[0];
  await openCard(page, '#seat-map');
  await page.click(`#seat-map button[title="Anna Berg"]`);
  await until(async () => /Anna Berg — Table/.test(await page.textContent('#seat-player')), 'her box');
  await page.click('#seat-player button.danger');
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-yes');
  const result = await until(async () => {
    const t = await page.textContent('#seat-result');
    return /Anna Berg: place 3/.test(t) && t;
  }, 'the place');
  assert.ok(result);
  const after1 = await getJson(clock, '/api/players');
  assert.equal(after1.players[0].status, 'out');
  assert.equal(after1.players[0].table, null);
  await until(async () => !(await page.isVisible(`#seat-map button[title="Anna Berg"]`)), 'her seat empty');
  assert.ok(anna.table);
  await page.screenshot({ path: join(OUT, 'panel-seats.png'), fullPage: true });
});

test('the final-table redraw is proposed once the clock runs, and confirmed', async () => {
  await (await api(clock)).command({ type: 'start' });
  // Two players left fit the final table (table 1, the last of the break order).
  const next = await until(async () => {
    const t = await page.textContent('#seat-next');
    return (await page.isVisible('#seat-next')) && t;
  }, 'the proposal');
  assert.match(next, /Final table: 10 seats/);
  await page.click('#seat-next button');
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm-text'), /Draw the final table now\?/);
  await page.click('#confirm-yes');
  const r = await until(async () => {
    const x = await getJson(clock, '/api/players');
    return x.tables.filter((t) => t.open).length === 1 && x;
  }, 'one table left open');
  assert.equal(r.tables[0].open, true);
  for (const p of r.players.filter((q) => q.status === 'seated')) assert.equal(p.table, 1);
  // The seats drawn are read out, and nothing more is proposed.
  await until(async () => /Bo Ek.*Table 1, Seat/.test(await page.textContent('#seat-drawn')), 'the new seats');
  // Nothing more to do; the seats stay on the screen to be read out.
  await until(async () => (await page.textContent('#seat-next .body')) === '', 'no proposal');
  assert.equal(await page.isVisible('#seat-drawn'), true);
  await page.screenshot({ path: join(OUT, 'panel-seats-final.png'), fullPage: true });
});

test('a tap marks the button; hand-for-hand starts with the tables that have players and moves it on', async () => {
  const r = await getJson(clock, '/api/players');
  const seated = r.players.filter((p) => p.status === 'seated').sort((a, b) => a.seat - b.seat);
  assert.equal(seated.length, 2);
  await page.click('[data-seat-mode="button"]');
  // The final table's high card put the button on one of them: a tap on it takes it off.
  const dealt = r.tables.find((t) => t.number === 1).button;
  assert.ok(seated.some((p) => p.seat === dealt), `the button by high card at a player's seat: ${dealt}`);
  await page.click('#seat-map .seat.button');
  await until(async () => (await getJson(clock, '/api/players')).tables.find((t) => t.number === 1).button === null,
    'the dealt button taken off');
  await page.click(`#seat-map button[aria-label="Table 1 seat ${seated[0].seat} ${seated[0].label}"]`);
  await until(async () => (await getJson(clock, '/api/players')).tables.find((t) => t.number === 1).button === seated[0].seat,
    'the button marked');
  await until(async () => page.isVisible(`#seat-map .seat.button[aria-label$="${seated[0].label}, button"]`), 'the button shown');
  // The undo button names what it takes back.
  await until(async () => new RegExp(`Undo: button at table 1, seat ${seated[0].seat}`).test(await page.textContent('body')),
    'the undo button names the button');
  await page.screenshot({ path: join(OUT, 'panel-seats-button.png'), fullPage: true });
  // A second tap on the button's seat takes the button off; a third puts it back.
  const buttonSeat = `#seat-map button[aria-label^="Table 1 seat ${seated[0].seat} ${seated[0].label}"]`;
  await page.click(buttonSeat);
  await until(async () => (await getJson(clock, '/api/players')).tables.find((t) => t.number === 1).button === null,
    'the button taken off');
  await until(async () => !(await page.isVisible('#seat-map .seat.button')), 'no button shown');
  await page.click(buttonSeat);
  await until(async () => (await getJson(clock, '/api/players')).tables.find((t) => t.number === 1).button === seated[0].seat,
    'the button marked again');

  // Hand-for-hand: the tables field holds the one table with players.
  await page.evaluate(() => { document.querySelector('#sec-hfh').open = true; });
  await until(async () => (await page.inputValue('#hfh-tables')) === '1', 'table 1 proposed');
  await page.click('#hfh-start');
  await page.waitForSelector('#hfh-grid button[data-table="1"]');
  await page.click('#hfh-grid button[data-table="1"]');
  // Heads-up, the button goes to the other player.
  const moved = await until(async () => {
    const x = await getJson(clock, '/api/players');
    const b = x.tables.find((t) => t.number === 1).button;
    return b === seated[1].seat && b;
  }, 'the button moved on');
  assert.equal(moved, seated[1].seat);
  // Undo takes back the table's report and the button with it.
  const s = await getJson(clock, '/api/state');
  assert.match(s.undo || '', /table 1 done/);
});
