// The recent moves in Chromium against the real pokerclock with the venue's
// tables: a move and a table break show on /kiosk as the "Recent moves"
// page (names, from and to seats) and on /display as strips taking turns;
// undo takes them away from both.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { startClock, launch, until, api, getJson, OUT, logIn, openCard } from './harness.mjs';

let clock, browser, kiosk, display, director;

before(async () => {
  clock = await startClock({ args: ['--config', resolve('assets/structures/seated.cfg')] });
  browser = await launch();
  kiosk = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await kiosk.goto(clock.base + '/kiosk?page=moves');
  await kiosk.waitForSelector('body:not(.loading)');
  display = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await display.goto(clock.base + '/display');
  await display.waitForSelector('body:not(.loading)');
  director = await api(clock);
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

const rows = (page) => page.$$eval('#move-list li', (li) => li.map((x) => [x.querySelector('.who').firstChild.textContent, x.querySelector('.where').textContent]));
/* The display shows one strip at a time, with a dot for each strip taking
 * turns: the move strip up now (or null), and the strips in turn as the
 * clock decided them. */
const shownMove = (page) => page.$$eval('#banners .banner.move', (b) => (b[0] ? b[0].firstChild.textContent : null));
const dots = (page) => page.$$eval('#banners .turns i', (d) => d.length);
const decided = async () => (await getJson(clock, '/api/view')).view.strips.map((x) => x.kind);

test('no moves: no page, no strip; a move and a break: listed on the kiosk and the display', async () => {
  await director.command({ type: 'register', names: ['Anna Berg', 'Bo Ek', 'Cy Dahl', 'Dan Falk', 'Eva Lund', 'Fay Moe', 'Gus Nord', 'Hal Ohm'] });
  await until(async () => (await getJson(clock, '/api/players')).players.length === 8, 'registered');
  assert.equal(await kiosk.isVisible('#p-moves'), false);
  assert.equal(await shownMove(display), null);
  assert.deepEqual((await decided()).filter((k) => k === 'move'), []);

  let roster = await getJson(clock, '/api/players');
  const anna = roster.players.find((p) => p.name === 'Anna Berg');
  const table = roster.tables.find((t) => t.number !== anna.table && t.players === 0 && t.open) ||
    roster.tables.find((t) => t.number !== anna.table && t.open);
  const taken = new Set(roster.players.filter((p) => p.table === table.number).map((p) => p.seat));
  const seat = [...Array(table.seats).keys()].map((i) => i + 1).find((s) => !taken.has(s) && !table.blocked.includes(s));
  await director.command({ type: 'move', player: anna.id, table: table.number, seat });
  const line = `Table ${anna.table}, seat ${anna.seat} → Table ${table.number}, seat ${seat}`;
  /* The wall's » (its font has no arrows), on /display too. */
  const strip = `Anna Berg: Table ${anna.table}, seat ${anna.seat} » Table ${table.number}, seat ${seat}`;
  await until(async () => JSON.stringify(await rows(kiosk)) === JSON.stringify([['Anna Berg', line]]), 'the move on the kiosk');
  assert.equal(await kiosk.isVisible('#p-moves'), true);
  assert.match(await kiosk.textContent('#h-moves'), /Recent moves/);
  assert.match(await kiosk.textContent('#move-list .ago'), /0 min ago/);
  /* Its turn comes within two turns of 8 s. */
  await until(async () => (await shownMove(display)) === strip, 'the strip on the display', 17000);
  assert.match(await display.textContent('#banners .banner.move small'), /Balancing tables/);

  // A table with players breaks: each of them a row, the newest first.
  roster = await getJson(clock, '/api/players');
  const breaking = roster.tables.filter((t) => t.open && t.players > 0 && t.number !== table.number).sort((a, b) => a.break_order - b.break_order)[0];
  await director.command({ type: 'break_table', table: breaking.number });
  roster = await getJson(clock, '/api/players');
  const n = roster.moves.length;
  assert.equal(n, 1 + breaking.players);
  await until(async () => (await rows(kiosk)).length === n, 'the break on the kiosk');
  const got = await rows(kiosk);
  assert.deepEqual(got.at(-1), ['Anna Berg', line], 'the oldest last');
  for (const [name, where] of got.slice(0, -1)) {
    const p = roster.players.find((q) => q.name === name);
    assert.ok(where.startsWith(`Table ${breaking.number}, seat `), where);
    assert.ok(where.endsWith(`→ Table ${p.table}, seat ${p.seat}`), where);
  }
  await until(async () => (await decided()).filter((k) => k === 'move').length === n, 'a strip for each move');
  // They take turns with the other strips (here the color-up's): one shows
  // at a time, a dot for each.
  await until(async () => (await dots(display)) === (await decided()).length, 'a dot for each strip');
  const visible = await display.$$eval('#banners .banner', (b) => b.map((x) => x.className + ': ' + x.textContent));
  assert.equal(visible.length, 1, JSON.stringify(visible));
  await kiosk.screenshot({ path: join(OUT, 'kiosk-moves-1280x720.png') });
  await display.screenshot({ path: join(OUT, 'display-moves-1280x720.png') });

  // The panel lists them with names too, the newest first.
  const panel = await browser.newPage({ viewport: { width: 400, height: 1400 } });
  await logIn(panel, clock);
  await openCard(panel, '#seat-moves');
  const items = await until(async () => {
    const li = await panel.$$eval('#seat-moves li', (x) => x.map((y) => y.textContent));
    return li.length === n && li;
  }, 'the moves on the panel');
  assert.match(items.at(-1), new RegExp(`^Anna Berg: table ${anna.table}, seat ${anna.seat} → table ${table.number}, seat ${seat} \\(balancing, 0 min ago\\)$`));
  assert.match(items[0], new RegExp(`table ${breaking.number}, seat \\d+ → table \\d+, seat \\d+ \\(table break`));
  assert.equal(await panel.textContent('#seat-moves-title'), `Recent moves (${n})`);
  await panel.screenshot({ path: join(OUT, 'panel-moves.png'), fullPage: true });
  await panel.close();
});

test('undo takes the moves back from the kiosk and the display', async () => {
  await director.command({ type: 'undo' });
  await director.command({ type: 'undo' });
  await until(async () => !(await kiosk.isVisible('#p-moves')), 'the page gone');
  await until(async () => (await decided()).every((k) => k !== 'move') && (await shownMove(display)) === null &&
    (await dots(display)) === 0, 'the strips gone');
});
