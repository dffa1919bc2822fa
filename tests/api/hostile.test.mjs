// Hostile and broken requests: the clock answers or hangs up, and keeps serving.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startClock, getJson, postJson, raw, PIN } from './clock.mjs';

let clock;
before(async () => { clock = await startClock(); });
after(async () => { await clock?.stop(); clock?.cleanup(); });

// Writes bytes on a fresh connection and returns whatever comes back.
function send(bytes) {
  return new Promise((ok) => {
    const s = connect(clock.port, '127.0.0.1');
    let got = '';
    s.on('data', (d) => (got += d.toString('latin1')));
    s.on('error', () => ok(got));
    s.on('close', () => ok(got));
    s.setTimeout(3000, () => { s.destroy(); ok(got); });
    s.write(bytes, () => s.end());
  });
}

test('garbage, odd requests and huge headers leave the clock serving', async () => {
  const cases = [
    'GARBAGE\r\n\r\n',
    'GET\r\n\r\n',
    'GET / HTTP/9.9\r\n\r\n',
    'GET /api/state HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n',
    'POST /api/command HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n',
    'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n\u0000\u0001\u0002{[',
    `GET /api/state?${'a=1&'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    `GET /api/state HTTP/1.1\r\nHost: x\r\nCookie: ${'pc_session=x; '.repeat(4000)}\r\n\r\n`,
    `GET /${'%'.repeat(3000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    'GET /api/screen.png?w=99999999999999999999&h=%00 HTTP/1.1\r\nHost: x\r\n\r\n',
    Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131) % 256)),
  ];
  for (const c of cases) await send(c);
  const h = await getJson(clock, '/healthz');
  assert.equal(h.status, 200);
  assert.equal(h.body.ok, true);
});

// Each connection has a small pool for its headers (thousands of phones
// keep a stream open): what a phone sends, a long user agent and other
// pages' cookies included, still fits; headers past the pool are a 431.
test("a phone's 3 KiB of headers fit, for the state and the event stream; 9 KiB are a 431", async () => {
  const headers = { 'User-Agent': 'Mozilla/5.0 '.repeat(85), Cookie: 'other=' + 'c'.repeat(2000) };
  const r = await fetch(clock.base + '/api/state', { headers });
  assert.equal(r.status, 200);
  assert.ok((await r.json()).seq > 0);
  const ctl = new AbortController();
  const es = await fetch(clock.base + '/api/events', { headers, signal: ctl.signal });
  assert.equal(es.status, 200);
  const first = await es.body.getReader().read();
  assert.match(Buffer.from(first.value).toString(), /retry:|event: state/);
  ctl.abort();
  const big = await send(`GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: other=${'c'.repeat(9000)}\r\n\r\n`);
  assert.match(big, /^HTTP\/1\.1 431/);
  assert.equal((await fetch(clock.base + '/api/state')).status, 200);
});

test('an endless chunked body is cut off, not read forever', { timeout: 30000 }, async () => {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const got = await new Promise((ok) => {
    const s = connect(clock.port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    s.on('data', (d) => (answer += d.toString('latin1')));
    s.on('error', () => ok({ answer, sent }));
    s.on('close', () => ok({ answer, sent }));
    s.write('POST /api/command HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
    const pump = () => {
      while (!s.destroyed && sent < 16 << 20) {
        sent += chunk.length;
        s.write(`${chunk.length.toString(16)}\r\n`);
        s.write(chunk);
        if (!s.write('\r\n')) return s.once('drain', pump);
      }
      s.end('0\r\n\r\n');
    };
    s.setTimeout(10000, () => s.destroy());
    pump();
  });
  assert.ok(got.sent < 16 << 20, `the server took ${got.sent} bytes without hanging up`);
  assert.doesNotMatch(got.answer, /^HTTP\/1\.1 200/);
  assert.equal((await getJson(clock, '/healthz')).status, 200);
});

test('deeply nested or odd JSON bodies are refused as 400, not crashes', async () => {
  const login = await postJson(clock, '/api/login', { pin: PIN });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const bodies = [
    '['.repeat(5000),
    '{"type": "announce", "text": "\\ud800", "seconds": 5}',
    '{"type": 12}',
    '{"type": "adjust", "delta_ms": 1e400}',
    '{"type": "adjust", "delta_ms": 9223372036854775808}',
    '{"type": "bust", "players": [' + '{"table": 1, "chips": 1},'.repeat(200) + '{"table": 1, "chips": 1}]}',
    '\u0000',
  ];
  for (const b of bodies) {
    const r = await postJson(clock, '/api/command', b, { cookie });
    assert.ok([400, 409].includes(r.status), `${r.status} for ${b.slice(0, 40)}`);
    assert.equal(typeof r.body.error, 'string');
  }
  assert.equal((await getJson(clock, '/healthz')).status, 200);
});

test('an address or method that is not UTF-8 is a 400, not "out of memory"', async () => {
  for (const line of ['GET /\xff\xfe HTTP/1.1', 'G\xffT / HTTP/1.1', 'GET /api/st%C3ate HTTP/1.1', 'POST /api/\xc0\xaf HTTP/1.1']) {
    const got = await send(Buffer.from(`${line}\r\nHost: x\r\nContent-Length: 0\r\n\r\n`, 'latin1'));
    assert.match(got, /^HTTP\/1\.1 400 /, JSON.stringify(line));
    assert.match(got, /not valid UTF-8/);
  }
});

test('a long address or method in another alphabet is refused with its words, not "out of memory"', async () => {
  // The answer quotes the first 200 bytes of the address: an odd number of
  // bytes before it cut a two-byte letter in half.
  const long = 'é'.repeat(1000);
  for (const [line, status, says] of [
    [`GET /api/${encodeURIComponent(long)} HTTP/1.1`, 404, /^there is no \/api\/é+\? in this API$/],
    [`GET /${encodeURIComponent(long)} HTTP/1.1`, 404, /^there is no page \/é+\?$/],
    [`${long} /api/state HTTP/1.1`, 405, /^\/api\/state takes GET, not é+\??$/],
  ]) {
    const got = await send(Buffer.from(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'utf8'));
    assert.match(got, new RegExp(`^HTTP/1\\.1 ${status} `), line.slice(0, 40));
    const body = JSON.parse(Buffer.from(got.slice(got.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));
    assert.match(body.error, says);
  }
});

test('no odd request is answered 500: methods, addresses, headers and bodies at random', async () => {
  const cookie = (await postJson(clock, '/api/login', { pin: PIN })).headers.get('set-cookie').split(';')[0];
  let seed = 7;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor(seed / 65536) % n; };
  const pick = (a) => a[rnd(a.length)];
  const odd = () => pick(['é'.repeat(rnd(300)), '%C3'.repeat(rnd(50)), '%00', 'ﬀ'.repeat(rnd(200)),
    '\u{1F0A1}'.repeat(rnd(100)), 'a'.repeat(rnd(3000)), '%E2%99', '']);
  const paths = ['/api/state', '/api/command', '/api/login', '/api/chop', '/api/slides', '/api/slides/1',
    '/api/archive/', '/api/archive/x/results.csv', '/api/screen.png', '/api/speech', '/api/players',
    '/api/results.csv', '/', '/display', '/api/nope'];
  const seen = {};
  for (let i = 0; i < 600; i++) {
    const method = pick(['GET', 'POST', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'GÉT', 'X'.repeat(rnd(100))]);
    const path = pick(paths) + pick(['', odd(), `?${odd()}=${odd()}`, `?w=${odd()}`, `?event=say&lang=${odd()}`]);
    const body = Buffer.from(pick(['', `{"type":"${odd()}"}`, `{"type":"announce","text":"${odd()}","seconds":5}`,
      `{"pin":"${odd()}"}`, `{"title":"${odd()}","lines":[]}`, `{"${odd()}":1}`]), 'utf8');
    const head = [`${method} ${path.replace(/ /g, '%20')} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close',
      `Content-Length: ${body.length}`, pick(['Content-Type: application/json', `Content-Type: ${odd()}`, '']),
      pick([`Cookie: ${cookie}`, '', `Cookie: ${odd()}`]), pick(['', `Origin: ${odd()}`, `X-Odd: ${odd()}`])];
    const got = await send(Buffer.concat([Buffer.from(`${head.filter(Boolean).join('\r\n')}\r\n\r\n`), body]));
    const status = got.slice(9, 12);
    seen[status] = (seen[status] || 0) + 1;
    assert.ok(!/^5/.test(status) || status === '503', `${status} for ${head[0].slice(0, 80)}: ${got.slice(-120)}`);
  }
  assert.ok(Object.keys(seen).length >= 4, JSON.stringify(seen));
  assert.equal((await getJson(clock, '/healthz')).status, 200);
});

// Opens a connection that sends a request one byte at a time, every `every`
// ms, for ever; resolves with how long the server kept it and what it said.
function trickle(port, every, from) {
  return new Promise((ok) => {
    const started = Date.now();
    const s = connect({ port, host: '127.0.0.1', localAddress: from });
    const text = 'GET /api/state HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(1000);
    let i = 0, got = '';
    const t = setInterval(() => { if (!s.destroyed) s.write(text[i++ % text.length]); }, every);
    s.on('data', (d) => (got += d));
    const done = () => { clearInterval(t); ok({ ms: Date.now() - started, got, sent: i }); };
    s.on('close', done);
    s.on('error', () => {});
    setTimeout(() => s.destroy(), 8000); // a server that never hangs up fails, not hangs
  });
}

test('a request trickled a byte at a time is cut off on a total time limit', async () => {
  const slow = await startClock({ env: { POKERCLOCK_REQUEST_MAX_MS: '1500' } });
  try {
    const r = await trickle(slow.port, 100);
    // Cut at the total limit, long before the 30 s of silence that ends an
    // idle connection: still sending when it was cut (a loaded machine may
    // send fewer bytes than one each 100 ms).
    assert.ok(r.ms >= 1400 && r.ms < 4000, `hung up after ${r.ms} ms, ${r.sent} bytes sent`);
    assert.ok(r.sent >= 2, `${r.sent} bytes sent in ${r.ms} ms`);
    assert.equal(r.got, '');
  } finally {
    await slow.stop();
    slow.cleanup();
  }
});

test('400 slow connections from one address leave room for everybody else', async () => {
  const sockets = [];
  let refused = 0;
  for (let i = 0; i < 400; i++) {
    const s = connect({ port: clock.port, host: '127.0.0.1', localAddress: '127.0.3.1' });
    s.on('error', () => {});
    s.on('close', () => refused++);
    s.write('GET /api/state HTTP/1.1\r\nHost: x\r\n');
    sockets.push(s);
  }
  // One address gets 256; the others are closed as soon as they are
  // accepted (on a busy machine that takes a moment).
  for (let waited = 0; refused < 144 && waited < 5000; waited += 50)
    await new Promise((r) => setTimeout(r, 50));
  try {
    assert.ok(refused >= 144 && refused < 400, `${refused} of 400 closed`);
    const t0 = Date.now();
    assert.equal((await getJson(clock, '/api/state')).status, 200);
    const r = await postJson(clock, '/api/login', { pin: PIN });
    assert.equal(r.status, 200);
    assert.ok(Date.now() - t0 < 5000);
  } finally {
    for (const s of sockets) s.destroy();
  }
});
