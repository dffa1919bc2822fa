// /display draws what the clock decided, as the wall does. For each state
// of tests/vectors/view.json (the list the wall's decision and words are
// checked against in tests/unit/test_show.c) the page shows exactly that
// procedure and those strips, in the same words, and the payouts column's
// lines; and as the decision changes by itself (a clock call counting, then
// TIME, then gone; a move's strip going), the page follows the clock within
// a moment.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startClock, launch, api, getJson, until, sleep, OUT } from './harness.mjs';

const vectors = JSON.parse(readFileSync('tests/vectors/view.json', 'utf8'));
let browser;
const errors = [];
after(async () => { await browser?.close().catch(() => {}); });

async function display(clock, viewport = { width: 1280, height: 720 }) {
  browser ||= await launch();
  const page = await (await browser.newContext({ viewport })).newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(clock.base + '/display');
  await page.waitForFunction(() => !document.body.classList.contains('loading'));
  return page;
}

// What the page draws: the takeover's kind and its title and line, the
// strip up now, its words and the dots.
const drawn = (page) => page.evaluate(() => {
  const box = document.querySelector('#takeover');
  const take = box.hidden ? null : {
    kind: box.className.split(' ')[0],
    text: box.textContent,
  };
  const b = document.querySelector('#banners .banner');
  const words = b && b.cloneNode(true);
  words?.querySelectorAll('small, .turns').forEach((n) => n.remove());
  const strip = b && {
    kind: b.className.split(' ')[1],
    title: words.textContent,
    line: b.querySelector('small')?.textContent ?? null,
    dots: b.querySelectorAll('.turns i').length,
    on: [...b.querySelectorAll('.turns i')].findIndex((i) => i.classList.contains('on')),
  };
  return { take, strip, paused: document.body.classList.contains('paused'),
    pill: document.querySelector('#break-pill').hidden ? null : document.querySelector('#break-pill').textContent };
});

const same = (got, want, what) => {
  if (want === undefined) return;
  assert.equal(got, want, what);
};

for (const c of vectors.cases) {
  test(c.name, async () => {
    const clock = await startClock({ args: ['--config', resolve(c.config || vectors.config)] });
    try {
      const director = await api(clock);
      for (const cmd of c.commands) await director.command(cmd);
      const page = await display(clock);
      // The page and the clock's decision at one moment (not across a turn
      // of the strips: taken again when one came in between).
      let d, v;
      for (;;) {
        v = (await getJson(clock, '/api/view')).view;
        await sleep(300);
        d = await drawn(page);
        const v2 = (await getJson(clock, '/api/view')).view;
        if (v2.turn === v.turn) break;
      }
      if (c.takeover === null) {
        assert.equal(d.take, null, 'no takeover');
        assert.equal(v.takeover, null);
      } else {
        assert.equal(v.takeover.kind, c.takeover.kind);
        assert.equal(d.take?.kind, c.takeover.kind, 'the takeover drawn');
        if (c.takeover.title) assert.ok(d.take.text.includes(c.takeover.title), `"${c.takeover.title}" in "${d.take.text}"`);
        if (c.takeover.line) assert.ok(d.take.text.includes(c.takeover.line), `"${c.takeover.line}" in "${d.take.text}"`);
        for (const [k, want] of Object.entries(c.takeover.figure || {}))
          assert.ok(d.take.text.includes(k === 'times' ? want + ' ×' : want), `${k} "${want}" in "${d.take.text}"`);
      }
      if (c.strips) {
        assert.deepEqual(v.strips.map((x) => x.kind), c.strips.map((x) => x.kind));
        if (!c.strips.length) assert.equal(d.strip, null, 'no strip');
        else {
          // The strip the clock has up now, in the words listed for it.
          const want = c.strips[v.turn];
          assert.equal(d.strip.kind, want.kind, 'the strip up now');
          same(d.strip.title, want.title, 'its title');
          if (want.title_starts) assert.ok(d.strip.title.startsWith(want.title_starts), d.strip.title);
          same(d.strip.line, want.line, 'its line');
          assert.equal(d.strip.dots, c.strips.length > 1 ? c.strips.length : 0, 'a dot a strip');
          if (c.strips.length > 1) assert.equal(d.strip.on, v.turn, 'the dot of the strip up');
        }
      }
      if (c.payouts) {
        // The payouts column's lines: the clock's, drawn by the page.
        assert.deepEqual(v.payouts, c.payouts);
        const rows = await page.$$eval('#payouts li', (l) => l.map((x) => [x.querySelector('span').textContent, x.querySelector('b').textContent]));
        const name = (r) => r.deal ? `${r.deal}-way deal` : r.play_for ? 'Playing for' : `${r.place}${[, 'st', 'nd', 'rd'][r.place] || 'th'}`;
        assert.deepEqual(rows, c.payouts.map((r) => [name(r), '€' + r.amount.toLocaleString('en')]));
      }
      assert.equal(d.paused, c.paused, 'PAUSED');
      assert.equal(d.pill, c.pill ? c.pill.replace('_', ' ').toUpperCase() : null, 'the header\'s word');
      await page.screenshot({ path: join(OUT, 'view-' + c.name.replace(/\W+/g, '-') + '.png') });
      await page.context().close();
    } finally {
      await clock.stop();
      clock.cleanup();
    }
  });
}

// A move's strip of 5 s, then a clock call of 5 s and 4 counted: the page
// turns as the clock's decision does by itself (no new state comes at
// these moments): the strip gone, the call counting, TIME, then gone.
test('as the decision changes by itself, the page follows within a moment', async (t) => {
  const cfg = join(OUT, 'view-short.cfg');
  writeFileSync(cfg, readFileSync('assets/structures/seated.cfg', 'utf8').replace('  house = {',
    '  house = {\n    clock_call_seconds = 5; clock_call_countdown_seconds = 4; move_strip_seconds = 5;'));
  const clock = await startClock({ args: ['--config', cfg] });
  try {
    const director = await api(clock);
    await director.command({ type: 'register', name: 'Anna Berg' });
    await director.command({ type: 'start' });
    /* Past the new level's strip: the move's is the only one. */
    await director.command({ type: 'set_remaining', ms: 600000 });
    await director.command({ type: 'table', table: 7, open: true, seats: 9 });
    const page = await display(clock);
    await director.command({ type: 'move', player: 1, table: 7, seat: 1 });
    await sleep(1000);
    await director.command({ type: 'clock_call', table: 7, seat: 1 });
    const phase = (take, strip) => (take ? take.kind + (take.counting ? ' counting' : '') + (take.expired ? ' TIME' : '') : '-') +
      ' / ' + (strip ? strip : '-');
    const seen = [];
    const start = Date.now();
    while (Date.now() - start < 22000) {
      const v = (await getJson(clock, '/api/view')).view;
      const clockSays = phase(v.takeover, v.strips[0]?.kind);
      const pageSays = await page.evaluate(() => {
        const box = document.querySelector('#takeover');
        const b = document.querySelector('#banners .banner');
        return (box.hidden ? '-' : box.className.replace('clock_call expired', 'clock_call TIME')) + ' / ' + (b ? b.className.split(' ')[1] : '-');
      });
      seen.push([Date.now() - start, clockSays, pageSays]);
      await sleep(100);
    }
    const phases = (i) => seen.map((x) => x[i]).filter((x, k, a) => k === 0 || a[k - 1] !== x);
    // Both go through the same phases in the same order ...
    assert.deepEqual(phases(1), ['clock_call / move', 'clock_call / -', 'clock_call counting / -',
      'clock_call TIME / -', '- / -']);
    assert.deepEqual(phases(2), phases(1));
    // ... and the page is never more than a moment behind the clock.
    let most = 0;
    for (let i = 0; i < seen.length; i++) {
      if (seen[i][1] === seen[i][2]) continue;
      const since = seen.findIndex((x) => x[1] === seen[i][1]);
      most = Math.max(most, seen[i][0] - seen[since][0]);
      assert.ok(seen[i][0] - seen[since][0] <= 600, `the page showed "${seen[i][2]}" ${seen[i][0] - seen[since][0]} ms after the clock said "${seen[i][1]}"`);
    }
    t.diagnostic(`the page behind the clock by at most ${most} ms (sampled every 100 ms)`);
    await page.context().close();
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('no script errors on the page', () => {
  assert.deepEqual(errors, []);
});
