// The money on a phone (390x844): the deal calculator waits for the end
// (not from the second player registered), works in the payouts' rounding
// unit, and after a deal the payouts card says who finished in each place
// and what it pays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, api, getJson, until, openCard, OUT, logIn } from './harness.mjs';

const CFG = `
tables = { count = 2; seats = 9; };
tournament = {
  name = "Money Night";
  currency = "EUR";
  buy_in = 50;
  starting_stack = 10000;
  late_registration = { until_level = 1; };
  levels = ( { small_blind = 50; big_blind = 100; minutes = 20; },
             { small_blind = 100; big_blind = 200; minutes = 20; } );
  payouts = ( { min_entries = 2; places = [ 50, 30, 20 ]; } );
};
`;
const NAMES = ['Anna Berg', 'Bo Ek', 'Cy Dahl', 'Dan Falk', 'Eva Gran', 'Fay Holm', 'Gus Ito', 'Hal Jul',
  'Ida Kro', 'Jon Lie', 'Kai Moe', 'Liv Nes'];

let clock, browser, page, director;
const errors = [];
const chops = [];
const state = () => getJson(clock, '/api/state');

before(async () => {
  const cfg = join(OUT, 'money.cfg');
  writeFileSync(cfg, CFG);
  clock = await startClock({ args: ['--config', cfg] });
  director = await api(clock);
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => { if (r.url().endsWith('/api/chop')) chops.push(JSON.parse(r.postData())); });
  await logIn(page, clock);
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});
const synced = async () => {
  const n = (await state()).seq;
  await until(() => page.evaluate((k) => PC.current()?.seq >= k, n), 'the page at seq ' + n);
};

test('no deal calculator while the room fills or a field plays on; it opens for the last table', async () => {
  await director.command({ type: 'register', names: NAMES.slice(0, 2) });
  await openCard(page, '#sec-payouts');
  await synced();
  assert.equal(await page.isVisible('#sec-deal'), false, 'not from the second player registered');
  assert.match(await page.textContent('#deal-later'), /opens once the clock runs and the players left fit one table/);
  await director.command({ type: 'register', names: NAMES.slice(2) });
  await director.command({ type: 'start' });
  await synced();
  assert.equal(await page.isVisible('#sec-deal'), false, 'not with twelve left');
  for (const id of [12, 11, 10, 9, 8, 7, 6, 5]) await director.command({ type: 'bust', player: id });
  await until(() => page.isVisible('#sec-deal'), 'the calculator with four left');
  assert.equal(await page.isVisible('#deal-later'), false);
});

test('the calculator works in the payouts\' rounding unit', async () => {
  // Four left (as the test before left them, whatever it found).
  const s = await state();
  if (s.players.entries < 12) await director.command({ type: 'register', names: NAMES.slice(s.players.entries) });
  if (!s.started) await director.command({ type: 'start' });
  for (const id of [12, 11, 10, 9, 8, 7, 6, 5]) await director.command({ type: 'bust', player: id }).catch(() => {});
  await openCard(page, '#sec-deal');
  await director.command({ type: 'set_payouts', places: [50, 30, 20], unit: 25 });
  await synced();
  const rows = page.locator('#deal-rows .deal-row');
  await until(async () => (await rows.count()) === 4, 'four players');
  const stacks = [52000, 31000, 23000, 14000];
  for (let i = 0; i < 4; i++) await rows.nth(i).locator('input').fill(String(stacks[i]));
  await page.fill('#deal-playfor', '100');
  const amounts = await until(async () => {
    const t = await rows.locator('output').allTextContents();
    return t.every((x) => x) && !(await page.isDisabled('#deal-accept')) && t.map((x) => Number(x.replace(/[^\d]/g, '')));
  }, 'the amounts');
  assert.equal(chops.at(-1).unit, 25, 'asked in the unit');
  assert.deepEqual(amounts.filter((a) => a % 25), [], `every amount a multiple of 25: ${amounts}`);
  assert.equal(amounts.reduce((a, b) => a + b, 0), 600 - 100);
  await page.screenshot({ path: join(OUT, 'money-deal.png') });
});

test('after a deal the payouts card says who finished in each place and what it pays', async () => {
  await page.click('#deal-accept');
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-yes');
  const st = await until(async () => { const s = await state(); return s.deal && s; }, 'the deal');
  assert.equal(st.deal.play_for, 100);
  await until(async () => /Deal of 4 players, playing on for €100 to the winner\./.test(await page.textContent('#po-deal')), 'the deal named');
  const places = () => page.locator('#po-now li').allTextContents();
  await until(async () => (await places()).join('|') ===
    '1. still playingown deal amount + €100|2. still playingown deal amount|3. still playingown deal amount|4. still playingown deal amount', 'every place still played for');
  // The shortest stack goes out: fourth, with the amount the deal gave him.
  const last = st.deal.who.at(-1);
  const name = NAMES[last - 1];
  await director.command({ type: 'bust', player: last });
  await until(async () => (await places())[3] === `4. ${name}€${st.deal.amounts.at(-1)}`, 'fourth place named, with its amount');
  await page.screenshot({ path: join(OUT, 'money-deal-places.png') });
});

test('no page errors', () => {
  assert.deepEqual(errors, []);
});
