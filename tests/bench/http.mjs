// HTTP figures of pokerclock over loopback: GET /api/state throughput and
// latency, memory idle and with 300 event-stream clients, CPU with them idle.
// Prints figures only; no pass/fail.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startClock, login, command, sleep } from '../api/clock.mjs';

const SECONDS = 5, CONCURRENCY = 8, SSE_CLIENTS = 300, CPU_SECONDS = 10;
const TICKS = 100; // USER_HZ on Linux

const rssKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const cpuTicks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]); // utime + stime
};
const threads = (pid) => Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

function get(agent, port, path) {
  return new Promise((ok, fail) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => ok(res.statusCode));
    });
    req.on('error', fail);
  });
}

const clock = await startClock();
const pid = clock.proc.pid;
try {
  const cookie = await login(clock);
  await command(clock, cookie, { type: 'start' });
  await command(clock, cookie, { type: 'register', count: 40 });
  await sleep(500);
  const idleRss = rssKiB(pid);

  // Throughput and latency of GET /api/state, keep-alive connections.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const lat = [];
  let errors = 0;
  const until = Date.now() + SECONDS * 1000;
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < until) {
      const s = process.hrtime.bigint();
      const status = await get(agent, clock.port, '/api/state').catch(() => 0);
      if (status !== 200) errors++;
      lat.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
  }));
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  agent.destroy();
  lat.sort((a, b) => a - b);
  const pct = (p) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))].toFixed(2);
  console.log(`GET /api/state: ${(lat.length / secs).toFixed(0)} requests/s over ${secs.toFixed(1)} s ` +
    `(${CONCURRENCY} keep-alive connections, client and server on the same 2 cores), ` +
    `p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, ${errors} errors`);
  console.log(`RSS idle: ${(idleRss / 1024).toFixed(1)} MiB (${threads(pid)} threads)`);

  // 300 event-stream clients, each waits for its first state event.
  const sseAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const reqs = [];
  // From 127.0.2.x, 100 per address: the clock takes 256 connections per address.
  await Promise.all(Array.from({ length: SSE_CLIENTS }, (_, i) => new Promise((ok, fail) => {
    const req = http.get({ host: '127.0.0.1', port: clock.port, path: '/api/events', agent: sseAgent,
      localAddress: `127.0.2.${1 + Math.floor(i / 100)}` },
      (res) => res.once('data', () => ok()));
    req.on('error', fail);
    reqs.push(req);
  })));
  await sleep(1000);
  console.log(`RSS with ${SSE_CLIENTS} event-stream clients: ${(rssKiB(pid) / 1024).toFixed(1)} MiB ` +
    `(${threads(pid)} threads)`);
  const c0 = cpuTicks(pid), w0 = Date.now();
  await sleep(CPU_SECONDS * 1000);
  const cpu = ((cpuTicks(pid) - c0) / TICKS) / ((Date.now() - w0) / 1000) * 100;
  console.log(`CPU with ${SSE_CLIENTS} idle clients over ${CPU_SECONDS} s (one heartbeat round, ` +
    `the clock running): ${cpu.toFixed(2)} %`);

  // One change reaches every client: how long until the last one has it.
  let got = 0, last = 0;
  const sent = Date.now();
  await new Promise((ok) => {
    reqs.forEach((req) => req.res?.once('data', () => { got++; last = Date.now(); if (got === SSE_CLIENTS) ok(); }));
    command(clock, cookie, { type: 'pause' });
    setTimeout(ok, 5000);
  });
  console.log(`a command reached ${got} of ${SSE_CLIENTS} clients, the last after ${last - sent} ms`);
  reqs.forEach((r) => r.destroy());
} finally {
  await clock.stop();
  clock.cleanup();
}
