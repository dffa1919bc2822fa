// Closing a Friday tournament on a phone: the final four make an ICM deal in
// the panel's calculator, the wall shows the winner, and /results prints on
// one A4 page (rendered to PDF by Chromium) with the same amounts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startClock, launch, until, getJson, api, OUT, PIN, logIn, openCard } from './harness.mjs';

let clock, browser, page, director;
const NAMES = ['Anna Berg', 'Bo, "Lucky" Ek', 'Cy Dahl', 'Åsa Öberg', 'Eva Gran', 'Finn Holm', 'Gus Ivarsson'];

before(async () => {
  clock = await startClock({ args: ['--config', resolve('tests/api/fixtures/friday.cfg')] });
  director = await api(clock);
  await director.command({ type: 'register', names: NAMES });
  await director.command({ type: 'start' });
  await director.command({ type: 'rebuy', player: 2 });
  for (const p of [7, 6, 5]) await director.command({ type: 'bust', player: p });
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await logIn(page, clock);
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

test('the final four: stacks typed, ICM amounts as typed, the deal accepted and on the sheet', async () => {
  await page.waitForSelector('#sec-deal:not([hidden])', { state: 'attached' });
  await openCard(page, '#sec-deal');
  await page.locator('#sec-deal').scrollIntoViewIfNeeded();
  const rows = page.locator('#deal-rows .deal-row');
  await until(async () => (await rows.count()) === 4, 'four players in the calculator');
  const labels = await rows.locator('.deal-who b').allTextContents();
  assert.deepEqual(labels, NAMES.slice(0, 4));
  // Seats from the roster beside the names.
  assert.match(await rows.nth(0).locator('small').textContent(), /^T\d+ S\d+$/);
  const stacks = [61000, 35000, 24000, 40000];
  for (let i = 0; i < 4; i++) await rows.nth(i).locator('input').fill(String(stacks[i]));
  const chop = async (method) => (await fetch(clock.base + '/api/chop', {
    method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: await cookieOf(page) },
    body: JSON.stringify({ method, stacks, prizes: [200, 120, 80] }),
  })).json();
  const want = await chop('icm'), chips = await chop('chip');
  assert.notDeepEqual(want.amounts, chips.amounts);
  const shown = await until(async () => {
    const t = await rows.locator('output').allTextContents();
    return t.every((x) => x) && t;
  }, 'the amounts');
  assert.deepEqual(shown, want.amounts.map((a) => `€${a}`));
  // Chip chop gives other amounts; back to ICM.
  await page.click('#deal-method label:has-text("Chip chop")');
  await until(async () => (await rows.locator('output').allTextContents()).join() === chips.amounts.map((a) => `€${a}`).join(), 'the chip chop');
  await page.click('#deal-method label:has-text("ICM")');
  await until(async () => (await rows.locator('output').allTextContents()).join() === shown.join(), 'ICM again');
  await page.screenshot({ path: join(OUT, 'panel-deal.png') });
  // Money is whole: a play-for of 12.50 or a stack of 1.5 chips is asked
  // again, not rounded down behind the director's back.
  const msg = page.locator('#sec-deal .msg');
  await page.fill('#deal-playfor', '12.50');
  await until(async () => /whole amount: 12\.50/.test(await msg.textContent()), 'the play-for refused');
  assert.ok(await page.isDisabled('#deal-accept'));
  await page.fill('#deal-playfor', '0');
  await rows.nth(2).locator('input').fill('24000.5');
  await until(async () => /whole chips/.test(await msg.textContent()), 'the stack refused');
  assert.ok(await page.isDisabled('#deal-accept'));
  await rows.nth(2).locator('input').fill(String(stacks[2]));
  await until(async () => (await rows.locator('output').allTextContents()).join() === shown.join(), 'ICM after the corrections');

  await page.click('#deal-accept');
  await page.waitForSelector('#confirm[open]');
  const asked = await page.textContent('#confirm-text');
  assert.match(asked, /1\. Anna Berg: €\d+ · 2\. Åsa Öberg/);
  await page.screenshot({ path: join(OUT, 'panel-deal-confirm.png') });
  await page.click('#confirm-yes');
  await until(async () => (await getJson(clock, '/api/state')).over, 'the tournament over');
  const state = await getJson(clock, '/api/state');
  const order = [0, 3, 1, 2]; // by chips: Anna, Åsa, Bo, Cy
  assert.deepEqual(state.deal.who, order.map((i) => i + 1));
  assert.deepEqual(state.deal.amounts, order.map((i) => want.amounts[i]));
  await until(async () => !(await page.isVisible('#sec-deal')), 'the calculator gone after the deal');

  // The wall names the winner.
  const wall = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await wall.goto(clock.base + '/display');
  await until(async () => /Anna Berg/.test(await wall.textContent('body')), 'the winner on the wall');
  await wall.screenshot({ path: join(OUT, 'display-after-deal.png') });
  await wall.close();

  // The sheet: the page, printed to PDF, with the same amounts as the CSV.
  const sheet = await browser.newPage();
  await sheet.goto(clock.base + '/results');
  await until(async () => (await sheet.locator('#r-rows tr').count()) === 7, 'seven places on the sheet');
  const cells = await sheet.locator('#r-rows tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const csv = await (await fetch(clock.base + '/api/results.csv')).text();
  const lines = csv.trim().split('\r\n').slice(1);
  cells.forEach((c, i) => {
    const prize = lines[i].split(',').at(-3);
    assert.equal(c[0], String(i + 1));
    assert.equal(c[5].replace(/^deal/, ''), prize === '0' ? '–' : `€${prize}`, `place ${i + 1}`);
  });
  assert.equal(await sheet.textContent('#r-total'), '€400');
  await sheet.emulateMedia({ media: 'print' });
  const pdf = join(OUT, 'results.pdf');
  await sheet.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  const info = execFileSync('pdfinfo', [pdf]).toString();
  assert.match(info, /^Pages:\s+1$/m);
  assert.match(info, /Page size:\s+594\.96 x 841\.92 pts \(A4\)/);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, join(OUT, 'results-pdf')]);
  assert.ok(existsSync(join(OUT, 'results-pdf.png')));
  await sheet.close();
});

test('the prize pool as lines, and the payouts changed from the phone', async () => {
  const c2 = await startClock({ args: ['--config', resolve('tests/api/fixtures/friday.cfg')] });
  try {
    const d = await api(c2);
    await d.command({ type: 'register', names: NAMES });
    const p = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await p.goto(c2.base + '/');
    await p.fill('#pin', PIN);
    await p.click('#login-btn');
    await p.waitForSelector('#controls', { state: 'visible' });
    await openCard(p, '#sec-payouts');
    await p.locator('#sec-payouts').scrollIntoViewIfNeeded();
    const lines = await until(async () => {
      const t = await p.locator('#po-lines li').allTextContents();
      return t.length === 3 && t;
    }, 'the pool lines');
    assert.deepEqual(lines, ['Buy-ins: 7 × €60€420', 'Fee: 7 × €10−€70', 'Prize pool€350']);
    // A Norwegian phone names the lines by their codes, in Norwegian.
    const nb = await (await browser.newContext({ locale: 'nb-NO', viewport: { width: 390, height: 844 } })).newPage();
    await logIn(nb, c2);
    await openCard(nb, '#sec-payouts');
    const nbLines = await until(async () => {
      const t = await nb.locator('#po-lines li span').allTextContents();
      return t.length === 3 && t;
    }, 'the pool lines in Norwegian');
    assert.match(nbLines[0], /^Innkjøp: 7 × /);
    assert.match(nbLines[1], /^Avgift: 7 × /);
    await nb.close();
    assert.equal(await p.inputValue('#po-places'), '50, 30, 20');
    await p.fill('#po-places', '60, 40');
    await p.selectOption('#po-unit', '25');
    await p.click('#po-save');
    await p.waitForSelector('#confirm[open]');
    assert.match(await p.textContent('#confirm-warn'), /Places paid: 3 now, 2 after/);
    await p.click('#confirm-yes');
    await until(async () => (await getJson(c2, '/api/state')).payouts.join() === '225,125', 'the new payouts');
    await until(async () => (await p.locator('#po-now li').allTextContents()).join() === '1.€225,2.€125', 'the list on the panel');
    // Fixed amounts: the field starts from what is paid now and must add up to the pool.
    await p.selectOption('#po-kind', 'amounts');
    assert.equal(await p.inputValue('#po-places'), '225, 125');
    assert.match(await p.textContent('#po-places-label'), /adding up to €350/);
    await p.fill('#po-places', '200, 100, 40');
    await p.click('#po-save');
    assert.match(await p.textContent('#sec-payouts > .msg'), /The amounts add up to €340, but the prize pool is €350\./);
    assert.equal(await p.isVisible('#confirm[open]'), false, 'not asked: nothing to save');
    await p.fill('#po-places', '200, 100, 50');
    await p.click('#po-save');
    await p.waitForSelector('#confirm[open]');
    assert.match(await p.textContent('#confirm-text'), /Pay 3 places: €200 \/ €100 \/ €50\?/);
    await p.click('#confirm-yes');
    await until(async () => (await getJson(c2, '/api/state')).payouts.join() === '200,100,50', 'the fixed amounts');
    await until(async () => (await p.locator('#po-now li').allTextContents()).join() === '1.€200,2.€100,3.€50', 'the amounts on the panel');
    await p.screenshot({ path: join(OUT, 'panel-payouts.png') });
    await p.close();
  } finally {
    await c2.stop();
    c2.cleanup();
  }
});

test('sixty places print on one A4 page', async () => {
  // The same tournament without tables: sixty names wait for no seat.
  const cfg = join(OUT, 'friday-60.cfg');
  writeFileSync(cfg, readFileSync(resolve('tests/api/fixtures/friday.cfg'), 'utf8').replace(/^tables = .*$/m, ''));
  const big = await startClock({ args: ['--config', cfg] });
  try {
    const d = await api(big);
    await d.command({ type: 'register', names: Array.from({ length: 60 }, (_, i) => `Player with a longish name ${i + 1}`) });
    for (let p = 60; p > 1; p--) await d.command({ type: 'bust', player: p });
    const sheet = await browser.newPage();
    await sheet.goto(big.base + '/results');
    await until(async () => (await sheet.locator('#r-rows tr').count()) === 60, 'sixty places');
    await sheet.emulateMedia({ media: 'print' });
    const pdf = join(OUT, 'results-60.pdf');
    await sheet.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
    assert.match(execFileSync('pdfinfo', [pdf]).toString(), /^Pages:\s+1$/m);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, join(OUT, 'results-60-pdf')]);
    await sheet.close();
  } finally {
    await big.stop();
    big.cleanup();
  }
});

async function cookieOf(p) {
  const c = (await p.context().cookies()).find((x) => x.name === 'pc_session');
  return `pc_session=${c.value}`;
}
