#!/usr/bin/env python3
"""Writes Raspberry Pi Imager's repository entry (os_list JSON) for the image:
a venue adds it to Imager (App options, Content repository, or
rpi-imager --repo FILE) and flashes the clock with Imager's settings (name,
Wi-Fi, time zone, SSH keys), which Imager then writes as cloud-init files:
init_format "cloudinit". Never "systemd": Imager would then add a first-boot
script that powers the box off at every boot on its read-only root.

  imager-entry.py IMAGE.img IMAGE.img.xz URL ICON_URL > pokerclock.rpi-imager-manifest
"""
import datetime
import hashlib
import json
import os
import sys


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    raw, xz, url, icon = argv
    entry = {
        "name": "pokerclock",
        "description": "Poker tournament clock on the TV, run from a phone: Raspberry Pi 3, 4, 400, 5, 500 and Zero 2 W",
        "icon": icon,
        "url": url,
        "extract_size": os.path.getsize(raw),
        "extract_sha256": sha256(raw),
        "image_download_size": os.path.getsize(xz),
        "image_download_sha256": sha256(xz),
        "release_date": datetime.datetime.fromtimestamp(os.path.getmtime(xz), datetime.timezone.utc).strftime("%Y-%m-%d"),
        "init_format": "cloudinit",
        # Imager's device families: the Pi 5 and 500; the Pi 4, 400 and
        # CM4; the Pi 3 and the Zero 2 W.
        "devices": ["pi5-64bit", "pi4-64bit", "pi3-64bit"],
    }
    json.dump({"os_list": [entry]}, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
