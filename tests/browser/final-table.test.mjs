// The final table in Chromium against the real pokerclock: the panel draws
// it with the button by high card and reads out where the button went; the
// browser wall (/display) shows every seat with its player and card, the
// button marked, as the SDL wall does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { startClock, launch, until, getJson, api, OUT, logIn, openCard } from './harness.mjs';

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

test('the final table: drawn on the panel, the button by high card, the seats on /display', async () => {
  const director = await api(clock);
  const names = ['Anna Berg', 'Bo Ek', 'Cy Dahl', 'Dan Falk', 'Eva Gran', 'Fay Holm', 'Gus Ito',
    'Hal Jul', 'Ida Kro', 'Jon Lie', 'Kai Moe', 'Liv Nes'];
  await director.command({ type: 'register', names });
  await director.command({ type: 'start' });
  for (const id of [10, 11, 12]) await director.command({ type: 'bust', player: id });
  assert.equal((await getJson(clock, '/api/players')).next.action, 'final');

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await logIn(phone, clock);
  await openCard(phone, '#seat-next');
  await phone.waitForSelector('#final-button');
  assert.equal(await phone.inputValue('#final-button'), '', 'high card by default');
  await phone.click('#seat-next button.primary');
  await phone.waitForSelector('#confirm[open]');
  await phone.click('#confirm-yes');
  const said = await until(async () => (await phone.textContent('#final-button-drawn').catch(() => '')) || '', 'the button read out');
  const s = (await getJson(clock, '/api/state'));
  const ft = s.final_table;
  assert.ok(ft && ft.seats.length >= 9, JSON.stringify(ft));
  const seated = ft.seats.filter((x) => x.player);
  assert.equal(seated.length, 9);
  // The button is at the seat of the highest card, spades > hearts > diamonds > clubs.
  const order = '23456789TJQKA', suits = '♣♦♥♠';
  const value = (c) => order.indexOf(c.startsWith('10') ? 'T' : c[0]) * 4 + suits.indexOf(c.slice(-1));
  const high = seated.reduce((a, b) => (value(b.card) > value(a.card) ? b : a));
  assert.equal(ft.button, high.seat);
  assert.equal(new Set(seated.map((x) => x.card)).size, 9, 'nine different cards');
  assert.ok(said.includes(`Button: seat ${high.seat}, ${high.label} with the high card ${high.card}`), said);
  assert.equal((await getJson(clock, '/api/players')).tables.find((t) => t.number === ft.table).button, high.seat);
  await phone.screenshot({ path: join(OUT, 'panel-final-table.png'), fullPage: true });

  const wall = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await wall.goto(clock.base + '/display');
  await wall.waitForSelector('#takeover.final_table li');
  assert.equal(await wall.locator('#takeover.final_table li').count(), ft.seats.length);
  const button = await wall.textContent('#takeover.final_table li.button');
  assert.ok(button.includes(high.name) && button.includes(high.card), button);
  // Every seat inside the takeover, one line each: nothing cut, nothing over the clock.
  const box = await wall.locator('#takeover').boundingBox();
  for (const li of await wall.locator('#takeover.final_table li').all()) {
    const b = await li.boundingBox();
    assert.ok(b.y >= box.y && b.y + b.height <= box.y + box.height && b.height < box.height / 5,
      `a seat's line inside the takeover: ${JSON.stringify(b)} in ${JSON.stringify(box)}`);
  }
  await wall.screenshot({ path: join(OUT, 'display-final-table-1280x720.png') });

  // Undo takes the redraw back, and the list goes from the wall.
  await director.command({ type: 'undo' });
  await until(async () => !(await wall.isVisible('#takeover.final_table')), 'the list gone after undo');
  assert.equal((await getJson(clock, '/api/state')).final_table, null);
  await phone.close();
  await wall.close();
});
