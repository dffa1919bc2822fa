// The kiosk's seat finder in Chromium against the real pokerclock with the
// venue's tables: hidden without names, then a player types three letters
// of a name (any case, without its accents) and reads the table and seat
// the clock drew, at the kiosk's portrait size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { startClock, launch, until, api, getJson, OUT } from './harness.mjs';

let clock, browser, page;
let rosterFetches = 0;

before(async () => {
  clock = await startClock({ args: ['--config', resolve('assets/structures/seated.cfg')] });
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/players') rosterFetches++; });
  await page.goto(clock.base + '/kiosk');
  await page.waitForSelector('body:not(.loading)');
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

test('no box before anyone has a name; three letters find a player\'s table and seat', async () => {
  assert.equal(await page.isVisible('#find'), false);
  const director = await api(clock);
  await director.command({ type: 'register', names: ['Anna Berg', 'Bjørn Ødegård', 'José Núñez', 'Annabel Lee'] });
  await page.waitForSelector('#find', { state: 'visible' });
  const roster = await getJson(clock, '/api/players');
  const byName = (n) => roster.players.find((p) => p.name === n);

  // Accents and case do not matter: "NUN" finds José Núñez, and only him.
  await page.fill('#find', 'NUN');
  const jose = byName('José Núñez');
  const rows = await until(async () => {
    const r = await page.$$eval('#found li', (li) => li.map((x) => x.textContent));
    return r.length && r;
  }, 'the results');
  assert.deepEqual(rows, [`José NúñezTable ${jose.table}, seat ${jose.seat}`]);
  assert.equal(await page.isVisible('#found'), true);

  // Anywhere in the name, several at once.
  await page.fill('#find', 'oDe');
  const bjorn = byName('Bjørn Ødegård');
  await until(async () => (await page.textContent('#found')).includes(`Table ${bjorn.table}, seat ${bjorn.seat}`), 'Bjørn');
  await page.fill('#find', 'ann');
  await until(async () => (await page.$$('#found li')).length === 2, 'both Annas');
  await page.screenshot({ path: join(OUT, 'kiosk-finder-1080x1920.png') });

  // One letter lists nothing.
  await page.fill('#find', 'a');
  await until(async () => !(await page.isVisible('#found')), 'no list for one letter');
});

test('a bust changes the roster and the finder says out with the place', async () => {
  const director = await api(clock);
  const anna = (await getJson(clock, '/api/players')).players.find((p) => p.name === 'Anna Berg');
  await director.command({ type: 'bust', table: anna.table, seat: anna.seat });
  await page.fill('#find', 'berg');
  const after1 = (await getJson(clock, '/api/players')).players.find((p) => p.name === 'Anna Berg');
  assert.equal(after1.status, 'out');
  await until(async () => (await page.textContent('#found')) === `Anna Bergout, place ${after1.place}`, 'out, place');
});

test('the roster is fetched again when it changes, not with every state', async () => {
  const director = await api(clock);
  const n = rosterFetches;
  await director.command({ type: 'start' });
  await until(async () => /Level 1/.test(await page.textContent('#k-level')) && !(await page.evaluate(() => document.body.classList.contains('paused'))), 'the start on the kiosk');
  await director.command({ type: 'pause' });
  await until(async () => page.evaluate(() => document.body.classList.contains('paused')), 'the pause on the kiosk');
  assert.equal(rosterFetches, n, 'fetched without a roster change');
  await director.command({ type: 'register', names: ['Cy Dahl'] });
  await page.fill('#find', 'dahl');
  await until(async () => /Cy Dahl/.test(await page.textContent('#found')), 'the new name');
  assert.equal(rosterFetches, n + 1);
});

test('the seats alphabetically, the break order and the results are pages of their own', async () => {
  const director = await api(clock);
  const roster = await getJson(clock, '/api/players');
  const seated = roster.players.filter((p) => p.status === 'seated');
  const p2 = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  // ?page=seats holds the page for a screen of its own.
  await p2.goto(clock.base + '/kiosk?page=seats');
  await p2.waitForSelector('#p-seats.on');
  const rows = await until(async () => {
    const r = await p2.$$eval('#seat-list li', (li) => li.map((x) => [x.querySelector('.who').textContent, x.querySelector('.where').textContent]));
    return r.length === seated.length && r;
  }, 'every seated player listed');
  const names = rows.map((r) => r[0]);
  // Alphabetical, accents aside: Annabel, Bjørn, Cy, José.
  assert.deepEqual(names, ['Annabel Lee', 'Bjørn Ødegård', 'Cy Dahl', 'José Núñez']);
  for (const [name, where] of rows) {
    const p = seated.find((x) => x.name === name);
    assert.equal(where, `Table ${p.table}, seat ${p.seat}`);
  }
  // The page it replaced has faded out.
  await until(async () => p2.$eval('#p-structure', (x) => getComputedStyle(x).opacity === '0'), 'the fade');
  await p2.screenshot({ path: join(OUT, 'kiosk-seats-1920x1080.png') });

  // The tables with players, the next to break first.
  const tables = roster.tables.filter((x) => x.open && x.players > 0).sort((a, b) => a.break_order - b.break_order);
  await p2.goto(clock.base + '/kiosk?page=tables');
  await p2.waitForSelector('#p-tables.on');
  const listed = await until(async () => {
    const r = await p2.$$eval('#break-list .who', (li) => li.map((x) => x.textContent));
    return r.length === tables.length && r;
  }, 'the break order');
  assert.deepEqual(listed, tables.map((x) => `Table ${x.number} · ${x.players} players`));

  // Results: Anna Berg's place.
  const anna = roster.players.find((p) => p.name === 'Anna Berg');
  await p2.goto(clock.base + '/kiosk?page=results');
  await p2.waitForSelector('#p-results.on');
  await until(async () => (await p2.textContent('#result-list')).includes(`${anna.place}. Anna Berg`), 'her place');
  await p2.screenshot({ path: join(OUT, 'kiosk-results-1920x1080.png') });

  // A field too long for one screen: pages of seats, numbered, all of it in them.
  await director.command({ type: 'register', names: Array.from({ length: 40 }, (_, i) => `Player ${String(i + 1).padStart(3, '0')}`) });
  await p2.goto(clock.base + '/kiosk?page=seats');
  const head = await until(async () => {
    const h = await p2.textContent('#h-seats');
    return /\(1\/\d+\)$/.test(h) && h;
  }, 'numbered pages of seats');
  const pages = Number(head.match(/\/(\d+)\)$/)[1]);
  const perPage = await p2.$$eval('#seat-list li', (li) => li.length);
  assert.ok(pages >= 2 && perPage * pages >= 44 && perPage * (pages - 1) < 44, `${perPage} a page, ${pages} pages`);
  // Every row inside the page: nothing cut at the bottom.
  const inside = await p2.$eval('#seat-list', (l) => l.scrollHeight <= l.clientHeight + 1);
  assert.ok(inside);
  await p2.screenshot({ path: join(OUT, 'kiosk-seats-pages-1920x1080.png') });
  await p2.close();
});
