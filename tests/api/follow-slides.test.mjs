// A follower's slides: the master's list and pictures, copied when the
// state's slides_version moves, served by the follower's own /api/slides
// (so its wall, /display and /kiosk show them); changes only on the master.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, getJson, postJson, login, sleep } from './clock.mjs';
import { makePng } from './png.mjs';

// The slides as a list to compare: what every screen shows of them.
const shown = (l) => l.slides.map((s) => [s.kind, s.title || null, s.lines || null, s.width || null,
  s.height || null, s.seconds, s.enabled, s.from, s.until]);

async function sameSlides(master, follower, what) {
  const deadline = Date.now() + 15000;
  let m, f;
  while (Date.now() < deadline) {
    m = (await getJson(master, '/api/slides')).body;
    f = (await getJson(follower, '/api/slides')).body;
    if (JSON.stringify(shown(m)) === JSON.stringify(shown(f))) return f;
    await sleep(100);
  }
  assert.fail(`the follower never showed ${what}: master ${JSON.stringify(shown(m))}, follower ${JSON.stringify(shown(f))}`);
}

test('a follower copies the master\'s slides and follows their changes', { timeout: 60000 }, async () => {
  const master = await startClock();
  const follower = await startClock({ args: ['--follow', master.base] });
  try {
    const cookie = await login(master);
    const png = makePng(640, 360, { pixel: (x, y) => (y < 60 ? [242, 183, 5] : [46, 139, 87]) });
    let r = await fetch(`${master.base}/api/slides?seconds=7`, {
      method: 'POST', headers: { 'Content-Type': 'image/png', Cookie: cookie }, body: png,
    });
    assert.equal(r.status, 201);
    const text = await postJson(master, '/api/slides', { title: 'Dinner at the break', lines: ['Burgers at the bar'], seconds: 12 }, { cookie });
    assert.equal(text.status, 201);
    let f = await sameSlides(master, follower, 'the picture and the text');
    assert.equal(f.slides.length, 2);
    // The picture, served here too (encoded again: the same size and type).
    const pic = await fetch(follower.base + f.slides[0].url);
    assert.equal(pic.status, 200);
    assert.match(pic.headers.get('content-type'), /image\/png/);

    // Switched off and given a window on the master: the same here.
    const id = text.body.slide.id;
    r = await postJson(master, `/api/slides/${id}`, { enabled: false, until: '2031-01-01T00:00' }, { cookie });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    f = await sameSlides(master, follower, 'the change');
    assert.equal(f.slides[1].enabled, false);

    // Removed on the master: gone here.
    r = await fetch(`${master.base}/api/slides/${id}`, { method: 'DELETE', headers: { Cookie: cookie } });
    assert.equal(r.status, 200);
    f = await sameSlides(master, follower, 'the removal');
    assert.equal(f.slides.length, 1);

    // The follower's own slides API takes no changes.
    r = await postJson(follower, '/api/slides', { title: 'Not here', lines: [] }, { cookie: await login(follower) });
    assert.equal(r.status, 409);
    assert.match(r.body.error, /master's panel/);
  } finally {
    await follower.stop();
    await master.stop();
    follower.cleanup();
    master.cleanup();
  }
});
