// The browser tests' rig: the real pokerclock on a free port with a fresh
// state directory, and Debian's Chromium driven by playwright-core. Both are
// stopped again however a test ends (after() hooks, and a last SIGKILL on
// exit for anything still running).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, ROOT } from '../api/clock.mjs';

export const PIN = '4826';
export const BIN = process.env.POKERCLOCK_BIN || join(ROOT, 'pokerclock');
export const OUT = join(ROOT, 'tests/out');
mkdirSync(OUT, { recursive: true });

const procs = new Set();
process.on('exit', () => { for (const p of procs) try { p.kill('SIGKILL'); } catch { /* gone */ } });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export { freePort };

// Starts pokerclock; resolves once /healthz answers. Given a port and a
// state directory it starts there (to restart a clock under a page).
// POKERCLOCK_WEB_DIR serves the pages from a folder (--web-dir): an older
// panel, to see a new test fail on it.
export async function startClock({ port, stateDir, args = [], env = {} } = {}) {
  const dir = stateDir || mkdtempSync(join(tmpdir(), 'pokerclock-web-'));
  if (process.env.POKERCLOCK_WEB_DIR) args = ['--web-dir', process.env.POKERCLOCK_WEB_DIR, ...args];
  for (let attempt = 0; ; attempt++) {
    const p = port || (await freePort());
    const proc = spawn(BIN, ['--headless', '--port', String(p), '--state', dir, ...args], {
      env: { ...process.env, POKERCLOCK_PIN: PIN, SDL_VIDEODRIVER: 'dummy', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    procs.add(proc);
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += d));
    let gone = null;
    const exited = new Promise((r) => proc.once('exit', (code, signal) => { gone = { code, signal }; procs.delete(proc); r(gone); }));
    const clock = {
      base: `http://127.0.0.1:${p}`, port: p, stateDir: dir, proc,
      get stderr() { return stderr; },
      async stop(signal = 'SIGTERM') {
        if (!gone) proc.kill(signal);
        const t = setTimeout(() => { if (!gone) proc.kill('SIGKILL'); }, 5000);
        await exited;
        clearTimeout(t);
      },
      cleanup() { rmSync(dir, { recursive: true, force: true }); },
    };
    const deadline = Date.now() + 15000;
    while (Date.now() < deadline && !gone) {
      try { if ((await fetch(clock.base + '/healthz')).ok) return clock; } catch { /* not yet */ }
      await sleep(50);
    }
    await clock.stop('SIGKILL');
    // Another suite may have taken a free port in between; a port we were
    // given (a restart) may still be held for a moment.
    if (/in use/.test(stderr) && attempt < 10) { await sleep(300); continue; }
    throw new Error(`pokerclock did not come up (${JSON.stringify(gone)}): ${stderr}`);
  }
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// The API as a director (its own session) and as anyone.
/* The panel opened and logged in with the PIN, as a director does. */
export async function logIn(page, clock) {
  const seen = [];
  const note = (what) => seen.push(`${((performance.now() - t0) / 1000).toFixed(1)} s ${what}`);
  const answered = (r) => { if (r.url().includes('/api/')) note(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`); };
  const failed = (r) => note(`${r.method()} ${new URL(r.url()).pathname} failed: ${r.failure()?.errorText}`);
  const t0 = performance.now();
  page.on('response', answered);
  page.on('requestfailed', failed);
  try {
    await page.goto(clock.base + '/');
    await page.fill('#pin', PIN);
    await page.click('#login-btn');
    note('login tapped');
    await page.waitForSelector('#controls', { state: 'visible' });
  } catch (e) {
    /* What the director would see, and what the page asked: a failed
     * login says why instead of only "hidden". */
    const said = await page.textContent('#login-msg').catch(() => '?');
    throw new Error(`${e.message}\nthe login form says: "${said}"\nthe page's requests: ${seen.join('; ')}\n` +
      `the clock's log: ${clock.stderr.slice(-1500)}`);
  } finally {
    page.off('response', answered);
    page.off('requestfailed', failed);
  }
}

/* A part of the panel brought into view as a director does: on a phone, a
 * tap on its page in the bar at the bottom; then its card (and any card
 * around it) opened when closed, as a tap on its title does. */
export async function openCard(page, sel) {
  const where = await page.$eval(sel, (n) => n.closest('.page')?.dataset.page || '');
  const tab = `#tabs [data-page="${where}"]`;
  if (where && (await page.isVisible(tab)) && (await page.getAttribute(tab, 'aria-current')) !== 'page') await page.click(tab);
  await page.$eval(sel, (n) => { for (let d = n.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; });
}

export async function api(clock) {
  const r = await fetch(clock.base + '/api/login', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin: PIN }),
  });
  if (!r.ok) throw new Error('login failed: ' + r.status + ' ' + (await r.text()));
  const cookie = r.headers.get('set-cookie').split(';')[0];
  return {
    async command(cmd) {
      const c = await fetch(clock.base + '/api/command', {
        method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(cmd),
      });
      const body = await c.json();
      if (!c.ok) throw new Error(`${cmd.type}: ${c.status} ${body.error}`);
      return body;
    },
  };
}
export async function getJson(clock, path) {
  const r = await fetch(clock.base + path, { cache: 'no-store' });
  return r.json();
}

// Polls fn until it returns something truthy; fails with what it saw last.
export async function until(fn, what, ms = 8000) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    try { last = await fn(); if (last) return last; } catch (e) { last = e; }
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}

// A PNG (8-bit RGB or RGBA, not interlaced: what the wall writes) as
// {width, height, px(x, y) -> [r, g, b]}.
export function decodePng(buf) {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let off = 8, width = 0, height = 0, type = 0, depth = 0;
  const idat = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const kind = buf.toString('latin1', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (kind === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4); depth = data[8]; type = data[9];
      if (data[12] !== 0) throw new Error('interlaced PNG');
    } else if (kind === 'IDAT') idat.push(data);
    else if (kind === 'IEND') break;
    off += 12 + len;
  }
  if (depth !== 8 || (type !== 2 && type !== 6)) throw new Error(`PNG type ${type} depth ${depth}`);
  const bpp = type === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? out[y * stride + i - bpp] : 0;
      const b = y ? out[(y - 1) * stride + i] : 0;
      const c = y && i >= bpp ? out[(y - 1) * stride + i - bpp] : 0;
      let v = line[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      out[y * stride + i] = v & 255;
    }
  }
  return { width, height, px: (x, y) => { const o = y * stride + x * bpp; return [out[o], out[o + 1], out[o + 2]]; } };
}

// How many pixels are within tol of an "#rrggbb" colour.
export function countColour(img, hex, tol = 40) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let n = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const p = img.px(x, y);
      if (Math.abs(p[0] - r) + Math.abs(p[1] - g) + Math.abs(p[2] - b) <= tol) n++;
    }
  return n;
}
