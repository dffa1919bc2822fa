// GET /api/state against nginx serving a file of the same bytes: each
// server's CPU (utime + stime of its processes) per request over the same
// client load (8 keep-alive connections, ROUND_S seconds), interleaved
// ROUNDS times; medians and the ratio. Prints figures only; no pass/fail.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClock, login, command, sleep } from '../api/clock.mjs';

const ROUND_S = Number(process.env.BENCH_STATE_SECONDS || 4), ROUNDS = Number(process.env.BENCH_RUNS || 3);
const CONCURRENCY = 8, TICKS = 100; // USER_HZ

const ticksOf = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch { return 0; }
};
const children = (pid) => readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
  try { return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid); } catch { return false; }
}).map(Number);
const treeTicks = (pid) => [pid, ...children(pid)].reduce((s, p) => s + ticksOf(p), 0);

function get(agent, port, path) {
  return new Promise((ok) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let n = 0;
      res.on('data', (d) => { n += d.length; });
      res.on('end', () => ok(res.statusCode === 200 ? n : -1));
    });
    req.on('error', () => ok(-1));
  });
}

// One round: the load for ROUND_S against port/path; the server's CPU per request.
async function round(pid, port, path) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  await get(agent, port, path);
  let done = 0, bytes = 0, errors = 0;
  const c0 = treeTicks(pid), t0 = Date.now(), until = t0 + ROUND_S * 1000;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < until) {
      const n = await get(agent, port, path);
      if (n < 0) errors++; else { done++; bytes = n; }
    }
  }));
  const secs = (Date.now() - t0) / 1000, cpu = (treeTicks(pid) - c0) / TICKS;
  agent.destroy();
  return { us: cpu / done * 1e6, rate: done / secs, bytes, errors };
}
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };

const clock = await startClock();
const dir = mkdtempSync(join(tmpdir(), 'pc-nginx-'));
let nginx;
try {
  const cookie = await login(clock);
  await command(clock, cookie, { type: 'start' });
  await command(clock, cookie, { type: 'register', count: 40 });
  const state = Buffer.from(await (await fetch(`${clock.base}/api/state`)).arrayBuffer());
  writeFileSync(join(dir, 'state.json'), state);
  const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  let nport = 0;
  if (nginxBin) {
    nport = 20000 + Math.floor(Math.random() * 20000);
    // Like the clock: one worker, no access log, keep-alive, no caching headers.
    writeFileSync(join(dir, 'nginx.conf'), `daemon off; worker_processes 1; pid ${dir}/nginx.pid;
error_log ${dir}/error.log; events { worker_connections 256; }
http { access_log off; keepalive_requests 100000; client_body_temp_path ${dir}; proxy_temp_path ${dir};
  fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${nport}; root ${dir}; location / { default_type application/json; } } }
`);
    nginx = spawn(nginxBin, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
    for (let i = 0; i < 50 && (await get(undefined, nport, '/state.json')) < 0; i++) await sleep(100);
  }
  const mine = [], theirs = [];
  for (let r = 0; r < ROUNDS; r++) {
    mine.push(await round(clock.proc.pid, clock.port, '/api/state'));
    if (nginx) theirs.push(await round(nginx.pid, nport, '/state.json'));
  }
  const show = (name, rs) => console.log(`${name}: ${median(rs.map((x) => x.us)).toFixed(1)} us of CPU per request ` +
    `(${median(rs.map((x) => x.rate)).toFixed(0)} requests/s, ${rs[0].bytes} bytes, ${rs.reduce((s, x) => s + x.errors, 0)} errors)`);
  console.log(`medians of ${ROUNDS} interleaved rounds of ${ROUND_S} s, ${CONCURRENCY} keep-alive connections, client on the same 2 cores:`);
  show('pokerclock GET /api/state', mine);
  if (nginx) {
    show('nginx, a file of the same bytes', theirs);
    console.log(`ratio pokerclock / nginx: ${(median(mine.map((x) => x.us)) / median(theirs.map((x) => x.us))).toFixed(2)}x the CPU per request`);
  } else {
    console.log('(no nginx: no comparison)');
  }
} finally {
  nginx?.kill();
  await clock.stop();
  clock.cleanup();
  rmSync(dir, { recursive: true, force: true });
}
