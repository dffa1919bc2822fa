// docs/api.md is the API's reference: every route the clock answers and
// every command it takes is listed there, and nothing is listed there that
// the clock does not know. What exists is read from the code's own tables
// (the route table and the addresses in clock/net/, the command names in
// clock/model/structure.c and the one net answers itself), and the real
// clock, asked every route and command, confirms both lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { startClock, login, postJson } from './clock.mjs';

const doc = readFileSync('docs/api.md', 'utf8');

// The rows of the table under a "## " heading: the backticked items of
// each row's first cell.
function firstCells(heading) {
  const at = doc.indexOf(`\n## ${heading}\n`);
  assert.ok(at >= 0, `docs/api.md has no "## ${heading}" section`);
  const end = doc.indexOf('\n## ', at + 4);
  const rows = doc.slice(at, end < 0 ? undefined : end).split('\n').filter((l) => /^\| *`/.test(l));
  return rows.map((l) => [...l.split(/(?<!\\)\|/)[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

// "GET /api/screen.png?w=1280&h=720" -> ["GET", "/api/screen.png"]
function documentedRoutes() {
  const routes = [];
  for (const items of firstCells('Routes'))
    for (const item of items) {
      const m = item.match(/^(GET|HEAD|POST|PUT|PATCH|DELETE) (\/\S*)$/);
      if (m) routes.push({ method: m[1], path: m[2].split('?')[0] });
    }
  return routes;
}

const documentedCommands = () => firstCells('Commands').flat();

// The server's route table: {"GET", "/api/state", get_state}, ...
function tableRoutes() {
  const src = readFileSync('clock/net/net.c', 'utf8');
  const table = src.match(/routes\[\] = \{([\s\S]*?)\n\};/);
  assert.ok(table, 'clock/net/net.c has no routes[] table');
  return [...table[1].matchAll(/\{"([A-Z]+)", "([^"]+)",/g)].map((m) => ({ method: m[1], path: m[2] }));
}

// Every address net/ names, the table's and those answered before it
// (a slide by its id, an archived sheet by its folder).
function namedAddresses() {
  const names = new Set();
  for (const f of readdirSync('clock/net').filter((f) => f.endsWith('.c')))
    for (const m of readFileSync(`clock/net/${f}`, 'utf8').matchAll(/"(\/(?:api\/|healthz)[a-z0-9_./-]*)"/g))
      if (m[1] !== '/api/') names.add(m[1]);
  return [...names];
}

function codeCommands() {
  const src = readFileSync('clock/model/structure.c', 'utf8');
  const names = [...src.matchAll(/\[CMD_[A-Z0-9_]+\] = "([a-z_]+)"/g)].map((m) => m[1]);
  // Answered by net itself before the engine sees it (clock/net/archive_api.c).
  if (/"new_tournament"/.test(readFileSync('clock/net/archive_api.c', 'utf8'))) names.push('new_tournament');
  return names;
}

const key = (r) => `${r.method} ${r.path}`;

test('the code tables are read (else the checks below would pass on nothing)', () => {
  assert.ok(tableRoutes().length >= 15, `only ${tableRoutes().length} routes read from clock/net/net.c`);
  assert.ok(codeCommands().length >= 40, `only ${codeCommands().length} commands read`);
  assert.ok(documentedRoutes().length >= 20 && documentedCommands().length >= 40,
    'docs/api.md: its Routes and Commands tables were not found whole');
});

test('every route of the server table and every address net/ answers is in docs/api.md', () => {
  const documented = documentedRoutes();
  const have = new Set(documented.map(key));
  const missing = tableRoutes().filter((r) => !have.has(key(r))).map(key);
  assert.deepEqual(missing, [], `answered by the clock but not in docs/api.md's Routes: ${missing.join(', ')}`);
  const paths = documented.map((r) => r.path);
  const unnamed = namedAddresses().filter(
    (a) => !paths.some((p) => p === a || p.startsWith(a.endsWith('/') ? a : `${a}/`)));
  assert.deepEqual(unnamed, [], `addresses in clock/net/ that docs/api.md's Routes never name: ${unnamed.join(', ')}`);
});

test('every command type the clock takes is in docs/api.md, and every one listed there is taken', async () => {
  const clock = await startClock();
  try {
    const cookie = await login(clock);
    const unknown = async (type) => {
      const r = await postJson(clock, '/api/command', { type }, { cookie });
      return r.status === 400 && /^unknown command type/.test(r.body.error);
    };
    const documented = new Set(documentedCommands());
    for (const type of codeCommands()) {
      if (await unknown(type)) { // journal-only, like power_recovered
        assert.ok(!documented.has(type), `docs/api.md lists ${type}, which the API refuses as unknown`);
        continue;
      }
      assert.ok(documented.has(type), `the clock takes the command ${type}, but docs/api.md's Commands lack it`);
    }
    for (const type of documented)
      assert.ok(!(await unknown(type)), `docs/api.md lists the command ${type}, which the clock does not know`);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('every route docs/api.md lists is answered by the real clock', async () => {
  const clock = await startClock();
  try {
    const cookie = await login(clock);
    // Logging out ends the session the others use: last.
    const routes = documentedRoutes().sort((a, b) => (a.path === '/api/logout') - (b.path === '/api/logout'));
    for (const r of routes) {
      const path = r.path.replace('/ID', '/1').replace('/DIR/', '/20261123T213000Z-none/');
      const post = !['GET', 'HEAD', 'DELETE'].includes(r.method);
      const res = await fetch(clock.base + path, {
        method: r.method,
        headers: { Cookie: cookie, ...(post ? { 'Content-Type': 'application/json' } : {}) },
        body: post ? '{}' : undefined,
        signal: AbortSignal.timeout(5000),
      });
      const type = res.headers.get('content-type') || '';
      const body = /json/.test(type) ? await res.json() : (await res.body?.cancel(), null);
      const error = body?.error || '';
      assert.ok(!(res.status === 404 && /^there is no (\S+ in this API|page \S+)$/.test(error)),
        `docs/api.md lists ${key(r)}, and the clock says: ${error}`);
      assert.notEqual(res.status, 405, `docs/api.md lists ${key(r)}, and the clock says: ${error}`);
    }
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
