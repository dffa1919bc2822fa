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
