// The panel as a thumb uses it, on a 390x844 phone and a small 360x640
// one: a few pages reached from the bar at the bottom, every card of the
// panel on one of them; the clock's state and the undo in sight on every
// page; and each action's answer shown beside its button, both on the
// screen at once, without scrolling to find it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, api, until, sleep, openCard, OUT, logIn } from './harness.mjs';

const CFG = `
tables = { count = 3; seats = 9; blocked = [ 5 ]; };
tournament = {
  name = "Thumb Cup";
  currency = "EUR";
  buy_in = 30;
  starting_stack = 10000;
  late_registration = { until_level = 3; };
  rebuy = { price = 30; chips = 10000; until_level = 2; };
  levels = (
    { small_blind = 50; big_blind = 100; minutes = 20; },
    { small_blind = 100; big_blind = 200; minutes = 20; },
    { break = true; minutes = 10; },
    { small_blind = 200; big_blind = 400; minutes = 20; }
  );
  payouts = ( { min_entries = 2; places = [ 50, 30, 20 ]; } );
};
`;
const SIZES = [[390, 844], [360, 640]];

async function phone(browser, [width, height]) {
  const cfg = join(OUT, 'thumb.cfg');
  writeFileSync(cfg, CFG);
  const clock = await startClock({ args: ['--config', cfg] });
  const director = await api(clock);
  await director.command({ type: 'register', names: Array.from({ length: 17 }, (_, i) => `Guest ${i + 1}`) });
  const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, hasTouch: true });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await logIn(page, clock);
  return { clock, director, page, errors, async close() { await ctx.close(); await clock.stop(); clock.cleanup(); } };
}

// The screen between the bar at the top and the one at the bottom (for
// what is in a bar, the whole screen).
const band = (page, sel) => page.$eval(sel, (n) => (n.closest('#bar, #undo-bar') ? [0, innerHeight]
  : [document.querySelector('#bar').getBoundingClientRect().bottom, document.querySelector('#undo-bar').getBoundingClientRect().top]));
async function onScreen(page, sel) {
  const [top, bottom] = await band(page, sel);
  const r = await page.locator(sel).first().boundingBox();
  return r && r.height > 0 && r.y >= top - 1 && r.y + r.height <= bottom + 1 ? r : null;
}
const idle = (page) => page.waitForFunction(() => !document.body.classList.contains('busy'));

for (const size of SIZES) {
  const name = `${size[0]}x${size[1]}`;

  test(`${name}: every card is a tap or two away, the clock's state and the undo always in sight`, async () => {
    const browser = await launch();
    const p = await phone(browser, size);
    const { page } = p;
    try {
      const pages = await page.$$eval('#controls > .page', (ps) => ps.map((x) => ({
        page: x.dataset.page, cards: [...x.querySelectorAll('.card')].filter((c) => c.id).map((c) => c.id) })));
      assert.deepEqual(pages.map((x) => x.page), ['clock', 'players', 'tables', 'money', 'more'], 'five pages');
      const all = await page.$$eval('#controls .card[id]', (cs) => cs.length);
      assert.equal(pages.reduce((n, x) => n + x.cards.length, 0), all, 'every card on a page');
      assert.ok(all >= 19, `${all} cards`);
      for (const { page: where, cards } of pages) {
        await page.click(`#tabs [data-page="${where}"]`);
        for (const id of cards) {
          if (await page.$eval('#' + id, (c) => c.hidden)) continue; // the Deal card waits for the end
          if (await page.$eval('#' + id, (c) => c.tagName === 'DETAILS' && !c.open)) await page.click(`#${id} > summary`);
          await page.locator('#' + id).scrollIntoViewIfNeeded();
          assert.ok(await page.isVisible('#' + id), `${id} on the ${where} page`);
        }
        // Wherever the page is scrolled, the clock and the undo are on the screen.
        for (const y of [0, 1e6]) {
          await page.evaluate((to) => window.scrollTo(0, to), y);
          await sleep(50);
          const clk = await page.locator('#mini-clock').boundingBox();
          const undo = await page.locator('#undo').boundingBox();
          assert.ok(clk && clk.y >= 0 && clk.y + clk.height <= size[1], `${where}: the clock's time in sight`);
          assert.ok(undo && undo.y >= 0 && undo.y + undo.height <= size[1], `${where}: the undo in sight`);
          assert.match(await page.textContent('#mini-clock'), /^\d+:\d\d$/);
        }
      }
      await page.click('#tabs [data-page="players"]');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(OUT, `thumb-players-${name}.png`) });
      assert.deepEqual(p.errors, []);
    } finally {
      await p.close();
      await browser.close();
    }
  });

  test(`${name}: each action's answer is on the screen with its button`, async () => {
    const browser = await launch();
    const p = await phone(browser, size);
    const { page, director } = p;
    // Taps a button (said yes to when asked), waits for the answer, and
    // finds both on the screen: the answer, and the button (or, when the
    // answer took its place, what was tapped).
    const shown = [];
    async function check(what, { button, answer, text, yes = false, stays = button }) {
      await idle(page);
      await page.click(button);
      if (yes) { await page.waitForSelector('#confirm[open]'); await page.click('#confirm-yes'); }
      await idle(page);
      await until(async () => text.test(await page.locator(answer).first().textContent()), `${what}: the answer`);
      const a = await onScreen(page, answer);
      const b = await onScreen(page, stays);
      assert.ok(a, `${what}: the answer (${answer}) on the screen`);
      assert.ok(b, `${what}: ${stays} on the screen with it`);
      shown.push(what);
    }
    try {
      // The clock: a time that is not one, and the next level.
      await openCard(page, '#set-time');
      await page.fill('#set-time', 'abc');
      await check('set time', { button: '#set-btn', answer: '#sec-clock > .msg', text: /minutes:seconds/ });
      await check('next level', { button: '#next-level', yes: true, answer: '#mini-level', text: /Level 2/ });

      // The desk: a seat read out, whole on one line.
      await openCard(page, '#seat-names');
      await page.fill('#seat-names', 'Magnus Carlsen-Haugen');
      await check('register', { button: '#seat-register', answer: '#seat-drawn', text: /Magnus Carlsen-Haugen/ });
      const lines = await page.$eval('#seat-drawn .drawn b', (b) => { const r = document.createRange(); r.selectNodeContents(b); return r.getClientRects().length; });
      assert.equal(lines, 1, `"${await page.textContent('#seat-drawn .drawn b')}" on one line`);
      // A name corrected from the list.
      await openCard(page, '#seat-find');
      await page.fill('#seat-find', 'magnus');
      await page.click('#seat-found button.who');
      await page.click('#seat-player button:text-is("Rename")');
      await page.fill('#seat-player input', 'Magnus Carlsen');
      await check('rename', { button: '#seat-player button:text-is("Save the name")', stays: '#seat-player .body', answer: '#seat-player > .msg', text: /is now Magnus Carlsen/ });

      // The map: a player at the last table, busted from his box under it.
      await director.command({ type: 'start' });
      await openCard(page, '#seat-map');
      const last = await page.$$eval('#seat-map .table', (ts) => ts.at(-1).dataset.table);
      await page.click(`#seat-map .table[data-table="${last}"] button.seat.taken`);
      await until(() => page.isVisible('#seat-player button:text-is("Bust")'), 'the box');
      assert.ok(await onScreen(page, '#seat-player'), 'the box under the table tapped, on the screen');
      await check('bust', { button: '#seat-player button:text-is("Bust")', yes: true, stays: '#seat-player .body', answer: '#seat-result', text: /place \d+/ });
      // Tables: a table with players does not close; the refusal is under it.
      await page.click('[data-seat-mode="tables"]');
      await check('close table', { button: '#seat-map button[aria-label="Close table 1"]', yes: true,
        answer: '#seat-map .table[data-table="1"] > .msg', text: /still has \d+ players/ });
      await page.click('[data-seat-mode="player"]');
      // Hand-for-hand.
      await openCard(page, '#hfh-start');
      await check('hand-for-hand', { button: '#hfh-start', stays: '#hfh-grid', answer: '#hfh-head', text: /Hand 1/ });
      await page.click('#hfh-stop');
      await page.click('#confirm-yes');
      await idle(page);

      // Money: shares that do not add up.
      await openCard(page, '#po-places');
      await page.fill('#po-places', '50, 30');
      await check('payouts', { button: '#po-save', answer: '#sec-payouts > .msg', text: /add up to 80 %/ });

      // More: an announcement, and a penalty the clock refuses.
      await page.click('#tabs [data-page="more"]');
      await page.click('#sec-announce > summary');
      await page.fill('#ann-text', 'Dinner at the break');
      await check('announcement', { button: '#ann-btn', answer: '#ann-now', text: /Dinner at the break/ });
      await page.click('#sec-penalty > summary');
      await page.fill('#pen-table', '2');
      await page.fill('#pen-seat', '2');
      await page.fill('#pen-amount', '500');
      await check('penalty', { button: '#pen-btn', answer: '#sec-penalty > .msg', text: /between 1 and 120/ });
      await page.screenshot({ path: join(OUT, `thumb-penalty-${name}.png`) });
      assert.equal(shown.length, 10);
      assert.deepEqual(p.errors, []);
    } finally {
      await p.close();
      await browser.close();
    }
  });
}
