#!/usr/bin/env python3
"""Writes the device tree overlay (as dts source) that turns one device tree
into another: every property that differs or is new in TO, set on its node.
Fails when TO lacks a node or property FROM has (an overlay cannot remove).

  dt-overlay.py FROM.dtb TO.dtb > overlay.dts      (then dtc -@ -I dts -O dtb)

The Pi 5's firmware applies the overlay named bcm2712d0 to the device tree
it loads when the board has a D0 stepping of the BCM2712; made from Linux's
bcm2712-rpi-5-b.dtb (C1) and bcm2712-d-rpi-5-b.dtb (D0) it gives a D0 board
its own device tree whichever of the two the firmware picked.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
rd = __import__("root-drivers")


def nodes(root):
    return {n.path: n for n in rd.walk(root)}


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    a, b = (nodes(rd.parse_dtb(p)) for p in argv)
    missing = [p for p in a if p not in b] + \
        ["%s:%s" % (p, k) for p, n in a.items() if p in b for k in n.props if k not in b[p].props]
    if missing:
        sys.stderr.write("dt-overlay: %s lacks what %s has: %s\n" % (argv[1], argv[0], " ".join(missing[:8])))
        return 1
    out = ["/dts-v1/;", "/plugin/;", "", "/ {"]
    n = 0
    for path, node in b.items():
        if path not in a:
            sys.stderr.write("dt-overlay: %s is a new node (not supported)\n" % path)
            return 1
        changed = {k: v for k, v in node.props.items() if a[path].props.get(k) != v}
        if not changed:
            continue
        out.append("\tfragment@%d {" % n)
        out.append('\t\ttarget-path = "%s";' % path)
        out.append("\t\t__overlay__ {")
        for k, v in sorted(changed.items()):
            out.append("\t\t\t%s = [%s];" % (k, " ".join("%02x" % c for c in v)))
        out.append("\t\t};")
        out.append("\t};")
        n += 1
    out.append("};")
    print("\n".join(out))
    sys.stderr.write("dt-overlay: %d node(s) differ\n" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
