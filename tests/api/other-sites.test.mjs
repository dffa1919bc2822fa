// What another site's page can try through a guest's or the director's
// browser: have its own name turned into the clock's address (DNS
// rebinding) and talk to the clock as its own site, or post a form. The
// Host must name this clock, and a body read as JSON must say it is JSON.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { connect } from 'node:net';
import { startClock, getJson, login, raw, PIN } from './clock.mjs';

let clock, cookie;
before(async () => {
  clock = await startClock();
  cookie = await login(clock);
});
after(async () => { await clock?.stop(); clock?.cleanup(); });

const seq = async () => (await getJson(clock, '/api/state')).body.seq;

test('a page under a name of another site (DNS rebinding) is refused, whatever it asks', async () => {
  const host = `rebind.evil.example:${clock.port}`;
  const origin = `http://${host}`;
  const before = await seq();
  for (const [method, path, body] of [
    ['GET', '/api/state'], ['GET', '/'], ['GET', '/api/players'], ['GET', '/api/archive'],
    ['GET', '/api/screen.png'], ['POST', '/api/login', JSON.stringify({ pin: PIN })],
    ['POST', '/api/command', '{"type": "start"}'],
  ]) {
    // The browser sends the page's own name and origin, and no cookie of
    // the clock's: the test sends the director's anyway.
    const r = await raw(clock, {
      method, path, body,
      headers: { Host: host, Origin: origin, 'Content-Type': 'application/json', Cookie: cookie },
    });
    assert.equal(r.status, 421, `${method} ${path}`);
    assert.equal(r.body.error, `refused: ${host} is not a name of this clock; open it by its ` +
      `address (like 192.168.1.20) or as ${hostname().split('.')[0]}.local`);
    assert.equal(r.headers['set-cookie'], undefined);
  }
  assert.equal(await seq(), before, 'nothing changed');
});

test('the clock answers to any of its addresses, localhost and its own names', async () => {
  const name = hostname();
  const port = clock.port;
  for (const host of [`127.0.0.1:${port}`, '127.0.0.1', `10.0.0.5:${port}`, `[::1]:${port}`,
    `[fe80::1]`, `localhost:${port}`, 'LocalHost', `${name}:${port}`, name.toUpperCase(),
    `${name.split('.')[0]}.local:${port}`, `${name.split('.')[0]}.local.`]) {
    const r = await raw(clock, { path: '/api/state', headers: { Host: host } });
    assert.equal(r.status, 200, host);
  }
  for (const host of [`${name}.evil.example`, `${name}.local.evil.example`, `evil.example:${port}`,
    '127.0.0.1.nip.io', `localhost.evil.example:${port}`, `[::1`, `127.0.0.1:80x`, `127.0.0.1:`,
    `localhost:123456`, `x${name}`]) {
    const r = await raw(clock, { path: '/api/state', headers: { Host: host } });
    assert.equal(r.status, 421, host);
  }
  // Without Host (HTTP/1.0: a script, never a browser) it answers.
  const old = await new Promise((ok) => {
    const s = connect(port, '127.0.0.1');
    let got = '';
    s.on('data', (d) => (got += d));
    s.on('close', () => ok(got));
    s.end('GET /healthz HTTP/1.0\r\n\r\n');
  });
  assert.match(old, /^HTTP\/1\.[01] 200 /);
});

test('a body read as JSON must say so: a form of another site is refused with 415', async () => {
  const before = await seq();
  // What an HTML form can send, and a script that forgot to say.
  for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/jsonx', undefined]) {
    for (const [path, body] of [['/api/command', '{"type": "start"}'], ['/api/login', JSON.stringify({ pin: PIN })],
      ['/api/chop', '{"method": "chip", "stacks": [1, 1], "prizes": [2, 1]}'], ['/api/slides/1', '{"enabled": false}']]) {
      const r = await raw(clock, {
        method: 'POST', path, body,
        headers: { Cookie: cookie, ...(type ? { 'Content-Type': type } : {}) },
      });
      assert.equal(r.status, 415, `${path} as ${type}`);
      assert.equal(r.body.error, 'send JSON, with Content-Type: application/json');
      assert.equal(r.headers['set-cookie'], undefined);
    }
  }
  assert.equal(await seq(), before, 'nothing changed');
  for (const type of ['application/json', 'Application/JSON', 'application/json;charset=UTF-8',
    'application/json; charset="utf-8"']) {
    const r = await raw(clock, {
      method: 'POST', path: '/api/command', body: '{"type": "adjust", "delta_ms": 1000}',
      headers: { Cookie: cookie, 'Content-Type': type },
    });
    assert.equal(r.status, 200, type);
  }
  // A logout has no body: it needs no type.
  const out = await raw(clock, { method: 'POST', path: '/api/logout', headers: { Cookie: cookie } });
  assert.equal(out.status, 200);
});
