// The registration area's kiosk after a deal that plays on: the payouts
// page says what the deal shared and what is still played for, as the wall
// does, and lists no place with nothing left to win ("2nd €0").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { startClock, launch, getJson, api, OUT } from './harness.mjs';

let clock, browser;

before(async () => {
  clock = await startClock({ args: ['--config', resolve('assets/structures/seated.cfg')] });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

test('the kiosk after a deal playing on for €100: the deal, the play-for, no place at €0', async () => {
  const director = await api(clock);
  await director.command({ type: 'register', names: ['Ada Aas', 'Bo Berg', 'Cy Cruz', 'Di Dahl', 'Ed Eng',
    'Flo Fisk', 'Gus Gran', 'Hal Holm', 'Ida Isak', 'Jo Juul'] });
  await director.command({ type: 'start' });
  for (const p of [10, 9, 8, 7, 6, 5]) await director.command({ type: 'bust', player: p });
  const before = await getJson(clock, '/api/state');
  const pool = before.payouts.slice(0, 4).reduce((a, b) => a + b, 0);
  await director.command({ type: 'deal', amounts: [150, 100, 100, pool - 450], play_for: 100, players: [1, 2, 3, 4] });

  const k = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await k.goto(clock.base + '/kiosk?page=1');
  await k.waitForFunction(() => document.querySelectorAll('#pay-list li').length > 0);
  const lines = await k.$$eval('#pay-list li', (l) => l.map((x) => x.textContent));
  await k.screenshot({ path: join(OUT, 'kiosk-payouts-deal-1280x720.png') });
  assert.equal(lines.length, 2, JSON.stringify(lines));
  assert.match(lines[0], new RegExp(`4-way deal.*€${pool - 100}`));
  assert.match(lines[1], /€100$/);
  assert.ok(!lines.some((l) => /€0$/.test(l)), JSON.stringify(lines));
  await k.close();
});
