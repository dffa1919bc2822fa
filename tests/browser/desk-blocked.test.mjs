// The desk when the only seats left are blocked ones (a dealer's seat, one
// kept for later): the refusal offers to free each with a tap, the name
// waits in the box, and the next tap seats the player there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, api, getJson, until, openCard, OUT, logIn } from './harness.mjs';

const CFG = `
tables = { count = 1; seats = 3; blocked = [ 2 ]; };
tournament = {
  name = "Small Room";
  currency = "EUR";
  buy_in = 20;
  starting_stack = 5000;
  levels = ( { small_blind = 25; big_blind = 50; minutes = 20; } );
};
`;

let clock, browser;

before(async () => {
  const cfg = join(OUT, 'desk-blocked.cfg');
  writeFileSync(cfg, CFG);
  clock = await startClock({ args: ['--config', cfg] });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

test('no seat free but a blocked one: "Free table 1, seat 2", then the name is seated there', async () => {
  const director = await api(clock);
  await director.command({ type: 'register', names: ['Ada Aas', 'Bo Berg'] });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await logIn(page, clock);
  await openCard(page, '#seat-names');
  await page.fill('#seat-names', 'Cy Dahl');
  await page.click('#seat-register');
  const msg = page.locator('#sec-desk > .msg');
  await until(async () => /No seat is free/.test(await msg.textContent()), 'the refusal');
  const free = msg.locator('button:text-is("Free table 1, seat 2")');
  assert.equal(await free.count(), 1, await msg.innerHTML());
  await page.screenshot({ path: join(OUT, 'desk-blocked-390x844.png') });
  await free.click();
  await until(async () => (await getJson(clock, '/api/players')).tables[0].blocked.length === 0, 'seat 2 freed');
  assert.equal(await page.inputValue('#seat-names'), 'Cy Dahl', 'the name waits in the box');
  await page.click('#seat-register');
  await until(async () => (await getJson(clock, '/api/players')).players.some((p) => p.name === 'Cy Dahl'), 'Cy registered');
  const cy = (await getJson(clock, '/api/players')).players.find((p) => p.name === 'Cy Dahl');
  assert.deepEqual([cy.table, cy.seat], [1, 2]);
  await page.close();
});
