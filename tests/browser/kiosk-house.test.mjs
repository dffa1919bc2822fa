// The kiosk of a house with its own rules and first names only: the house
// rules are a page of the turn, numbered, all inside the screen; the seat
// list and the finder show "Anna B." and a surname finds nobody.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { startClock, launch, until, api, OUT } from './harness.mjs';

const RULES = [
  'One player to a hand: no advice, no showing cards to anyone while the hand is in play.',
  'English only at the table while a hand is in play.',
  'Cards speak, but a player must show both cards to win at showdown.',
  'Chips stay on the table in plain view; the higher chips in front.',
  'A player must be at the table when all hole cards are dealt to have a live hand.',
  'Phones off the table; no calls at the table.',
  'The floor\'s decision is final.',
];

let clock, browser, dir;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pokerclock-kiosk-house-'));
  const cfg = join(dir, 'venue.cfg');
  const seated = readFileSync(resolve('assets/structures/seated.cfg'), 'utf8');
  writeFileSync(cfg, `house_rules = [ ${RULES.map((r) => JSON.stringify(r)).join(',\n  ')} ];\n` +
    seated.replace('house = {', 'house = {\n    short_names = true;'));
  clock = await startClock({ args: ['--config', cfg] });
  browser = await launch();
  const director = await api(clock);
  await director.command({ type: 'register', names: ['Anna Maria Berg', 'Bjørn Ødegård', 'Cher'] });
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

for (const [w, h] of [[1920, 1080], [1080, 1920]]) {
  test(`the house rules are a page of their own, in order, inside the screen at ${w}x${h}`, async () => {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(clock.base + '/kiosk?page=rules');
    await page.waitForSelector('#p-rules.on');
    const items = await until(async () => {
      const r = await page.$$eval('#rule-list li', (li) => li.map((x) => x.textContent));
      return r.length === RULES.length && r;
    }, 'the rules');
    await until(async () => page.$eval('#p-structure', (x) => getComputedStyle(x).opacity === '0'), 'the fade');
    await page.screenshot({ path: join(OUT, `kiosk-rules-${w}x${h}.png`) });
    assert.deepEqual(items, RULES);
    assert.equal(await page.textContent('#h-rules'), 'House rules');
    // Nothing spills out of the page: every rule's box inside the list's.
    const out = await page.$eval('#rule-list', (list) => {
      const b = list.getBoundingClientRect();
      return [...list.children].filter((li) => {
        const r = li.getBoundingClientRect();
        return r.bottom > b.bottom + 1 || r.right > b.right + 1 || r.top < b.top - 1;
      }).length;
    });
    assert.equal(out, 0, 'rules outside the page');
    const fs = await page.$eval('#rule-list', (x) => parseFloat(getComputedStyle(x).fontSize));
    assert.ok(fs >= 18, `rules set at ${fs}px`);
    await page.close();
  });
}

test('first names only: the seat list and the finder say "Anna B.", a surname finds nobody', async () => {
  const page = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
  await page.goto(clock.base + '/kiosk?page=seats');
  await page.waitForSelector('#p-seats.on');
  const names = await until(async () => {
    const r = await page.$$eval('#seat-list .who', (li) => li.map((x) => x.textContent));
    return r.length === 3 && r;
  }, 'the seat list');
  assert.deepEqual(names, ['Anna B.', 'Bjørn Ø.', 'Cher']);
  await page.fill('#find', 'anna');
  await until(async () => /^Anna B\.Table \d+, seat \d+$/.test(await page.textContent('#found')), 'Anna found');
  await page.fill('#find', 'berg');
  await until(async () => (await page.$$('#found li.none')).length === 1 && (await page.$$('#found .who')).length === 0, 'no one by her surname');
  assert.ok(!(await page.content()).includes('Berg'), 'the surname is nowhere on the page');
  await page.close();
});
