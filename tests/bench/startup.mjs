// Start-up, as a venue meets it: from the process started to the clock's
// first frame on the screen and to its first answer, against Debian's
// Chromium in kiosk mode started on the same X server until our /display
// shows its countdown; and a restart after kill -9 with a journal of
// 10,000 commands until the clock answers with all of them. Medians of
// BENCH_RUNS (3) interleaved runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startClock, login, command, getJson, freePort, sleep } from '../api/clock.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const COMMANDS = Number(process.env.BENCH_JOURNAL_COMMANDS || 10000);
const BIN = process.env.POKERCLOCK_BIN || 'pokerclock';
const CHROMIUM = '/usr/bin/chromium';
const median = (a) => { const s = [...a].sort((x, y) => x - y); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const fmt = (x) => x.toFixed(0);
const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-startup-'));
const children = new Set();
process.on('exit', () => { for (const c of children) try { c.kill('SIGKILL'); } catch { /* gone */ } rmSync(tmp, { recursive: true, force: true }); });

async function answers(base) {
  try { return (await fetch(base + '/healthz')).ok; } catch { return false; }
}

// The wall in a window: spawn to "first frame on the wall", spawn to /healthz.
async function wall(env) {
  const port = await freePort();
  const dir = join(tmp, 'wall-' + port);
  const t0 = performance.now();
  const p = spawn(BIN, ['--state', dir, '--port', String(port), '--bind', '127.0.0.1', '--pin', '2468'],
    { env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(p);
  let frame = null, serving = null, log = '';
  p.stderr.on('data', (d) => { log += d; if (frame === null && log.includes('first frame on the wall')) frame = performance.now() - t0; });
  const base = `http://127.0.0.1:${port}`;
  while ((frame === null || serving === null) && performance.now() - t0 < 20000) {
    if (serving === null && await answers(base)) serving = performance.now() - t0;
    await sleep(2);
  }
  p.kill('SIGTERM');
  await new Promise((r) => p.once('exit', r));
  children.delete(p);
  if (frame === null) throw new Error('the wall never drew its first frame: ' + log);
  return { frame, serving };
}

// Chromium in kiosk mode on /display of a running clock: spawn to the
// page's countdown drawn (two animation frames after it has its text).
async function chromium(env, url) {
  const { chromium: pw } = await import('playwright-core');
  const t0 = performance.now();
  const browser = await pw.launch({
    executablePath: CHROMIUM, headless: false, env,
    args: ['--kiosk', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--window-position=0,0', '--window-size=1920,1080'],
  });
  const page = await browser.newPage({ viewport: null });
  await page.goto(url);
  await page.waitForFunction(() => /\d:\d\d/.test(document.querySelector('#clock')?.textContent || ''));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shown = performance.now() - t0;
  await browser.close();
  return shown;
}

// ---- process start to first frame, against Chromium ----
let display = null, xvfb = null;
if (existsSync('/usr/bin/Xvfb')) {
  for (let n = 150; n < 200 && display === null; n++)
    if (!existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) display = `:${n}`;
  xvfb = spawn('Xvfb', [display, '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  children.add(xvfb);
  for (let i = 0; i < 100 && !existsSync(`/tmp/.X11-unix/X${display.slice(1)}`); i++) await sleep(50);
}
if (display) {
  const env = { ...process.env, DISPLAY: display, SDL_AUDIODRIVER: 'dummy' };
  for (const k of ['SDL_VIDEODRIVER', 'SDL_RENDER_DRIVER', 'WAYLAND_DISPLAY']) delete env[k];
  const server = await startClock({ args: ['--bind', '127.0.0.1'] });
  const cookie = await login(server);
  await command(server, cookie, { type: 'start' });
  const frames = [], serves = [], kiosks = [];
  const haveChromium = existsSync(CHROMIUM);
  for (let r = 0; r < RUNS; r++) {
    const w = await wall(env);
    frames.push(w.frame);
    serves.push(w.serving);
    let k = null;
    if (haveChromium) { k = await chromium(env, server.base + '/display'); kiosks.push(k); }
    console.log(`  run ${r + 1}: wall first frame ${fmt(w.frame)} ms, answering ${fmt(w.serving)} ms` +
      (k === null ? '' : `; Chromium kiosk showing /display ${fmt(k)} ms`));
  }
  await server.stop();
  server.cleanup();
  console.log(`start to first frame (Xvfb 1920x1080, median of ${RUNS}): pokerclock ${fmt(median(frames))} ms` +
    ` (answering HTTP at ${fmt(median(serves))} ms)` +
    (kiosks.length ? `; Chromium kiosk until /display shows its countdown ${fmt(median(kiosks))} ms;` +
      ` ratio ${(median(kiosks) / median(frames)).toFixed(1)}x` : '; no Chromium to compare'));
  xvfb.kill();
} else {
  console.log('(no Xvfb: no first-frame figures; make deps installs it)');
}

// ---- a restart with a long journal ----
{
  const clock = await startClock({ args: ['--bind', '127.0.0.1'] });
  const dir = clock.stateDir;
  const cookie = await login(clock);
  await command(clock, cookie, { type: 'start' });
  const t0 = performance.now();
  for (let i = 0; i < COMMANDS; i++) {
    const r = await command(clock, cookie, { type: 'adjust', delta_ms: i % 2 ? -1000 : 1000 });
    if (r.status !== 200) throw new Error('adjust refused: ' + JSON.stringify(r.body));
  }
  const per = (performance.now() - t0) / COMMANDS;
  const seq = (await getJson(clock, '/api/state')).body.seq;
  let size = spawnSync('du', ['-sk', dir], { encoding: 'utf8' }).stdout.split('\t')[0];
  const times = [];
  let c = clock;
  for (let r = 0; r < RUNS; r++) {
    await c.kill();
    const t1 = performance.now();
    const port = await freePort();
    const p = spawn(BIN, ['--headless', '--state', dir, '--port', String(port), '--bind', '127.0.0.1'],
      { env: { ...process.env, POKERCLOCK_PIN: '2468', SDL_VIDEODRIVER: 'dummy' }, stdio: 'ignore' });
    children.add(p);
    const base = `http://127.0.0.1:${port}`;
    while (!(await answers(base))) await sleep(1);
    const back = performance.now() - t1;
    const s = await (await fetch(base + '/api/state')).json();
    if (s.seq < seq) throw new Error(`the restart lost commands: seq ${s.seq} of ${seq}`);
    times.push(back);
    c = { kill: async () => { p.kill('SIGKILL'); await new Promise((res) => p.once('exit', res)); children.delete(p); } };
  }
  await c.kill();
  rmSync(dir, { recursive: true, force: true });
  console.log(`${COMMANDS} commands (adjust) at ${per.toFixed(2)} ms each, journal fsync included; the state directory ${size} kB`);
  console.log(`restart after kill -9 with them until the clock answers: median ${fmt(median(times))} ms` +
    ` (${times.map(fmt).join(', ')} ms)`);
}
