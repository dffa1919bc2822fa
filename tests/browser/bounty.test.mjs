// A knockout evening on a 390x844 phone against the real pokerclock: the
// panel's bust asks who knocked the player out (his table first, anyone by
// name, two for a split pot, or nobody), and the clock records it; /display
// and the kiosk show the bounty under the payouts and the knockout's strip.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { startClock, launch, until, getJson, api, OUT, logIn, openCard } from './harness.mjs';

let clock, browser, page, director;

before(async () => {
  clock = await startClock({ args: ['--config', resolve('tests/api/fixtures/knockout-fixed.cfg')] });
  director = await api(clock);
  await director.command({ type: 'register', names: ['Ada Lind', 'Bo Ek', 'Cy Dahl', 'Dee Holm', 'Eve Gran'] });
  await director.command({ type: 'start' });
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await logIn(page, clock);
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

const players = async () => Object.fromEntries((await getJson(clock, '/api/players')).players.map((p) => [p.name, p]));

/* The player found by a few letters, and Bust tapped in the list. */
async function bustFromFinder(name) {
  await openCard(page, '#seat-find');
  await page.fill('#seat-find', name.slice(0, 3));
  await page.click(`#seat-found li:has-text("${name}") button.danger`);
  await until(async () => (await page.textContent('#seat-player')).includes(`Who knocked ${name} out?`), 'the question');
}

test('the bust form asks who knocked the player out: his table first, anyone by name, or nobody', async () => {
  let p = await players();
  await bustFromFinder('Bo Ek');
  // The players at Bo's table are offered first, without a search.
  const mates = Object.values(p).filter((q) => q.table === p['Bo Ek'].table && q.name !== 'Bo Ek').map((q) => q.name).sort();
  const offered = (await page.$$eval('#seat-player .ko-mates button', (bs) => bs.map((b) => b.textContent))).sort();
  assert.deepEqual(offered, mates);
  // Bust stays off until someone is picked.
  assert.equal(await page.isDisabled('#seat-player .acts button.danger'), true);
  await page.screenshot({ path: join(OUT, 'panel-bounty-ask.png') });

  // Anyone still in, by a few letters: Ada, wherever she sits.
  await page.fill('#seat-player input[type=search]', 'lin');
  await page.click('#seat-player button.who:has-text("Ada Lind")');
  assert.equal(await page.getAttribute('#seat-player button.who:has-text("Ada Lind")', 'aria-pressed'), 'true');
  await page.click('#seat-player .acts button.danger');
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm-text'), /^Bo Ek is out \(Table \d+, Seat \d+\), knocked out by Ada Lind\?$/);
  await page.click('#confirm-yes');
  await until(async () => (await players())['Bo Ek'].status === 'out', 'Bo out');
  p = await players();
  assert.deepEqual([p['Ada Lind'].bounties, p['Bo Ek'].head], [25, 0]);

  // A split pot: Dee and Eve share Cy's head.
  await bustFromFinder('Cy Dahl');
  for (const who of ['Dee Holm', 'Eve Gran']) {
    await page.fill('#seat-player input[type=search]', who.slice(0, 3));
    await page.click(`#seat-player button.who:has-text("${who}")`);
  }
  await page.click('#seat-player .acts button.danger');
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm-text'), /knocked out by Dee Holm & Eve Gran\?$/);
  await page.click('#confirm-yes');
  await until(async () => (await players())['Cy Dahl'].status === 'out', 'Cy out');
  p = await players();
  assert.deepEqual([p['Dee Holm'].bounties, p['Eve Gran'].bounties], [13, 12]);

  // Nobody recorded: the bounty is not claimed.
  await bustFromFinder('Eve Gran');
  await page.click('#seat-player button:has-text("Nobody / not recorded")');
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm-text'), /^Eve Gran is out \(Table \d+, Seat \d+\)\?$/);
  await page.click('#confirm-yes');
  await until(async () => (await players())['Eve Gran'].status === 'out', 'Eve out');
  const sheet = await getJson(clock, '/api/results');
  assert.equal(sheet.bounty.unclaimed, 25);
  assert.equal(sheet.bounty.won, 50);
  await page.screenshot({ path: join(OUT, 'panel-bounty-done.png') });
});

test('/display and the kiosk show the bounty per head under the payouts, /display the knockout in a strip', async () => {
  // Bo comes back and goes out again, to Ada: three are left, play goes on.
  const p = await players();
  await director.command({ type: 'reenter', player: p['Bo Ek'].id });
  await director.command({ type: 'bust', player: p['Bo Ek'].id, by: [p['Ada Lind'].id] });
  const wall = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  try {
    await wall.goto(clock.base + '/display');
    const strip = await until(async () => {
      const t = await wall.textContent('#banners').catch(() => '');
      return /Ada Lind knocks out Bo Ek: €25/.test(t) && t;
    }, 'the knockout strip');
    assert.match(strip, /Bounty/);
    assert.equal((await wall.textContent('#bounty')).replace(/\s+/g, ' ').trim(), 'Bounty per head€25');
    await wall.screenshot({ path: join(OUT, 'display-bounty.png') });
    // The kiosk's payouts page says it too.
    await wall.goto(clock.base + '/kiosk');
    await until(async () => /Bounty per head€25/.test(await wall.textContent('#pay-list').catch(() => '')), 'the kiosk\'s bounty line');
  } finally {
    await wall.close();
  }
});

test('the printed result sheet has the bounties won beside the prizes, and the bounty pool', async () => {
  const sheet = await browser.newPage({ viewport: { width: 800, height: 1100 } });
  try {
    await sheet.goto(clock.base + '/results');
    const eve = await until(async () => {
      const row = await sheet.$('#r-rows tr:has-text("Eve Gran")');
      return row && (await row.$$eval('td', (tds) => tds.map((t) => t.textContent)));
    }, 'Eve\'s row');
    assert.equal(eve[6], '€12'); // her half of Cy's head
    assert.match(await sheet.textContent('#r-note'), /Bounties \(fixed, €25 a head\): €150 paid in, €75 won, €50 still on heads, €25 not claimed/);
    await sheet.screenshot({ path: join(OUT, 'results-bounty.png') });
  } finally {
    await sheet.close();
  }
});
