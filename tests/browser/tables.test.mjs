// The panel's table map at phone size in Chromium against the real pokerclock:
// a tapped player's rebuy, players out in the same hand picked by name, a
// re-entry from the seat finder, and tables closed, opened, added and seats
// blocked from the map.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startClock, launch, until, getJson, OUT, logIn, api, openCard } from './harness.mjs';

let clock, browser, page, director;

before(async () => {
  // The venue's seated freezeout, with rebuys.
  const cfg = join(OUT, 'seated-rebuy.cfg');
  writeFileSync(cfg, readFileSync(resolve('assets/structures/seated.cfg'), 'utf8')
    .replace(/^(\s*starting_stack = \d+;)/m, '$1\n  rebuy = { price = 50; chips = 20000; until_level = 6; };'));
  clock = await startClock({ args: ['--config', cfg] });
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await logIn(page, clock);
  director = await api(clock);
  await openCard(page, '#seat-map');
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

const roster = () => getJson(clock, '/api/players');
const yes = async () => { await page.waitForSelector('#confirm[open]'); await page.click('#confirm-yes'); };

test('a tapped player rebuys; two out in the same hand are picked by name and placed by chips', async () => {
  // 12 players on six tables: two at each.
  await director.command({ type: 'register', names: Array.from({ length: 12 }, (_, i) => `Guest ${String.fromCharCode(65 + i)}`) });
  const r = await until(async () => { const x = await roster(); return x.players.length === 12 && x; }, 'the roster');
  await page.waitForSelector('#seat-map button[title="Guest A"]');
  await page.click('#seat-map button[title="Guest A"]');
  await until(async () => /Guest A — Table \d+, Seat \d+ · 1 entry, 0 rebuys/.test(await page.textContent('#seat-player')), 'her box');
  await page.click('#seat-player button:text-is("Rebuy")');
  await until(async () => (await roster()).players[0].rebuys === 1, 'the rebuy recorded');
  await until(async () => /· 1 entry, 1 rebuy$/.test(await page.textContent('#seat-player .body > div')), 'the box counts it, in the singular');

  // Same hand: the two players of table 1, by a tap each; the names are listed.
  const t1 = r.players.filter((p) => p.table === 1);
  assert.equal(t1.length, 2);
  await page.click('[data-seat-mode="hand"]');
  for (const p of t1) await page.click(`#seat-map button[title="${p.label}"]`);
  const listed = await page.textContent('#seat-hand');
  for (const p of t1) assert.ok(listed.includes(`${p.label} (1/${p.seat})`), listed);
  await page.fill(`#seat-hand input[aria-label="Chips of ${t1[0].label}"]`, '5000');
  await page.fill(`#seat-hand input[aria-label="Chips of ${t1[1].label}"]`, '800');
  await page.evaluate(() => document.querySelector('#seat-mode-hint').scrollIntoView());
  await page.screenshot({ path: join(OUT, 'panel-seats-same-hand.png') });
  await page.click('#seat-hand button:text-is("Bust these 2")');
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm'), new RegExp(`${t1[0].label}, ${t1[1].label}`));
  await page.click('#confirm-yes');
  const result = await until(async () => {
    const t = await page.textContent('#seat-result');
    return t.includes(`${t1[1].label}: place 12`) && t;
  }, 'the places');
  assert.ok(result.includes(`${t1[0].label}: place 11`), result);
});

test('a player who is out re-enters from the seat finder, the new seat read out', async () => {
  const out = (await roster()).players.find((p) => p.status === 'out');
  await openCard(page, '#seat-find');
  await page.fill('#seat-find', out.label);
  await page.click('#seat-found button:text-is("Re-enter")');
  await yes();
  const drawn = await until(async () => {
    const t = await page.textContent('#seat-drawn');
    return (await page.isVisible('#seat-drawn')) && t.includes(out.label) && t;
  }, 'the seat read out');
  const back = (await roster()).players.find((p) => p.id === out.id);
  assert.equal(back.status, 'seated');
  assert.equal(back.entries, 2);
  assert.ok(drawn.includes(`Table ${back.table}, Seat ${back.seat}`), drawn);
  await page.fill('#seat-find', '');
  await openCard(page, '#seat-map');
});

test('tables mode: block a free seat, close an empty table (confirmed), add one, open it again', async () => {
  await page.click('[data-seat-mode="tables"]');
  const r = await roster();
  // A free seat of table 2 blocked, then freed.
  const taken = new Set(r.players.filter((p) => p.table === 2).map((p) => p.seat));
  const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((s) => !taken.has(s));
  await page.click(`#seat-map button[aria-label="Table 2 seat ${free}"]`);
  await until(async () => (await roster()).tables[1].blocked.includes(free), 'the seat blocked');
  await page.waitForSelector(`#seat-map button[aria-label="Table 2 seat ${free}, blocked"]`);
  await until(async () => new RegExp(`Undo: block table 2, seat ${free}`).test(await page.textContent('#undo')), 'undo names it');

  // A table added: the form proposes the next number.
  assert.equal(await page.inputValue('#seat-add-number'), '7');
  await page.fill('#seat-add-seats', '8');
  await page.click('#seat-add-btn');
  await yes();
  const added = await until(async () => (await roster()).tables.find((t) => t.number === 7), 'table 7');
  assert.equal(added.seats, 8);

  // Closed (it is empty), after a question; shown closed, with Open.
  await page.click('#seat-map button[aria-label="Close table 7"]');
  await yes();
  await until(async () => (await roster()).tables.find((t) => t.number === 7).open === false, 'closed');
  await page.waitForSelector('#seat-map button[aria-label="Open table 7"]');

  // A table with players: the refusal says so, and nothing changes.
  const full = (await roster()).tables.find((t) => t.players > 0);
  await page.click(`#seat-map button[aria-label="Close table ${full.number}"]`);
  await yes();
  await until(async () => new RegExp(`table ${full.number} still has ${full.players} player`, 'i').test(await page.textContent(`#seat-map .table[data-table="${full.number}"] > .msg`)),
    'the refusal shown');
  assert.equal((await roster()).tables.find((t) => t.number === full.number).open, true);
  await page.screenshot({ path: join(OUT, 'panel-seats-tables.png'), fullPage: true });

  await page.click('#seat-map button[aria-label="Open table 7"]');
  await until(async () => (await roster()).tables.find((t) => t.number === 7).open, 'open again');
});
