// Helpers for the appliance tests: tools, free ports, a throwaway Debian root.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function have(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

// Installs Debian packages for missing tools when we may (root); returns the
// tools still missing, so a test can skip saying why.
export function ensureTools(tools) {
  let missing = Object.keys(tools).filter((t) => !have(t));
  if (missing.length && process.getuid() === 0) {
    const pkgs = [...new Set(missing.map((t) => tools[t]))];
    spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...pkgs], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    missing = missing.filter((t) => !have(t));
  }
  return missing;
}

export { freePort } from '../api/clock.mjs';

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  return { status: r.status, stdout: r.stdout || '', stderr: r.stderr || '', out: (r.stdout || '') + (r.stderr || '') };
}

export function tmpdir(name) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `pokerclock-${name}-`));
}

// Builds the package with `make deb` into dir; returns the .deb's path.
export function buildDeb(dir) {
  const r = run('make', ['--no-print-directory', 'deb', `DEB_OUT=${dir}`], { cwd: ROOT });
  if (r.status !== 0) throw new Error(`make deb failed:\n${r.out.slice(-4000)}`);
  const deb = fs.readdirSync(dir).find((f) => /^pokerclock_.*\.deb$/.test(f));
  if (!deb) throw new Error(`make deb made no pokerclock_*.deb in ${dir}`);
  return path.join(dir, deb);
}

// Runs a command inside root with /proc mounted in a private mount namespace:
// nothing stays mounted when the command ends, however it ends.
export function chrootArgs(root, argv, { user } = {}) {
  const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  const who = user ? `--userspec=${user}:${user} --groups=video,render,input,audio ` : '';
  const script = `mount -t proc proc ${q(root + '/proc')} && exec chroot ${who}${q(root)} ${argv.map(q).join(' ')}`;
  return ['unshare', ['-m', 'sh', '-c', script]];
}

export function inRoot(root, argv, opts = {}) {
  const [cmd, args] = chrootArgs(root, argv, opts);
  return run(cmd, args, opts);
}

export function spawnInRoot(root, argv, { user, env } = {}) {
  const [cmd, args] = chrootArgs(root, argv, { user });
  return spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

// A systemd notify socket: collects what the service sends (READY=1, WATCHDOG=1).
// Node has no datagram Unix sockets, so a small Python listener does it.
export function notifySocket(sockPath) {
  const py = `import socket,sys,os
s=socket.socket(socket.AF_UNIX,socket.SOCK_DGRAM); s.bind(sys.argv[1]); os.chmod(sys.argv[1],0o777)
print("LISTENING",flush=True)
while True: print(s.recv(4096).decode(errors="replace").replace("\\n"," "),flush=True)`;
  const p = spawn('python3', ['-c', py, sockPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  const messages = [];
  let buf = '';
  p.stdout.on('data', (d) => {
    buf += d;
    const lines = buf.split('\n');
    buf = lines.pop();
    messages.push(...lines);
  });
  return {
    messages,
    ready: () => waitFor(() => messages.includes('LISTENING'), 5000, 'the notify listener to start'),
    close: () => p.kill(),
  };
}

export async function waitFor(cond, ms, what) {
  const end = Date.now() + ms;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function getJSON(url) {
  const r = await fetch(url);
  return { status: r.status, body: await r.json() };
}

export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export function rmrf(dir) {
  // A root tree may hold files only root can remove; never follow mounts (none stay).
  try {
    execFileSync('rm', ['-rf', '--one-file-system', dir]);
  } catch {
    /* best effort */
  }
}
