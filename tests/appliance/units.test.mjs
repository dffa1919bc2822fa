// The systemd unit, its drop-ins and the man pages, checked by systemd's and
// man's own tools against the built program (no root needed).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, ensureTools, rmrf, run, tmpdir } from './lib.mjs';

const BIN = process.env.POKERCLOCK_BIN || path.join(ROOT, 'pokerclock');
const missing = ensureTools({ 'systemd-analyze': 'systemd', man: 'man-db' });
const why = missing.length ? `cannot install: ${missing.join(', ')}` : false;
if (why) console.log(`# skipping the unit checks: ${why}`);

const unitText = fs.readFileSync(path.join(ROOT, 'systemd/pokerclock.service'), 'utf8');
const settings = (key) =>
  [...unitText.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1].trim());

describe('the systemd unit', { skip: why }, () => {
  let work, unit, manpath;

  before(() => {
    work = tmpdir('units');
    // The unit as installed, with the program where the build left it.
    unit = path.join(work, 'pokerclock.service');
    fs.writeFileSync(unit, unitText.replace(/\/usr\/bin\/pokerclock/g, BIN));
    manpath = path.join(work, 'man');
    for (const [file, sec] of [['pokerclock.1', '1'], ['pokerclock.cfg.5', '5']]) {
      fs.mkdirSync(path.join(manpath, `man${sec}`), { recursive: true });
      fs.copyFileSync(path.join(ROOT, 'docs', file), path.join(manpath, `man${sec}`, file));
    }
  });

  after(() => work && rmrf(work));

  test('systemd-analyze verify accepts the unit, its program and its man pages', () => {
    assert.ok(fs.existsSync(BIN), `build the program first (${BIN})`);
    const r = run('systemd-analyze', ['verify', unit], { env: { ...process.env, MANPATH: manpath } });
    assert.equal(r.status, 0, r.out);
    assert.equal(r.out.trim(), '', r.out);
  });

  test('the clock is a notify service with a watchdog that always restarts, on tty1', () => {
    assert.deepEqual(settings('Type'), ['notify']);
    assert.deepEqual(settings('Restart'), ['always']);
    assert.ok(parseInt(settings('WatchdogSec')[0], 10) > 0);
    assert.deepEqual(settings('TTYPath'), ['/dev/tty1']);
    assert.ok(settings('Conflicts').join(' ').includes('getty@tty1.service'));
    assert.deepEqual(settings('StateDirectory'), ['pokerclock']);
    assert.match(settings('ExecStart')[0], /--config \/etc\/pokerclock\/pokerclock\.cfg/);
  });

  test('the clock does not wait for a network or the time (venues have no internet)', () => {
    const deps = ['After', 'Wants', 'Requires', 'BindsTo', 'Requisite'].flatMap(settings).join(' ');
    // systemd-user-sessions.service orders itself after network.target.
    assert.doesNotMatch(deps, /network-online|network\.target|time-sync|time-set|systemd-user-sessions/);
  });

  test('the wait for the display fits in the start timeout, in one process', () => {
    // A polling loop here counted its programs against TimeoutStartSec: on a
    // slow boot the start timed out and the clock was killed before its
    // first frame.
    const wait = settings('ExecStartPre').filter((c) => c.includes('/dev/dri'));
    assert.equal(wait.length, 1, settings('ExecStartPre').join('\n'));
    const m = /^-\/usr\/bin\/udevadm wait --timeout=(\d+) \/dev\/dri\/card0$/.exec(wait[0]);
    assert.ok(m, wait[0]);
    assert.ok(Number(m[1]) <= parseInt(settings('TimeoutStartSec')[0], 10) / 2, wait[0]);
  });

  test('the sandbox rates the service as exposed no more than OK', () => {
    const r = run('systemd-analyze', ['security', '--offline=yes', unit]);
    const verdict = /Overall exposure level for pokerclock\.service: ([\d.]+) (\w+)/.exec(r.out);
    assert.ok(verdict, r.out.slice(-2000));
    assert.ok(['SAFE', 'OK'].includes(verdict[2]), `rated ${verdict[1]} ${verdict[2]}`);
  });

  for (const page of ['pokerclock.1', 'pokerclock.cfg.5']) {
    test(`man ${page} renders without warnings and has a NAME line`, () => {
      const file = path.join(ROOT, 'docs', page);
      const r = run('man', ['--warnings', '-l', file], { env: { ...process.env, MANWIDTH: '80', MAN_KEEP_FORMATTING: '' } });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stderr.trim(), '', r.stderr);
      assert.match(r.stdout, new RegExp(`NAME\\s+${page.replace(/\.\d$/, '').replace('.', '\\.')}\\s+-\\s+\\S`));
    });
  }
});
