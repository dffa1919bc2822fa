// What a crowd leaves behind is let go: the connections of phones that left
// their event stream, of clients that stopped reading, and the memory a
// burst of connections took.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { startClock, login, command, sleep } from './clock.mjs';

// A raw connection from `from` that sends `request` (if any); `got` collects
// what comes back, `ended` says when the clock closed it.
function open(clock, from, request) {
  return new Promise((ok) => {
    const s = connect({ port: clock.port, host: '127.0.0.1', localAddress: from });
    const c = { s, got: '', ended: false };
    s.on('connect', () => { if (request) s.write(request); ok(c); });
    s.on('data', (d) => { c.got += d.toString('latin1'); });
    s.on('error', () => {});
    s.on('close', () => { c.ended = true; ok(c); });
  });
}
const STREAM = 'GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const until = async (pred, ms) => {
  for (const t0 = Date.now(); !pred() && Date.now() - t0 < ms;) await sleep(50);
  return pred();
};

test('the streams of screens that left free their connections at once, among idle ones', async () => {
  const clock = await startClock();
  const all = [];
  try {
    // One address (a venue's NAT): 50 idle connections and 150 screens.
    const from = '127.0.61.1';
    all.push(...await Promise.all(Array.from({ length: 50 }, () => open(clock, from))));
    const first = await Promise.all(Array.from({ length: 150 }, () => open(clock, from, STREAM)));
    all.push(...first);
    assert.ok(await until(() => first.every((c) => c.got.includes('event: state')), 5000), 'every screen got the state');
    // They leave having read everything (a closed tab, not a reset).
    for (const c of first) c.s.end();
    await until(() => first.every((c) => c.ended), 5000);
    // As many come back: with the first ones' connections still held, the
    // address's 256 would turn most of them away.
    const again = await Promise.all(Array.from({ length: 150 }, () => open(clock, from, STREAM)));
    all.push(...again);
    await until(() => again.every((c) => c.ended || c.got.includes('event: state')), 5000);
    const served = again.filter((c) => c.got.startsWith('HTTP/1.1 200')).length;
    assert.equal(served, 150, `${served} of 150 screens that came back got their stream`);
  } finally {
    for (const c of all) c.s.destroy();
    await clock.stop();
    clock.cleanup();
  }
});

test('a screen turned away for lack of room does not keep its connection', async () => {
  // 256 descriptors: 192 connections, of which strangers' streams take 96.
  const clock = await startClock({ nofile: 256 });
  const all = [];
  try {
    assert.match(clock.stderr, /only 192 connections at once/);
    for (let i = 0; i < 96; i++) all.push(await open(clock, `127.0.64.${1 + (i % 4)}`, STREAM));
    assert.ok(await until(() => all.every((c) => c.got.startsWith('HTTP/1.1 200')), 5000), 'the first 96 stream');
    const late = await open(clock, '127.0.64.9', STREAM);
    all.push(late);
    assert.ok(await until(() => late.got.length > 0, 3000));
    assert.match(late.got, /^HTTP\/1\.1 503/);
    // Closed as soon as it is told, not kept until its 10 s run out.
    assert.ok(await until(() => late.ended, 2000), 'the screen turned away still holds its connection');
  } finally {
    for (const c of all) c.s.destroy();
    await clock.stop();
    clock.cleanup();
  }
});

// Whether the clock still holds a connection from `from`, as the system's
// table of TCP sockets says (the client would only learn it by reading).
function held(clock, from) {
  const hex = (a) => a.split('.').reverse().map((x) => Number(x).toString(16).padStart(2, '0')).join('').toUpperCase();
  const local = `${hex('127.0.0.1')}:${clock.port.toString(16).toUpperCase().padStart(4, '0')}`;
  return readFileSync('/proc/net/tcp', 'utf8').split('\n').some((line) => {
    const f = line.trim().split(/\s+/);
    return f[1] === local && f[2]?.startsWith(hex(from) + ':') && f[3] === '01';
  });
}

test('a client that never reads its event stream is let go; a phone that reads in fits keeps it', { timeout: 60000 }, async () => {
  // The time a peer may take nothing, shortened from 20 s for the test.
  const clock = await startClock({ env: { POKERCLOCK_SEND_STALL_MS: '2000' } });
  let reading, never, fits;
  try {
    const cookie = await login(clock);
    never = await open(clock, '127.0.62.1', STREAM);
    fits = await open(clock, '127.0.62.2', STREAM);
    never.s.pause();
    // The phone on bad Wi-Fi: nothing for a second, then all that came.
    fits.s.pause();
    reading = setInterval(() => { while (fits.s.read()); }, 1000);
    assert.ok(await until(() => held(clock, '127.0.62.1') && held(clock, '127.0.62.2'), 3000));
    // Changes, each a new state for both streams, until the one that never
    // reads has more waiting than the buffers hold, and is let go.
    const t0 = Date.now();
    let n = 0;
    while (Date.now() - t0 < 30000 && held(clock, '127.0.62.1')) {
      const r = await command(clock, cookie, { type: 'announce', text: `change ${n++} `.padEnd(200, '.'), seconds: 5 });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const took = Date.now() - t0;
    clearInterval(reading);
    fits.s.resume();
    assert.ok(!held(clock, '127.0.62.1'), `the stream nobody read was still held after ${n} changes in ${took} ms`);
    // The phone that kept reading still follows: it sees the next change.
    assert.ok(held(clock, '127.0.62.2'), 'the phone that read in fits was let go');
    assert.equal((await command(clock, cookie, { type: 'announce', text: 'the last one', seconds: 5 })).status, 200);
    assert.ok(await until(() => fits.got.includes('the last one'), 3000), 'the phone that read in fits no longer gets the changes');
  } finally {
    clearInterval(reading);
    fits?.s.destroy();
    never?.s.destroy();
    await clock.stop();
    clock.cleanup();
  }
});

// Resident memory of a process, in MB.
const rss = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
// Sanitizers keep freed memory on purpose: nothing to measure there.
const sanitized = (pid) => /lib[at]san/.test(readFileSync(`/proc/${pid}/maps`, 'utf8'));

test('after thousands of connections and streams have gone, the clock gives their memory back', async (t) => {
  const clock = await startClock();
  let crowd = [];
  try {
    if (sanitized(clock.proc.pid)) return t.skip('a sanitized build keeps freed memory');
    const pid = clock.proc.pid;
    const before = rss(pid);
    crowd = await Promise.all(Array.from({ length: 4000 }, (_, i) =>
      open(clock, `127.0.63.${1 + (i % 64)}`, i % 2 ? STREAM : 'GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ')));
    await until(() => crowd.filter((c) => c.got.includes('event: state')).length >= 1900, 10000);
    const peak = rss(pid);
    for (const c of crowd) c.s.destroy();
    assert.ok(peak > before + 24, `the burst took ${(peak - before).toFixed(0)} MB: too little to tell`);
    // Most of it given back within seconds of the last one leaving (not
    // all: what else the burst left in the heap keeps a few pages).
    const t0 = Date.now();
    const settled = await until(() => rss(pid) < before + (peak - before) / 2, 10000);
    const after = rss(pid);
    t.diagnostic(`RSS ${before.toFixed(0)} MB, ${peak.toFixed(0)} MB with 4000 connections, ${after.toFixed(0)} MB ${Date.now() - t0} ms after they left`);
    assert.ok(settled, `${after.toFixed(0)} MB after the burst, ${peak.toFixed(0)} MB with it, ${before.toFixed(0)} MB before`);
  } finally {
    for (const c of crowd) c.s.destroy();
    await clock.stop();
    clock.cleanup();
  }
});
