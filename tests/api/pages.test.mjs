// The pages: named routes, types, caching and CSP headers, and no way out of the web directory.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startClock, getJson, raw } from './clock.mjs';

let clock, web, outside;
before(async () => {
  web = mkdtempSync(join(tmpdir(), 'pokerclock-web-'));
  cpSync(resolve('tests/api/fixtures/web'), web, { recursive: true });
  outside = mkdtempSync(join(tmpdir(), 'pokerclock-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'not for the web');
  symlinkSync(join(outside, 'secret.txt'), join(web, 'secret.txt'));
  symlinkSync(outside, join(web, 'elsewhere'));
  clock = await startClock({ args: ['--web-dir', web] });
});
after(async () => {
  await clock?.stop();
  clock?.cleanup();
  rmSync(web, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

test('/, /display and /kiosk are their pages, as HTML that is revalidated and locked to this origin', async () => {
  for (const [path, title] of [['/', 'panel'], ['/display', 'display'], ['/kiosk', 'kiosk']]) {
    const r = await fetch(clock.base + path);
    assert.equal(r.status, 200, path);
    assert.equal(r.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(r.headers.get('cache-control'), 'no-cache');
    const csp = r.headers.get('content-security-policy');
    assert.match(csp, /default-src 'self'/);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
    assert.doesNotMatch(csp, /https?:|\*/);
    assert.match(await r.text(), new RegExp(`fixture ${title}`));
  }
});

test('other files are served with their types', async () => {
  const js = await fetch(clock.base + '/js/app.js');
  assert.equal(js.status, 200);
  assert.match(js.headers.get('content-type'), /^text\/javascript/);
  assert.equal(js.headers.get('x-content-type-options'), 'nosniff');
  const css = await fetch(clock.base + '/style.css');
  assert.match(css.headers.get('content-type'), /^text\/css/);
  assert.equal(await css.text(), 'body { color: #fff; }\n');
});

test('a path written with escapes, in either case, is the same path', async () => {
  for (const path of ['/js/app%2ejs', '/js/app%2Ejs', '/%6As/app.js', '/%6as/app.js']) {
    const r = await raw(clock, { path });
    assert.equal(r.status, 200, path);
  }
});

test('the wall\'s font is served for the pages, also with --web-dir, and nothing else from assets/', async () => {
  for (const face of ['Roboto-Regular', 'Roboto-Bold']) {
    const r = await fetch(clock.base + `/fonts/${face}.ttf`);
    assert.equal(r.status, 200, face);
    assert.equal(r.headers.get('content-type'), 'font/ttf');
    assert.deepEqual(Buffer.from(await r.arrayBuffer()), readFileSync(`assets/fonts/${face}.ttf`), face);
  }
  for (const path of ['/fonts/Roboto-Italic.ttf', '/fonts/README.md', '/assets/fonts/Roboto-Bold.ttf', '/fonts/'])
    assert.equal((await fetch(clock.base + path)).status, 404, path);
});

test('paths out of the web directory are not served', async () => {
  for (const path of ['/../clock.mjs', '/js/../../x', '/%2e%2e/%2e%2e/etc/passwd', '/secret.txt',
    '/elsewhere/secret.txt', '/js/', '//etc/passwd', '/index.html%00.png', '/nope.html']) {
    const r = await raw(clock, { path });
    assert.equal(r.status, 404, path);
    assert.doesNotMatch(r.buf.toString(), /not for the web|root:/, path);
    assert.equal(typeof r.body.error, 'string', path);
  }
});

test('pages cannot be posted to', async () => {
  const r = await getJson(clock, '/', { method: 'POST', body: 'x' });
  assert.equal(r.status, 405);
  assert.match(r.headers.get('allow'), /GET/);
});

test('without --web-dir the pages built into the program are served', async () => {
  const builtIn = await startClock();
  try {
    const r = await fetch(builtIn.base + '/');
    if (existsSync(resolve('web/index.html'))) {
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.match(r.headers.get('content-security-policy'), /default-src 'self'/);
    } else {
      assert.equal(r.status, 404); // no web/ in this tree yet: nothing built in
      assert.equal(typeof (await r.json()).error, 'string');
    }
  } finally {
    await builtIn.stop();
    builtIn.cleanup();
  }
});
