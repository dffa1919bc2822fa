// The venue's slides over real HTTP: uploads (a phone's photo, a PNG, a text
// slide), order, time windows, bad files refused with nothing kept, and a
// restart that keeps them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, getJson, postJson, login, raw, freshStateDir } from './clock.mjs';
import { makePng, pngSize } from './png.mjs';

const fixture = (name) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function upload(clock, cookie, body, type, query = '') {
  const r = await fetch(`${clock.base}/api/slides${query}`, {
    method: 'POST',
    headers: { 'Content-Type': type, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
  return { status: r.status, body: await r.json() };
}

async function change(clock, cookie, id, data) {
  return postJson(clock, `/api/slides/${id}`, data, { cookie });
}

const list = async (clock) => (await getJson(clock, '/api/slides')).body;

// The JPEG with an EXIF block saying "turn 90 degrees clockwise to show",
// as phone cameras write portrait photos.
function withOrientation(jpeg, orientation) {
  const tiff = Buffer.from([
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // big-endian, IFD at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1[0] = 0xff; app1[1] = 0xe1;
  app1.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), app1, payload, jpeg.subarray(2)]);
}

// The file without its last n bytes, as an upload cut off on the way.
const withoutEnd = (buf, n) => buf.subarray(0, buf.length - n);

// The JPEG with an end-of-image marker in the middle of its picture data:
// the file goes on, but what comes after the marker is not read.
function markerInScan(jpeg) {
  const d = Buffer.from(jpeg);
  d[1500] = 0xff;
  d[1501] = 0xd9;
  return d;
}

// The files the clock keeps for its slides.
const kept = (clock) => readdirSync(join(clock.stateDir, 'slides')).sort();

test('a phone photo is turned upright and kept; a large PNG is scaled down to 1080p', async () => {
  const clock = await startClock();
  try {
    const cookie = await login(clock);
    const photo = withOrientation(fixture('slide-photo.jpg'), 6);
    const a = await upload(clock, cookie, photo, 'image/jpeg', '?seconds=7');
    assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.equal(a.body.slide.kind, 'image');
    assert.equal(a.body.slide.seconds, 7);
    // 800 x 400 turned a quarter: 400 x 800.
    assert.deepEqual([a.body.slide.width, a.body.slide.height], [400, 800]);
    const pic = await fetch(clock.base + a.body.slide.url);
    assert.equal(pic.headers.get('content-type'), 'image/jpeg');
    // Screens keep it and ask again with its tag.
    const again = await fetch(clock.base + a.body.slide.url, { headers: { 'If-None-Match': pic.headers.get('etag') } });
    assert.equal(again.status, 304);
    const bytes = Buffer.from(await pic.arrayBuffer());
    assert.equal(bytes[0], 0xff);
    assert.ok(!bytes.includes(Buffer.from('Exif\0\0', 'latin1')), 'the camera metadata is not kept');

    const big = makePng(3000, 2000, { pixel: (x, y) => [x % 256, y % 256, 90] });
    const b = await upload(clock, cookie, big, 'image/png');
    assert.equal(b.status, 201, JSON.stringify(b.body));
    assert.deepEqual([b.body.slide.width, b.body.slide.height], [1620, 1080]);
    const served = Buffer.from(await (await fetch(clock.base + b.body.slide.url)).arrayBuffer());
    assert.deepEqual(pngSize(served), { width: 1620, height: 1080 });

    const t = await postJson(clock, '/api/slides',
      { title: 'Dinner at 20:00', lines: ['Burgers', 'Veggie on request'], seconds: 12 }, { cookie });
    assert.equal(t.status, 201, JSON.stringify(t.body));
    const l = await list(clock);
    assert.deepEqual(l.slides.map((s) => [s.id, s.kind, s.order, s.live]),
      [[1, 'image', 0, true], [2, 'image', 1, true], [3, 'text', 2, true]]);
    assert.deepEqual(l.slides[2].lines, ['Burgers', 'Veggie on request']);
    assert.deepEqual(kept(clock), ['1.jpg', '2.png', 'slides.json']);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('changes need the session, and reorder, switch off, time and remove slides', async () => {
  const clock = await startClock();
  try {
    const cookie = await login(clock);
    const stranger = await upload(clock, null, makePng(10, 10), 'image/png');
    assert.equal(stranger.status, 401);
    assert.match(stranger.body.error, /log in/);
    for (const title of ['One', 'Two', 'Three'])
      assert.equal((await postJson(clock, '/api/slides', { title, lines: [] }, { cookie })).status, 201);
    assert.equal((await change(clock, null, 3, { order: 0 })).status, 401);
    assert.equal((await raw(clock, { method: 'DELETE', path: '/api/slides/3' })).status, 401);
    const other = await raw(clock, { method: 'POST', path: '/api/slides/3',
      headers: { Cookie: cookie, Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      body: '{"enabled": false}' });
    assert.equal(other.status, 403);

    assert.equal((await change(clock, cookie, 3, { order: 0 })).status, 200);
    assert.deepEqual((await list(clock)).slides.map((s) => s.title), ['Three', 'One', 'Two']);
    assert.equal((await change(clock, cookie, 3, { order: 9 })).status, 200);
    assert.deepEqual((await list(clock)).slides.map((s) => s.title), ['One', 'Two', 'Three']);

    const off = await change(clock, cookie, 1, { enabled: false, seconds: 30 });
    assert.equal(off.status, 200);
    assert.equal(off.body.slide.seconds, 30);
    // A window in the past, one in the future, one now.
    assert.equal((await change(clock, cookie, 2, { until: '2020-01-01T00:00' })).status, 200);
    assert.equal((await change(clock, cookie, 3, { from: '2099-06-01T18:00' })).status, 200);
    let l = await list(clock);
    assert.deepEqual(l.slides.map((s) => s.live), [false, false, false]);
    assert.equal((await change(clock, cookie, 3, { from: '2020-01-01T00:00', until: '2099-01-01T00:00' })).status, 200);
    assert.equal((await change(clock, cookie, 2, { until: null })).status, 200);
    l = await list(clock);
    assert.deepEqual(l.slides.map((s) => [s.title, s.live, s.until]),
      [['One', false, null], ['Two', true, null], ['Three', true, '2099-01-01T00:00']]);

    for (const [bad, why] of [[{ seconds: 1 }, /seconds/], [{ from: 'tomorrow' }, /local time/],
      [{ until: '2026-02-31T10:00' }, /local time/], [{ colour: 'red' }, /not a slide setting/],
      [{ title: '' }, /title/], [{ title: 'x'.repeat(200) }, /too long/], [[1], /JSON object/]]) {
      const r = await change(clock, cookie, 3, bad);
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.match(r.body.error, why);
      assert.ok(r.body.code, `${JSON.stringify(bad)}: a code the panel says in its language`);
    }
    assert.equal((await change(clock, cookie, 99, { enabled: true })).status, 404);
    assert.deepEqual((await list(clock)).slides, l.slides, 'refused changes changed nothing');

    const del = await raw(clock, { method: 'DELETE', path: '/api/slides/2', headers: { Cookie: cookie } });
    assert.equal(del.status, 200);
    assert.deepEqual((await list(clock)).slides.map((s) => s.title), ['One', 'Three']);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('bad files are refused with a clear message and nothing is kept', async () => {
  const clock = await startClock();
  try {
    const cookie = await login(clock);
    const cases = [
      ['not a picture', Buffer.from('<html>hello</html>'), 'image/png', 415, /not a PNG or JPEG/],
      ['a PNG bomb, 20000 x 20000', makePng(20000, 20000, { bits: 1 }), 'image/png', 413,
        /20000 x 20000 pixels: at most/],
      ['too wide, 13000 x 100', makePng(13000, 100, { bits: 1 }), 'image/png', 413,
        /13000 x 100 pixels: at most 12000 on a side/],
      ['too many pixels, 11000 x 3000', makePng(11000, 3000, { bits: 1 }), 'image/png', 413,
        /and 24 megapixels/],
      ['over 8 MB', Buffer.concat([makePng(10, 10), Buffer.alloc(9 * 1024 * 1024)]), 'image/png',
        413, /at most 8 MB/],
      ['a truncated PNG', makePng(300, 200, { pixel: (x) => [x, 0, 0] }).subarray(0, 200),
        'image/png', 400, /the PNG picture is damaged or cut short \(the file ends early\)/],
      ['a PNG without its end', withoutEnd(makePng(300, 200, { pixel: (x) => [x, 0, 0] }), 12),
        'image/png', 400, /the PNG picture is damaged or cut short/],
      ['an interlaced PNG of 14 megapixels', makePng(4000, 3500, { bits: 1, interlace: true }),
        'image/png', 413, /4000 x 3500 pixels and an interlaced PNG: decoding it would take 53 MB, at most 48 MB/],
      // libjpeg paints what is missing grey and only warns: each of these
      // was a grey slide.
      ['a JPEG cut in half', withoutEnd(fixture('slide-photo.jpg'), 1500), 'image/jpeg', 400,
        /the JPEG picture is damaged or cut short \(the file ends early\): send the whole picture again/],
      ['a JPEG without its end marker', withoutEnd(fixture('slide-photo.jpg'), 2), 'image/jpeg', 400,
        /the JPEG picture is damaged or cut short/],
      ['a JPEG with a marker inside its picture data', markerInScan(fixture('slide-photo.jpg')),
        'image/jpeg', 400, /the JPEG picture is damaged or cut short \(Corrupt JPEG data/],
      ['a JPEG sent as text', fixture('slide-photo.jpg'), 'text/plain', 415, /Content-Type/],
    ];
    for (const [name, body, type, status, why] of cases) {
      const r = await upload(clock, cookie, body, type);
      assert.equal(r.status, status, `${name}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.error, why, name);
    }
    assert.equal((await list(clock)).slides.length, 0);
    assert.deepEqual(kept(clock), []);
    // The clock still takes a good one after all that.
    assert.equal((await upload(clock, cookie, makePng(64, 48), 'image/png')).status, 201);
    assert.deepEqual(kept(clock), ['1.png', 'slides.json']);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

// The clock's peak memory so far (its high-water mark of resident memory), in MB.
const peakMb = (clock) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${clock.proc.pid}/status`, 'latin1'))[1]) / 1024;

test('a 24-megapixel PNG is made small without ever holding its pixels', async () => {
  const clock = await startClock();
  try {
    const cookie = await login(clock);
    // A picture as large as the clock takes: 6000 x 4000, 96 MB as pixels.
    const huge = makePng(6000, 4000, { pixel: (x, y) => [x & 255, y & 255, 60] });
    const before = peakMb(clock);
    const r = await upload(clock, cookie, huge, 'image/png');
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual([r.body.slide.width, r.body.slide.height], [1620, 1080]);
    const grew = peakMb(clock) - before;
    // What is held: the upload, the 1620 x 1080 result (7 MB) and its PNG.
    assert.ok(grew < 40, `the clock's peak memory grew by ${grew.toFixed(1)} MB`);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('an interlaced PNG is kept as the same picture as one saved without interlacing', async () => {
  const clock = await startClock();
  try {
    const cookie = await login(clock);
    const pixel = (x, y) => [(x * 7) & 255, (y * 13) & 255, (x ^ y) & 255];
    const kept = [];
    for (const interlace of [false, true]) {
      const r = await upload(clock, cookie, makePng(2400, 1350, { pixel, interlace }), 'image/png');
      assert.equal(r.status, 201, JSON.stringify(r.body));
      kept.push(Buffer.from(await (await fetch(clock.base + r.body.slide.url)).arrayBuffer()));
    }
    assert.deepEqual(pngSize(kept[1]), { width: 1920, height: 1080 });
    assert.ok(kept[0].equals(kept[1]), 'the same pixels');
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('a restart keeps the slides, their order and settings; ids are never used again', async () => {
  const dir = freshStateDir();
  let clock = await startClock({ stateDir: dir });
  try {
    let cookie = await login(clock);
    await upload(clock, cookie, makePng(200, 100, { pixel: () => [200, 30, 30] }), 'image/png');
    await postJson(clock, '/api/slides', { title: 'House rules', lines: ['Phones off the table'] }, { cookie });
    await change(clock, cookie, 2, { order: 0, until: '2099-12-31T23:59', seconds: 20 });
    await postJson(clock, '/api/slides', { title: 'Gone soon', lines: [] }, { cookie });
    await raw(clock, { method: 'DELETE', path: '/api/slides/3', headers: { Cookie: cookie } });
    const before = await list(clock);
    const picture = Buffer.from(await (await fetch(`${clock.base}/api/slides/1`)).arrayBuffer());
    await clock.stop('SIGKILL');

    clock = await startClock({ stateDir: dir });
    const after = await list(clock);
    assert.deepEqual(after.slides, before.slides);
    const again = Buffer.from(await (await fetch(`${clock.base}/api/slides/1`)).arrayBuffer());
    assert.ok(again.equals(picture));
    cookie = await login(clock);
    const next = await postJson(clock, '/api/slides', { title: 'New', lines: [] }, { cookie });
    assert.equal(next.body.slide.id, 4);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
