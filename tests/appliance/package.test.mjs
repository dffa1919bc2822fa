// The Debian package: builds, passes lintian, installs into a fresh Debian
// root, runs there as its own user, and removes cleanly.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  buildDeb, ensureTools, exited, freePort, getJSON, inRoot, notifySocket, rmrf, run,
  spawnInRoot, tmpdir, waitFor,
} from './lib.mjs';

const SUITE = process.env.POKERCLOCK_TEST_SUITE || 'bookworm';
const MIRROR = process.env.POKERCLOCK_TEST_MIRROR || 'http://deb.debian.org/debian';

const missing = ensureTools({
  'dpkg-buildpackage': 'dpkg-dev', dh: 'debhelper', lintian: 'lintian', mmdebstrap: 'mmdebstrap',
  'systemd-analyze': 'systemd', python3: 'python3-minimal', unshare: 'util-linux',
});
const why = process.getuid() !== 0
  ? 'needs root (a chroot with the package installed)'
  : missing.length ? `cannot install: ${missing.join(', ')}` : false;
if (why) console.log(`# skipping the package tests: ${why}`);

describe('the Debian package', { skip: why }, () => {
  let work, deb, root;

  before(() => {
    work = tmpdir('deb');
    deb = buildDeb(path.join(work, 'out'));
    root = path.join(work, 'root');
    // A fresh Debian with only the package and what it depends on.
    const r = run('mmdebstrap', [
      '--mode=root', '--variant=apt', '--quiet',
      `--customize-hook=copy-in ${deb} /tmp`,
      `--customize-hook=chroot "$1" apt-get install -y -q /tmp/${path.basename(deb)}`,
      SUITE, root, MIRROR,
    ]);
    if (r.status !== 0) throw new Error(`installing into a fresh ${SUITE} failed:\n${r.out.slice(-4000)}`);
  });

  after(() => work && rmrf(work));

  test('lintian finds no errors', () => {
    const r = run('lintian', ['--fail-on', 'error', deb]);
    assert.equal(r.status, 0, r.out);
    assert.doesNotMatch(r.stdout, /^E: /m);
  });

  test('the package depends on the shared libraries it links', () => {
    const depends = run('dpkg-deb', ['-f', deb, 'Depends']).stdout;
    assert.match(depends, /libc6/);
    assert.match(depends, /libmicrohttpd/);
    assert.match(depends, /libjansson/);
  });

  test('installing creates the user with the screen, GPU, keyboard and sound groups', () => {
    const passwd = fs.readFileSync(path.join(root, 'etc/passwd'), 'utf8');
    assert.match(passwd, /^pokerclock:x:\d+:\d+:[^:]*:\/var\/lib\/pokerclock:\/usr\/sbin\/nologin$/m);
    const groups = inRoot(root, ['id', '-nG', 'pokerclock']).stdout.trim().split(/\s+/);
    for (const g of ['video', 'render', 'input', 'audio']) assert.ok(groups.includes(g), `pokerclock is not in ${g}: ${groups}`);
  });

  test('the service is enabled and the configuration is a conffile only the clock can read', () => {
    const wants = path.join(root, 'etc/systemd/system/multi-user.target.wants/pokerclock.service');
    // The link points into the root (absolute), so read it rather than follow it.
    let target = '';
    try { target = fs.readlinkSync(wants); } catch { /* not enabled */ }
    assert.match(target, /\/lib\/systemd\/system\/pokerclock\.service$/, 'pokerclock.service is not enabled');
    const conffiles = inRoot(root, ['dpkg-query', '--showformat=${Conffiles}', '--show', 'pokerclock']).stdout;
    assert.match(conffiles, /\/etc\/pokerclock\/pokerclock\.cfg/);
    const st = inRoot(root, ['stat', '-c', '%U:%G %a', '/etc/pokerclock/pokerclock.cfg']).stdout.trim();
    assert.equal(st, 'root:pokerclock 640');
    assert.notEqual(inRoot(root, ['cat', '/etc/pokerclock/pokerclock.cfg'], { user: 'nobody' }).status, 0,
      'another user can read the director PIN');
  });

  test('the installed unit and its man pages pass systemd-analyze verify', () => {
    const env = { ...process.env, MANPATH: path.join(root, 'usr/share/man') };
    const r = run('systemd-analyze', [`--root=${root}`, 'verify', 'pokerclock.service'], { env });
    assert.equal(r.status, 0, r.out);
    assert.equal(r.out.trim(), '', r.out);
    const sec = run('systemd-analyze', ['security', '--offline=yes', `--root=${root}`, 'pokerclock.service']);
    const verdict = /Overall exposure level for pokerclock\.service: ([\d.]+) (\w+)/.exec(sec.out);
    assert.ok(verdict, sec.out.slice(-2000));
    assert.ok(['SAFE', 'OK'].includes(verdict[2]), `sandbox rated ${verdict[1]} ${verdict[2]}`);
  });

  test('the shipped configuration passes pokerclock --check', () => {
    const r = inRoot(root, ['/usr/bin/pokerclock', '--check', '/etc/pokerclock/pokerclock.cfg'], { user: 'pokerclock' });
    assert.equal(r.status, 0, r.out);
  });

  test('the installed clock starts as its user, reports ready, feeds the watchdog, serves and stops cleanly', async () => {
    // What systemd does for StateDirectory= before starting the service.
    assert.equal(inRoot(root, ['install', '-d', '-o', 'pokerclock', '-g', 'pokerclock', '-m', '0750',
      '/var/lib/pokerclock']).status, 0);
    const unit = fs.readFileSync(path.join(root, 'lib/systemd/system/pokerclock.service'), 'utf8');
    const execStart = /^ExecStart=(.*)$/m.exec(unit)[1].trim().split(/\s+/);
    const port = await freePort();
    const sock = path.join(root, 'run/pokerclock-test-notify');
    const notify = notifySocket(sock);
    let clock;
    try {
      await notify.ready();
      clock = spawnInRoot(root, [...execStart, '--headless', '--bind', '127.0.0.1', '--port', String(port)], {
        user: 'pokerclock', env: { NOTIFY_SOCKET: '/run/pokerclock-test-notify' },
      });
      let log = '';
      clock.stdout.on('data', (d) => (log += d));
      clock.stderr.on('data', (d) => (log += d));
      await waitFor(() => notify.messages.includes('READY=1') || clock.exitCode !== null, 20000, 'READY=1');
      assert.ok(notify.messages.includes('READY=1'), `no READY=1; the clock said:\n${log}`);
      const health = await getJSON(`http://127.0.0.1:${port}/healthz`);
      assert.equal(health.status, 200);
      assert.equal(health.body.ok, true);
      const state = await getJSON(`http://127.0.0.1:${port}/api/state`);
      assert.equal(state.status, 200);
      assert.equal(typeof state.body.seq, 'number');
      assert.equal(state.body.seq, health.body.seq);
      await waitFor(() => notify.messages.includes('WATCHDOG=1'), 5000, 'a watchdog keep-alive');
      // The clock saved its tournament where the unit says, as its own user.
      const owner = inRoot(root, ['stat', '-c', '%U', '/var/lib/pokerclock/journal']).stdout.trim();
      assert.equal(owner, 'pokerclock');
      clock.kill('SIGTERM');
      const end = await Promise.race([exited(clock), new Promise((r) => setTimeout(() => r('hung'), 15000))]);
      assert.deepEqual(end, { code: 0, signal: null }, `stopping: ${JSON.stringify(end)}\n${log}`);
    } finally {
      if (clock && clock.exitCode === null && clock.signalCode === null) clock.kill('SIGKILL');
      notify.close();
    }
  });

  test('an edited configuration survives reinstalling the package', () => {
    const cfg = path.join(root, 'etc/pokerclock/pokerclock.cfg');
    const edited = fs.readFileSync(cfg, 'utf8').replace(/^port = \d+;/m, 'port = 8099;');
    fs.writeFileSync(cfg, edited);
    fs.copyFileSync(deb, path.join(root, 'tmp/reinstall.deb'));
    const r = inRoot(root, ['dpkg', '--force-confold', '-i', '/tmp/reinstall.deb']);
    assert.equal(r.status, 0, r.out);
    assert.equal(fs.readFileSync(cfg, 'utf8'), edited);
  });

  test('purging removes the configuration and the saved tournaments', () => {
    const r = inRoot(root, ['dpkg', '--purge', 'pokerclock']);
    assert.equal(r.status, 0, r.out);
    assert.doesNotMatch(r.out, /warning|error/i);
    for (const p of ['etc/pokerclock', 'var/lib/pokerclock', 'usr/bin/pokerclock',
      'etc/systemd/system/multi-user.target.wants/pokerclock.service'])
      assert.throws(() => fs.lstatSync(path.join(root, p)), { code: 'ENOENT' }, `${p} is still there`);
  });
});
