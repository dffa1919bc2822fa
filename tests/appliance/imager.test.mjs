// Raspberry Pi Imager's settings for a card (its cloud-init files on the
// boot partition, as Imager 1.8, 1.9 and 2.x write them: tests/appliance/
// imager/) read by the appliance's pokerclock-imager as pokerclock.txt
// settings. The boot test (make image-test) boots cards with these files.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT, run, tmpdir, rmrf } from './lib.mjs';

const READER = path.join(ROOT, 'image/files/usr/local/sbin/pokerclock-imager');
const FIXTURES = path.join(ROOT, 'tests/appliance/imager');

function settings(dir) {
  const r = run('sh', [READER, path.join(FIXTURES, dir), path.join(FIXTURES, dir, 'cmdline.txt')]);
  assert.equal(r.status, 0, r.out);
  return r.out.trim().split('\n');
}
const psk = (pass, ssid) =>
  // The key wpa_supplicant derives from a passphrase (PBKDF2-SHA1, 4096 rounds).
  run('python3', ['-c', `import hashlib,sys;print(hashlib.pbkdf2_hmac('sha1',sys.argv[1].encode(),sys.argv[2].encode(),4096,32).hex())`, pass, ssid]).out.trim();

describe("Raspberry Pi Imager's settings", () => {
  test('Imager 1.8: name, time zone, a hidden network with its key, the country from cmdline.txt, a key for SSH', () => {
    assert.deepEqual(settings('v1.8').sort(), [
      'HOSTNAME=bar-royal',
      'SSH=yes',
      'SSH_KEY=ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKpokerclockImagerOneEight tech@laptop',
      'TIMEZONE=Europe/Berlin',
      'WIFI_COUNTRY_CMDLINE=DE',
      'WIFI_HIDDEN=yes',
      `WIFI_PASSWORD=${psk('correct horse', 'Bar Royal')}`,
      'WIFI_SSID=Bar Royal',
    ]);
  });

  test('Imager 1.9: a passphrase, the country in network-config, and a password login that is not taken', () => {
    const s = settings('v1.9');
    assert.ok(s.includes('WIFI_SSID=Zaal 2'), s.join('\n'));
    assert.ok(s.includes('WIFI_PASSWORD=tafel-tien-10'));
    assert.ok(s.includes('WIFI_COUNTRY=NL'));
    assert.ok(s.includes('HOSTNAME=clock-hall') && s.includes('TIMEZONE=Europe/Amsterdam'));
    assert.ok(s.some((l) => /^NOTE=.*password.*not used/.test(l)), s.join('\n'));
    assert.ok(!s.some((l) => l.startsWith('SSH')), 'no SSH without a key');
  });

  test('Imager 2.x: two keys, a name with quotes, hidden, the country', () => {
    const s = settings('v2');
    assert.deepEqual(s.filter((l) => l.startsWith('SSH_KEY=')).length, 2);
    assert.ok(s.includes('SSH=yes'));
    assert.ok(s.includes('WIFI_SSID=Venue "5G"'), s.join('\n'));
    assert.ok(s.includes(`WIFI_PASSWORD=${psk('river-card-42', 'Venue "5G"')}`));
    assert.ok(s.includes('WIFI_HIDDEN=yes') && s.includes('WIFI_COUNTRY=NO'));
    assert.ok(s.includes('HOSTNAME=clocktwo') && s.includes('TIMEZONE=Europe/Oslo'));
  });

  test('a card without Imager files: nothing', () => {
    const dir = tmpdir('imager');
    try {
      fs.writeFileSync(path.join(dir, 'cmdline.txt'), 'root=PARTUUID=5043c10c-02 cfg80211.ieee80211_regdom=GB\n');
      const r = run('sh', [READER, dir, path.join(dir, 'cmdline.txt')]);
      assert.equal(r.status, 0);
      assert.equal(r.out.trim(), '');
    } finally {
      rmrf(dir);
    }
  });
});
