// The league table on paper: a season of two tournaments of 100 players
// each prints on one A4 page (Chromium's own print to PDF, its pages
// counted), and a director sets a season up on the page itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startClock, launch, until, getJson, api, OUT, PIN } from './harness.mjs';

let clock, browser;
const NAMES = Array.from({ length: 100 }, (_, i) => `Player with a longish name ${i + 1}`);

before(async () => {
  // The league night without tables: a hundred names wait for no seat.
  const cfg = join(OUT, 'league-100.cfg');
  writeFileSync(cfg, readFileSync(resolve('tests/api/fixtures/league.cfg'), 'utf8').replace(/^tables = .*$/m, ''));
  clock = await startClock({ args: ['--config', cfg] });
  const d = await api(clock);
  for (const order of [NAMES, [...NAMES].reverse()]) {
    await d.command({ type: 'register', names: order });
    await d.command({ type: 'start' });
    for (let p = 100; p > 1; p--) await d.command({ type: 'bust', player: p });
    await d.command({ type: 'new_tournament', confirm: true });
  }
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

test('a director sets a season up on /league; a hundred players print on one A4 page', async () => {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  // Logged in, the page offers the season's form.
  await page.goto(clock.base + '/');
  await page.fill('#pin', PIN);
  await page.click('#login-btn');
  await page.waitForSelector('#controls', { state: 'visible' });
  await page.goto(clock.base + '/league');
  await page.waitForSelector('#l-edit:not([hidden])');
  await page.fill('#e-name', 'Winter League');
  await page.fill('#e-best', '1');
  await page.check('#e-current');
  await page.click('#l-form button[type=submit]');
  await until(async () => (await page.locator('#l-rows tr').count()) === 100, 'a hundred players in the table');
  const league = await getJson(clock, '/api/league');
  assert.deepEqual(league.seasons.map((s) => [s.name, s.best]), [['Winter League', 1]]);
  assert.equal(league.current, league.seasons[0].id);
  assert.equal(await page.textContent('#l-name'), 'Winter League');
  // Players 1 and 100 each won once: best 1 of 2 counts 10 for both.
  const first = await page.locator('#l-rows tr').first().locator('td').allTextContents();
  assert.deepEqual(first.slice(0, 6), ['1', 'Player with a longish name 1', '10', '2', '1', '1st']);

  await page.emulateMedia({ media: 'print' });
  const pdf = join(OUT, 'league-100.pdf');
  await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  assert.match(execFileSync('pdfinfo', [pdf]).toString(), /^Pages:\s+1$/m);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, join(OUT, 'league-100-pdf')]);
  await page.close();
});

test('the kiosk in a browser gives the current season a page: its name, its ranked players', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(clock.base + '/kiosk?page=league');
  await page.waitForSelector('#p-league.on');
  assert.equal(await page.textContent('#h-league'), 'Winter League');
  const rows = page.locator('#league-list li');
  await until(async () => (await rows.count()) === 40, 'the top 40');
  assert.deepEqual(await rows.first().locator('span').allTextContents(), ['1. Player with a longish name 1', '10']);
  assert.deepEqual(await rows.nth(2).locator('span').allTextContents(), ['3. Player with a longish name 2', '7']);
  await page.screenshot({ path: join(OUT, 'kiosk-league.png') });
  await page.close();
});

test('the wall in a browser before the start: the current season beside the clock', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(clock.base + '/display');
  await page.waitForSelector('#league:not([hidden])');
  assert.equal(await page.textContent('#league h2'), 'Winter League');
  assert.deepEqual(await page.locator('#league p').allTextContents(), [
    '1. Player with a longish name 1   10', '1. Player with a longish name 100   10',
    '3. Player with a longish name 2   7', '3. Player with a longish name 99   7',
    '5. Player with a longish name 3   5', '5. Player with a longish name 98   5']);
  await page.screenshot({ path: join(OUT, 'display-league.png') });
  // The clock started: the wall is the clock's.
  await (await api(clock)).command({ type: 'start' });
  await page.waitForSelector('#league', { state: 'hidden' });
  await page.close();
});
