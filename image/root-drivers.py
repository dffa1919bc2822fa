#!/usr/bin/env python3
"""The drivers each supported Raspberry Pi needs to find its root file system.

Walks each model's device tree from its SD card controller through everything
that controller waits for before it probes (the kernel's fw_devlink follows
the same properties: clocks, regulators, pin control, GPIOs, interrupt and
DMA controllers, power domains, resets, mailboxes, and each device's parent
device), and finds the driver that binds each node: built into the kernel,
or a module (modules.alias, the of: aliases). A module the root path needs
must be in the initramfs: without it the controller waits for its supplier
until the kernel gives up (10 s), or for ever.

  root-drivers.py modules MODULES_DIR DTB_DIR
      the modules the models' root paths need (one a line), for the
      initramfs hook
  root-drivers.py check MODULES_DIR DTB_DIR INITRAMFS_LIST
      one line per model and driver (ok / not ok); fails when a module the
      root path needs is not in the initramfs (INITRAMFS_LIST: its file
      names, as lsinitramfs prints them)
  root-drivers.py devices MODULES_DIR DTB_DIR
      the same walk from each model's screen (the display pipeline and the
      GPU) and network (Ethernet, Wi-Fi): one line per model and driver;
      fails when a device or a supplier has no driver in the kernel, built
      in or a module in MODULES_DIR (the root's: these load after the root
      is mounted). On the Pi 5 this is the whole of what is known about
      its screen and network: no emulator has its RP1 or its display.
"""
import fnmatch
import gzip
import lzma
import os
import struct
import sys

# The supported models: the device tree the firmware loads on each.
MODELS = [
    ("Pi 3 B", "bcm2837-rpi-3-b.dtb"),
    ("Pi 3 B+", "bcm2837-rpi-3-b-plus.dtb"),
    ("Pi 3 A+", "bcm2837-rpi-3-a-plus.dtb"),
    ("Zero 2 W", "bcm2837-rpi-zero-2-w.dtb"),
    ("Pi 4 B", "bcm2711-rpi-4-b.dtb"),
    ("Pi 400", "bcm2711-rpi-400.dtb"),
    ("CM4 on its IO board", "bcm2711-rpi-cm4-io.dtb"),
    ("Pi 5 (C1 stepping)", "bcm2712-rpi-5-b.dtb"),
    ("Pi 5 (D0 stepping), Pi 500", "bcm2712-d-rpi-5-b.dtb"),
]

# Properties that name a supplier: (property, the provider's #cells property
# or None for a list of plain phandles).
PHANDLE_LISTS = [
    ("clocks", "#clock-cells"), ("dmas", "#dma-cells"), ("mboxes", "#mbox-cells"),
    ("power-domains", "#power-domain-cells"), ("resets", "#reset-cells"),
    ("phys", "#phy-cells"), ("iommus", "#iommu-cells"), ("interconnects", "#interconnect-cells"),
    ("pwms", "#pwm-cells"), ("nvmem-cells", None), ("hwlocks", "#hwlock-cells"),
    ("msi-parent", "#msi-cells"), ("io-channels", "#io-channel-cells"),
    ("interrupt-parent", None), ("firmware", None), ("mmc-pwrseq", None),
]
# The devices the clock uses beyond its root, by compatible (fnmatch
# patterns), on each model that has them enabled: the display pipeline
# (vc4's DRM device and the components it gathers, the GPU) and the network
# (the Pi 4's GENET, the Pi 5's Ethernet in its RP1, the Wi-Fi chip). The
# modules named last bind nodes that have no alias of their own: vc4 binds
# its components when its DRM device probes, brcmfmac finds its chip on
# the SDIO bus and reads its node; such a node is theirs when its
# compatible is in the module.
DEVICES = [
    ("the screen", ["brcm,bcm2835-vc4", "brcm,bcm2711-vc5", "brcm,bcm2712-vc6", "brcm,*-hvs",
                    "brcm,*-pixelvalve*", "brcm,*-hdmi", "brcm,*-hdmi[01]", "brcm,*-v3d"], ["vc4"]),
    ("the network", ["brcm,bcm2711-genet-v5", "raspberrypi,rp1-gem", "brcm,bcm4329-fmac"], ["brcmfmac"]),
]
# Buses whose children the kernel itself populates: no driver of their own.
CORE_BUSES = {"simple-bus", "simple-mfd", "isa", "arm,amba-bus"}


class Node:
    def __init__(self, name, parent):
        self.name, self.parent, self.props, self.children = name, parent, {}, []

    @property
    def path(self):
        if self.parent is None:
            return "/"
        return (self.parent.path.rstrip("/") + "/" + self.name)

    def compat(self):
        v = self.props.get("compatible")
        return [s.decode() for s in v.split(b"\0") if s] if v else []

    def enabled(self):
        s = self.props.get("status", b"okay").rstrip(b"\0")
        return s in (b"okay", b"ok")

    def u32s(self, prop):
        v = self.props.get(prop, b"")
        return list(struct.unpack(">%dI" % (len(v) // 4), v[: len(v) // 4 * 4]))


def parse_dtb(path):
    """The tree of a flattened device tree blob."""
    data = open(path, "rb").read()
    magic, _, off_struct, off_strings = struct.unpack(">IIII", data[:16])
    if magic != 0xD00DFEED:
        raise ValueError(path + ": not a device tree blob")
    strings = data[off_strings:]
    pos, root, cur = off_struct, None, None
    while True:
        (tok,) = struct.unpack(">I", data[pos: pos + 4])
        pos += 4
        if tok == 1:  # begin node
            end = data.index(b"\0", pos)
            node = Node(data[pos:end].decode(), cur)
            if cur is None:
                root = node
            else:
                cur.children.append(node)
            cur = node
            pos = (end + 4) & ~3
        elif tok == 2:  # end node
            cur = cur.parent
        elif tok == 3:  # property
            length, nameoff = struct.unpack(">II", data[pos: pos + 8])
            pos += 8
            name = strings[nameoff: strings.index(b"\0", nameoff)].decode()
            cur.props[name] = data[pos: pos + length]
            pos = (pos + length + 3) & ~3
        elif tok == 4:  # nop
            continue
        elif tok == 9:  # end
            return root
        else:
            raise ValueError("%s: bad token %d" % (path, tok))


def walk(node):
    yield node
    for c in node.children:
        yield from walk(c)


class Kernel:
    """Which driver binds a compatible: built in, a module, or none."""

    def __init__(self, moddir):
        self.aliases = []  # (pattern, module, builtin)
        self.cache, self.files, self.moddir = {}, {}, moddir
        for line in open(os.path.join(moddir, "modules.alias")):
            parts = line.split()
            if len(parts) == 3 and parts[0] == "alias" and parts[1].startswith(("of:", "pci:")):
                self.aliases.append((parts[1], parts[2], False))
        raw = open(os.path.join(moddir, "modules.builtin.modinfo"), "rb").read()
        for entry in raw.split(b"\0"):
            mod, _, rest = entry.decode(errors="replace").partition(".")
            if rest.startswith(("alias=of:", "alias=pci:")):
                self.aliases.append((rest[len("alias="):], mod, True))
        self.paths = {}
        for line in open(os.path.join(moddir, "modules.dep")):
            p = line.split(":")[0]
            self.paths[os.path.basename(p).split(".ko")[0].replace("-", "_")] = p
        for line in open(os.path.join(moddir, "modules.builtin")):
            self.paths[os.path.basename(line.strip()).split(".ko")[0].replace("-", "_")] = line.strip()
        # Drivers declared with OF_DECLARE are found in the kernel image.
        image = os.path.join(moddir, "vmlinuz")
        if not os.path.exists(image):
            raise SystemExit("root-drivers: %s is missing: the kernel image tells its built-in "
                             "drivers" % image)
        self.image = open(image, "rb").read()
        if self.image[:2] == b"\x1f\x8b":
            self.image = gzip.decompress(self.image)

    def driver(self, node):
        """('builtin'|'module'|'none', name) for a node with a compatible."""
        compat = node.compat()
        name = node.name.split("@")[0]
        dtype = node.props.get("device_type", b"<NULL>").rstrip(b"\0").decode()
        modalias = "of:N%sT%s" % (name, dtype) + "".join("C" + c for c in compat)
        # A device on PCI (the Pi 5's RP1) is bound by its vendor and device.
        pci = [c[3:].split(",") for c in compat if fnmatch.fnmatchcase(c, "pci[0-9a-f]*,[0-9a-f]*")]
        if pci:
            modalias = "pci:v%08Xd%08Xsv*sd*bc*sc*i*" % (int(pci[0][0], 16), int(pci[0][1], 16))
        if modalias not in self.cache:
            self.cache[modalias] = self.bind(modalias, compat)
        return self.cache[modalias]

    def bind(self, modalias, compat):
        found = [(m, b) for pat, m, b in self.aliases if fnmatch.fnmatchcase(modalias, pat)]
        if found:
            builtin = [m for m, b in found if b]
            if builtin:
                return "builtin", builtin[0]
            return "module", sorted({m.replace("-", "_") for m, b in found})[0]
        # Drivers declared with OF_DECLARE (interrupt controllers, fixed
        # clocks, timers) have no alias: their compatible is in the image.
        for c in compat:
            if c in CORE_BUSES or (b"\0" + c.encode() + b"\0") in self.image:
                return "builtin", c
        return "none", None

    def carries(self, module, compat):
        """Whether a module's file names the compatible (its match tables)."""
        path = os.path.join(self.moddir, self.paths.get(module, "-"))
        if not os.path.exists(path):
            return False
        if path not in self.files:
            data = open(path, "rb").read()
            if path.endswith(".xz"):
                data = lzma.decompress(data)
            elif path.endswith(".gz"):
                data = gzip.decompress(data)
            self.files[path] = data
        return (b"\0" + compat.encode() + b"\0") in self.files[path]

    def is_mmc_host(self, node):
        kind, mod = self.driver(node)
        return kind != "none" and "/drivers/mmc/host/" in "/" + self.paths.get(mod or "", "")


class Tree:
    def __init__(self, path):
        self.root = parse_dtb(path)
        self.by_phandle = {}
        for n in walk(self.root):
            for p in ("phandle", "linux,phandle"):
                if p in n.props:
                    self.by_phandle[n.u32s(p)[0]] = n

    def device_of(self, node):
        """The device a node belongs to: itself, or its nearest ancestor with
        a compatible (a pin group belongs to its pin controller)."""
        while node is not None and not node.compat():
            node = node.parent
        return node

    def phandle_list(self, node, prop, cells_prop):
        vals, i, out = node.u32s(prop), 0, []
        while i < len(vals):
            target = self.by_phandle.get(vals[i])
            i += 1
            if target is None:
                continue  # a placeholder (0): no supplier
            out.append(target)
            if cells_prop:
                c = target.u32s(cells_prop)
                i += c[0] if c else 0
        return out

    def interrupt_parent(self, node):
        n = node
        while n is not None:
            if "interrupt-parent" in n.props:
                return self.by_phandle.get(n.u32s("interrupt-parent")[0])
            n = n.parent
        return None

    def suppliers(self, node):
        """(why, supplier device node) for everything node waits for."""
        out = []
        for prop, cells in PHANDLE_LISTS:
            if prop in node.props and prop != "interrupt-parent":
                out += [(prop, t) for t in self.phandle_list(node, prop, cells)]
        for prop in node.props:
            if prop.startswith("pinctrl-") and prop[8:].isdigit():
                out += [(prop, t) for t in self.phandle_list(node, prop, None)]
            elif prop.endswith("-supply"):
                out += [(prop, t) for t in self.phandle_list(node, prop, None)]
            elif (prop in ("gpios", "gpio") or prop.endswith("-gpios") or prop.endswith("-gpio")) \
                    and not prop.startswith("#"):
                out += [(prop, t) for t in self.phandle_list(node, prop, "#gpio-cells")]
        if "interrupts" in node.props or "interrupts-extended" in node.props:
            ip = self.interrupt_parent(node)
            if ip is not None:
                out.append(("interrupts", ip))
        if "interrupts-extended" in node.props:
            out += [("interrupts-extended", t)
                    for t in self.phandle_list(node, "interrupts-extended", "#interrupt-cells")]
        parent = self.device_of(node.parent) if node.parent is not None else None
        if parent is not None and parent is not self.root:
            out.append(("parent", parent))
        res = []
        for why, t in out:
            d = self.device_of(t)
            if d is not None and d is not node and d is not self.root:
                res.append((why, d))
        return res


def sd_controllers(tree, kernel):
    """The SD card's controller: an enabled MMC host without the Wi-Fi chip on it."""
    out = []
    for n in walk(tree.root):
        if not n.compat() or not n.enabled() or not kernel.is_mmc_host(n):
            continue
        if any(c.startswith("brcm,bcm43") for ch in n.children for c in ch.compat()):
            continue
        out.append(n)
    return out


def root_path(tree, kernel, start):
    """Every (node, chain) the controller needs, depth first."""
    seen, order = set(), []

    def visit(node, chain):
        if node.path in seen:
            return
        seen.add(node.path)
        order.append((node, chain))
        for why, sup in tree.suppliers(node):
            if sup.enabled():
                visit(sup, chain + ["%s -> %s" % (why, sup.path)])
    visit(start, [])
    return order


def analyse(moddir, dtbdir):
    kernel = Kernel(moddir)
    results = []  # (model, dtb, [(node, chain, kind, driver)], problems)
    for model, dtb in MODELS:
        path = os.path.join(dtbdir, dtb)
        if not os.path.exists(path):
            results.append((model, dtb, [], ["%s is missing from the kernel's device trees" % dtb]))
            continue
        tree = Tree(path)
        ctrls = sd_controllers(tree, kernel)
        problems = [] if ctrls else ["no SD controller found in %s" % dtb]
        needs = []
        for c in ctrls:
            for node, chain in root_path(tree, kernel, c):
                kind, drv = kernel.driver(node)
                needs.append((node, chain, kind, drv))
        results.append((model, dtb, needs, problems))
    return kernel, results


def devices(moddir, dtbdir):
    """(model, purpose, [(node, chain, kind, driver)], problems) for each
    model's screen and network."""
    kernel = Kernel(moddir)
    out = []
    for model, dtb in MODELS:
        path = os.path.join(dtbdir, dtb)
        if not os.path.exists(path):
            continue  # analyse() says so
        tree = Tree(path)
        for purpose, patterns, gatherers in DEVICES:
            starts = [n for n in walk(tree.root) if n.enabled() and
                      any(fnmatch.fnmatchcase(c, p) for c in n.compat() for p in patterns)]
            needs, seen = [], set()
            for start in starts:
                for node, chain in root_path(tree, kernel, start):
                    if node.path not in seen:
                        seen.add(node.path)
                        kind, drv = kernel.driver(node)
                        if kind == "none":
                            drv = next((m for m in gatherers for c in node.compat()
                                        if kernel.carries(m, c)), None)
                            kind = "module" if drv else "none"
                        needs.append((node, chain, kind, drv))
            out.append((model, purpose, needs, [] if starts else ["no device for %s in %s" % (purpose, dtb)]))
    return kernel, out


def verdicts(model, needs, problems, found, where, start_note=""):
    """Prints one line per problem and per driver a path needs (found(drv):
    whether that module is WHERE); returns the number of gaps."""
    failed = 0
    for p in problems:
        print("not ok - %s: %s" % (model, p))
        failed += 1
    for what, node, chain, kind, drv in needs:
        via = ("; " + ", ".join(chain)) if chain else start_note
        what = "%s%s (%s)" % (what, node.path, ",".join(node.compat()[:1]))
        if kind == "builtin":
            print("ok - %s: %s is built in%s" % (model, what, via))
        elif kind == "module" and found(drv):
            print("ok - %s: %s: module %s is in %s%s" % (model, what, drv, where, via))
        elif kind == "module":
            print("not ok - %s: %s: module %s is NOT in %s%s" % (model, what, drv, where, via))
            failed += 1
        else:
            print("not ok - %s: %s: no driver in this kernel%s" % (model, what, via))
            failed += 1
    return failed


def main(argv):
    if len(argv) < 3 or argv[0] not in ("modules", "check", "devices"):
        sys.stderr.write(__doc__)
        return 2
    if argv[0] == "devices":
        kernel, results = devices(argv[1], argv[2])
        in_root = lambda drv: os.path.exists(os.path.join(argv[1], kernel.paths.get(drv, "-")))
        failed = sum(verdicts(model, [(purpose + ": ",) + n for n in needs], problems, in_root, "the root")
                     for model, purpose, needs, problems in results)
        return 1 if failed else 0
    kernel, results = analyse(argv[1], argv[2])
    if argv[0] == "modules":
        mods = sorted({drv for _, _, needs, _ in results for _, _, kind, drv in needs if kind == "module"})
        print("\n".join(mods))
        return 0
    inram = set()
    for line in open(argv[3]):
        base = os.path.basename(line.strip())
        if ".ko" in base:
            inram.add(base.split(".ko")[0].replace("-", "_"))
    failed = sum(verdicts(model, [("",) + n for n in needs], problems, inram.__contains__,
                          "the initramfs", " (the SD controller)")
                 for model, dtb, needs, problems in results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
