// The Seats card's figures on a phone (390x844) say one as one: a venue of
// one table with one player reads "1 in, 1 entry, 1 table open", not
// "1 entries, 1 tables open"; more are counted in the plural.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, api, until, OUT, logIn, openCard } from './harness.mjs';

const CFG = `
tables = { count = 1; seats = 9; };
tournament = {
  name = "One Table";
  currency = "EUR";
  buy_in = 20;
  starting_stack = 10000;
  levels = ( { small_blind = 50; big_blind = 100; minutes = 20; } );
  payouts = ( { min_entries = 2; places = [ 100 ]; } );
};
`;

let clock, browser, page, director;

before(async () => {
  const cfg = join(OUT, 'figures.cfg');
  writeFileSync(cfg, CFG);
  clock = await startClock({ args: ['--config', cfg] });
  director = await api(clock);
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await logIn(page, clock);
  await openCard(page, '#seat-figures');
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

// The figures as the card shows them, once they are what is wanted (or
// what they were when that did not come).
async function figures(want) {
  let seen = '';
  await until(async () => (seen = await page.textContent('#seat-figures')) === want, want)
    .catch(() => assert.equal(seen, want));
}

test('one player at one table: "1 in, 1 entry, 1 table open"; two: "2 in, 2 entries"', async () => {
  await director.command({ type: 'register', name: 'Anna Berg' });
  await figures('1 in, 1 entry, 1 table open');
  await director.command({ type: 'register', name: 'Bo Ek' });
  await figures('2 in, 2 entries, 1 table open');
  await director.command({ type: 'table', table: 2, open: true, seats: 9 });
  await figures('2 in, 2 entries, 2 tables open');
  assert.ok(await page.isVisible('#seat-figures'), 'on the screen');
});
