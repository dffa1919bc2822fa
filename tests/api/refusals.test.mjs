// A refused command over real HTTP: its outcome as the status (400 for a
// command that cannot be, 409 for one that cannot be now), "ok": false,
// the English sentence in "error", and the code of the rule that refused it
// with that rule's values by name. The deal calculator's refusals too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { startClock, getJson, postJson, login, command } from './clock.mjs';
import { makePng } from './png.mjs';

// One table of 4 seats, a dealer at seat 4: 3 seats.
const CFG = resolve('tests/api/fixtures/three-seats.cfg');

let clock, cookie;
before(async () => {
  clock = await startClock({ args: ['--config', CFG] });
  cookie = await login(clock);
});
after(async () => {
  await clock?.stop();
  clock?.cleanup();
});

const seq = async () => (await getJson(clock, '/api/state')).body.seq;

test('a refusal of the rules arrives with its code and values, and changes nothing', async () => {
  const at = await seq();
  const undo = await command(clock, cookie, { type: 'undo' });
  assert.equal(undo.status, 409);
  assert.deepEqual(undo.body, { ok: false, error: 'there is nothing to undo', code: 'undo_nothing' });

  const go = await command(clock, cookie, { type: 'goto_level', index: 7 });
  assert.equal(go.status, 400);
  assert.deepEqual(go.body, { ok: false, error: 'there is no level with index 7', code: 'level_no_such', index: 7 });

  const pause = await command(clock, cookie, { type: 'pause' });
  assert.equal(pause.status, 409);
  assert.equal(pause.body.code, 'clock_not_started');
  assert.equal(await seq(), at, 'nothing changed');
});

test('more names than free seats: seats_short with the seats free and the players asked', async () => {
  const one = await command(clock, cookie, { type: 'register', names: ['Anna Berg'] });
  assert.equal(one.status, 200);
  const at = await seq();
  const r = await command(clock, cookie, { type: 'register', names: ['Bo Ek', 'Cy Dahl', 'Dan Falk'] });
  assert.equal(r.status, 409);
  assert.deepEqual(r.body, { ok: false, error: '2 seats are free for 3 players', code: 'seats_short', free: 2, players: 3 });
  assert.equal(await seq(), at, 'nothing changed');
  // A value that is a text: the player's name.
  const p = (await getJson(clock, '/api/players')).body.players.find((x) => x.name === 'Anna Berg');
  const back = await command(clock, cookie, { type: 'reenter', player: p.id });
  assert.equal(back.status, 409);
  assert.equal(back.body.code, 'player_still_seated');
  assert.equal(back.body.player, 'Anna Berg');
  assert.equal(back.body.table, 1);
  assert.equal(typeof back.body.seat, 'number');
  assert.equal(back.body.error, `Anna Berg is still in, at table 1, seat ${back.body.seat}`);
});

test('the deal calculator refuses with a code too; so does a command the clock cannot read', async () => {
  const bad = await postJson(clock, '/api/chop', { method: 'icm', stacks: [5000], prizes: [100] }, { cookie });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'chop_players');
  assert.equal(bad.body.most, 200);
  assert.match(bad.body.error, /^a deal is for 2 to 200 players/);
  // Not a command the clock could read (clock/json): the field by name.
  const junk = await command(clock, cookie, { type: 'goto_level', index: 'two' });
  assert.equal(junk.status, 400);
  assert.deepEqual(junk.body, { ok: false, error: 'index must be a whole number', code: 'field_whole', field: 'index' });
  const type = await command(clock, cookie, { type: 'seat' });
  assert.deepEqual(type.body, { ok: false, error: 'unknown command type "seat"', code: 'command_type_named', type: 'seat' });
  const names = await command(clock, cookie, { type: 'register', names: [] });
  assert.deepEqual(names.body, { ok: false, error: 'names must be a list of 1 to 100 names', code: 'names_list', most: 100 });
  // What the panel never sends wrong: one code, the details in English.
  const both = await command(clock, cookie, { type: 'bust', count: 1, players: [{ table: 1, chips: 5 }] });
  assert.equal(both.status, 400);
  assert.deepEqual(both.body, { ok: false, error: 'bust takes count or players, not both', code: 'command_unread', why: 'bust takes count or players, not both' });
  const json = await postJson(clock, '/api/command', '{"type": ', { cookie });
  assert.equal(json.status, 400);
  assert.equal(json.body.code, 'command_unread');
  assert.match(json.body.error, /^the request is not valid JSON/);
});

test('a new tournament refused while this one runs: its name and the players left as values', async () => {
  const r = await command(clock, cookie, { type: 'new_tournament' });
  assert.equal(r.status, 409);
  assert.deepEqual(r.body, {
    ok: false, code: 'new_still_running_one', name: 'Codes',
    error: '"Codes" is still running with 1 player left: confirm to put it aside and start a new tournament',
  });
});

test('the login, the session, the TV and the deal calculator refuse with codes too', async () => {
  // Nobody logged in: the same code from every route that needs a director.
  for (const [path, body] of [['/api/command', { type: 'pause' }], ['/api/tv/action', { action: 'on' }],
    ['/api/chop', { method: 'icm', stacks: [1, 2], prizes: [3] }]]) {
    const r = await postJson(clock, path, body);
    assert.equal(r.status, 401, path);
    assert.deepEqual(r.body, { ok: false, error: 'log in with the director PIN first', code: 'login_first' }, path);
  }
  // A wrong PIN (the first ones cost no wait).
  const wrong = await postJson(clock, '/api/login', { pin: '0000' });
  assert.equal(wrong.status, 401);
  assert.deepEqual(wrong.body, { ok: false, error: 'wrong PIN', code: 'pin_wrong' });
  // No HDMI-CEC here: what to turn on, the configuration's setting as a value.
  const tv = await postJson(clock, '/api/tv/action', { action: 'on' }, { cookie });
  assert.equal(tv.status, 409);
  assert.equal(tv.body.code, 'tv_no_cec');
  assert.equal(tv.body.setting, 'tv = { cec = true; }');
  assert.match(tv.body.error, /CEC=yes in pokerclock\.txt, or tv = \{ cec = true; \} in the configuration/);
  // The deal calculator's request: the key and the place as values.
  const item = await postJson(clock, '/api/chop', { method: 'icm', stacks: [5000, 'x'], prizes: [100] }, { cookie });
  assert.equal(item.status, 400);
  assert.deepEqual(item.body, { ok: false, error: 'stacks[1] must be a whole number', code: 'chop_item_whole', key: 'stacks', index: 1 });
  const long = await postJson(clock, '/api/chop', { method: 'icm', stacks: [5000, 3000], prizes: Array(201).fill(1) }, { cookie });
  assert.deepEqual(long.body, { ok: false, error: 'prizes can have at most 200 numbers', code: 'chop_list_long', key: 'prizes', most: 200 });
});

test('slides and their pictures refuse with codes: the store decides, net answers', async () => {
  const picture = async (body, type = 'image/png') => {
    const r = await fetch(`${clock.base}/api/slides`, { method: 'POST', headers: { 'Content-Type': type, Cookie: cookie }, body });
    return { status: r.status, body: await r.json() };
  };
  const bomb = await picture(makePng(20000, 20000, { bits: 1 }));
  assert.equal(bomb.status, 413);
  assert.deepEqual(bomb.body, {
    ok: false, code: 'picture_pixels', width: 20000, height: 20000, side: 12000, megapixels: 24,
    error: 'the picture is 20000 x 20000 pixels: at most 12000 on a side and 24 megapixels',
  });
  const html = await picture(Buffer.from('<html>hello</html>'));
  assert.equal(html.status, 415);
  assert.equal(html.body.code, 'picture_kind');
  const none = await postJson(clock, '/api/slides/77', { enabled: false }, { cookie });
  assert.equal(none.status, 404);
  assert.deepEqual(none.body, { ok: false, error: 'there is no slide 77', code: 'slide_none', slide: 77 });
  const noPicture = await getJson(clock, '/api/slides/77');
  assert.equal(noPicture.status, 404);
  assert.equal(noPicture.body.code, 'slide_no_picture');
  const text = await postJson(clock, '/api/slides', { title: 'Dinner', lines: ['Burgers'], seconds: 1 }, { cookie });
  assert.equal(text.status, 400);
  assert.deepEqual(text.body, { ok: false, error: 'seconds must be from 3 to 600', code: 'slide_seconds', least: 3, most: 600 });
});
