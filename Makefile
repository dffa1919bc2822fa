# pokerclock: plain make + pkg-config.
#   make            build ./pokerclock
#   make run        build and start with the built-in tournament
#   make check      the project's own checks: tools/long-functions and
#                   every C source laid out as .clang-format says
#   make test       make check, then build and run the unit, API and
#                   browser tests
#   make test-package build the Debian package and test it installed
#   make bench      run the benchmarks
#   make soak       kill -9 the clock CYCLES times under command load (200)
#   make attack     run the network attacks and print what got through
#   make deps       install the Debian packages the build and tests need
#   make test SAN=1 the same under AddressSanitizer + UBSan (in build-san/)
#   make test TSAN=1 the unit tests and the crowded API tests under
#                   ThreadSanitizer (in build-tsan/)
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (clang, build-fuzz/)
#   make format     lay out every C source as .clang-format says
#   make install    PREFIX=/usr DESTDIR=...

PREFIX    ?= /usr/local
DESTDIR   ?=
# FUZZ=1 (what `make fuzz` uses): clang, the sanitizers and libFuzzer's
# coverage, in build-fuzz/.
FUZZ      ?=
ifneq ($(FUZZ),)
CC        = clang
SAN       = 1
BUILD     = build-fuzz
endif
# SAN=1: every object, the program and the tests with AddressSanitizer and
# UndefinedBehaviorSanitizer, in a build directory of their own.
SAN       ?=
# TSAN=1: ThreadSanitizer instead, in build-tsan/ (it cannot share a
# program with AddressSanitizer).
TSAN      ?=
ifneq ($(SAN),)
ifneq ($(TSAN),)
$(error SAN=1 and TSAN=1 exclude each other: run one, then the other)
endif
endif
SANITIZE  = $(if $(TSAN),tsan,$(if $(SAN),san))
ASAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all
SAN_FLAGS = -fno-omit-frame-pointer $(if $(TSAN),-fsanitize=thread,$(ASAN_FLAGS)) \
            $(if $(FUZZ),-fsanitize=fuzzer-no-link)
BUILD     ?= $(if $(SANITIZE),build-$(SANITIZE),build)
BIN       ?= $(if $(SANITIZE),$(BUILD)/pokerclock,pokerclock)
CC        ?= cc
# tools/embed runs on the build machine, also when cross-compiling.
CC_FOR_BUILD ?= $(CC)
PKG_CONFIG ?= pkg-config

PKGS      = jansson libconfig libmicrohttpd sdl2 SDL2_ttf SDL2_image libqrencode zlib libpng libjpeg
TEST_PKGS = cmocka

# Debian packages: build, tests (browser tests need chromium and node).
DEB_BUILD = build-essential pkg-config libjansson-dev libconfig-dev \
            libmicrohttpd-dev libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev \
            libqrencode-dev zlib1g-dev libpng-dev libjpeg-dev fonts-dejavu-core gettext
DEB_TEST  = libcmocka-dev chromium curl xvfb xdotool poppler-utils
# make check's layout check (the version in Debian decides the layout).
DEB_TEST += clang-format
# The wall's voice (espeak-ng, run as a program) and the sound tests' sox.
DEB_TEST += espeak-ng sox
# Node and npm only when the machine has none (it may have them from elsewhere).
DEB_NODE  = $(if $(shell command -v node 2>/dev/null),,nodejs)
DEB_NPM   = $(if $(shell command -v npm 2>/dev/null),,npm)

CC_IS_CLANG := $(shell $(CC) --version 2>/dev/null | grep -q clang && echo 1)
# clang has no -Wformat-truncation (and would refuse the unknown option);
# its -Wstring-concatenation takes a long literal split over lines in an
# array of strings for a missing comma.
WARN      = -Wall -Wextra -Werror -Wshadow -Wno-unused-parameter \
            $(if $(CC_IS_CLANG),-Wno-string-concatenation,-Wno-format-truncation)
CFLAGS   ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(if $(SANITIZE),$(SAN_FLAGS)) -Iclock -I$(BUILD)/gen \
             $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
LDLIBS    = $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null) -lpthread -lm
LDFLAGS  += $(if $(SANITIZE),$(SAN_FLAGS))

VERSION  := $(shell cat VERSION 2>/dev/null || echo 0.1.0)

# The program minus main.c is a static library shared by the tests.
LIB_SRC   = $(sort $(shell find clock -name '*.c' ! -name main.c))
LIB_OBJ   = $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/lang_table.o
# The catalogs: English first (its keys are the reference), then the others.
PO        = po/en.po po/nb.po po/de.po po/nl.po po/da.po
# Web pages, the built-in tournament and the font are embedded in the binary.
EMBED_SRC = $(sort $(shell find web -type f ! -name '*.md' 2>/dev/null)) \
            assets/structures/default.cfg \
            $(sort $(shell find assets/fonts -type f -name '*.ttf' 2>/dev/null)) \
            $(sort $(wildcard assets/sounds/*.wav))
# Generated from the catalogs, embedded under its web/ name.
EMBED_GEN = web/i18n.js=$(BUILD)/web/i18n.js web/panel-i18n.js=$(BUILD)/web/panel-i18n.js
TEST_SRC  = $(sort $(wildcard tests/unit/test_*.c))
TEST_BIN  = $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
# Fuzz targets (tests/fuzz/NAME.c): `make fuzz` runs each under libFuzzer;
# every `make test` replays each one's corpus and regression inputs
# (tests/fuzz/NAME/) through the same entry point, as build/tests/test_fuzz_NAME.
FUZZ_TARGETS = $(sort $(patsubst tests/fuzz/%.c,%,$(filter-out tests/fuzz/replay.c,$(wildcard tests/fuzz/*.c))))
TEST_BIN += $(FUZZ_TARGETS:%=$(BUILD)/tests/test_fuzz_%)
FUZZ_SECONDS ?= 60
# The C sources make check and make format hold to .clang-format, as the
# clang-format of Debian 12 lays them out.
FORMAT_VERSION = 14
FORMAT_SRC = $(sort $(shell find clock -name '*.[ch]') $(wildcard tests/unit/*.[ch]) $(wildcard tools/*.c))

.PHONY: all run check test test-package unit-test bench soak attack deps check-deps install clean format fuzz fuzz-build fuzz-deps

all: check-deps $(BIN) $(BUILD)/web/.pages

check-deps:
	@$(PKG_CONFIG) --exists $(PKGS) $(TEST_PKGS) 2>/dev/null || $(MAKE) --no-print-directory deps

deps:
	@missing=""; for p in $(DEB_BUILD) $(DEB_TEST) $(DEB_NODE) $(DEB_NPM); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi

$(BIN): $(BUILD)/clock/main.o $(BUILD)/libpokerclock.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/libpokerclock.a: $(LIB_OBJ) $(BUILD)/embedded.o
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -DPOKERCLOCK_VERSION='"$(VERSION)"' -MMD -MP -c -o $@ $<

$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(CC_FOR_BUILD) -std=c11 -O2 -Wall -Wextra -Werror -o $@ $<

$(BUILD)/embedded.c: $(BUILD)/tools/embed $(EMBED_SRC) $(BUILD)/web/i18n.js $(BUILD)/web/panel-i18n.js
	$(BUILD)/tools/embed $(EMBED_SRC) $(EMBED_GEN) > $@.tmp && mv $@.tmp $@

# The wall's table, the pages' i18n.js and the panel's panel-i18n.js, from the same catalogs.
$(BUILD)/tools/po2tables: tools/po2tables.c
	@mkdir -p $(dir $@)
	$(CC_FOR_BUILD) -std=c11 -O2 -Wall -Wextra -Werror -o $@ $<

$(BUILD)/gen/lang_table.c $(BUILD)/gen/lang_table.h $(BUILD)/web/i18n.js $(BUILD)/web/panel-i18n.js &: \
    $(BUILD)/tools/po2tables $(PO) po/runtime.js
	@mkdir -p $(BUILD)/gen $(BUILD)/web
	$(BUILD)/tools/po2tables $(BUILD)/gen/lang_table.h $(BUILD)/gen/lang_table.c \
	  $(BUILD)/web/i18n.js $(BUILD)/web/panel-i18n.js po/runtime.js $(PO)

# build/web: the pages with the generated i18n.js, for --web-dir build/web.
$(BUILD)/web/.pages: $(sort $(shell find web -type f ! -name '*.md' 2>/dev/null)) $(BUILD)/web/i18n.js $(BUILD)/web/panel-i18n.js
	cp -r web/. $(BUILD)/web/ && touch $@

$(BUILD)/gen/lang_table.o: $(BUILD)/gen/lang_table.c $(BUILD)/gen/lang_table.h
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(LIB_OBJ) $(BUILD)/clock/main.o: | $(BUILD)/gen/lang_table.h

$(BUILD)/embedded.o: $(BUILD)/embedded.c
	$(CC) -std=c11 -O2 -Iclock -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libpokerclock.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(shell $(PKG_CONFIG) --cflags cmocka) -o $@ $< \
	  $(BUILD)/libpokerclock.a $(LDLIBS) $(shell $(PKG_CONFIG) --libs cmocka)

$(BUILD)/tests/test_fuzz_%: tests/fuzz/%.c tests/fuzz/replay.c $(BUILD)/libpokerclock.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(shell $(PKG_CONFIG) --cflags cmocka) -DFUZZ_NAME='"$*"' -o $@ \
	  tests/fuzz/$*.c tests/fuzz/replay.c \
	  $(BUILD)/libpokerclock.a $(LDLIBS) $(shell $(PKG_CONFIG) --libs cmocka)

$(BUILD)/fuzz/%: tests/fuzz/%.c $(BUILD)/libpokerclock.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(BUILD)/libpokerclock.a $(LDLIBS)

# make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS=config]: each target for that long
# on its corpus (new finds go to build-fuzz/corpus/NAME, crashes to
# build-fuzz/crash/NAME), then a summary.
fuzz: fuzz-deps
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-build
	@BUILD=build-fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run $(FUZZ_TARGETS)

fuzz-build: check-deps $(FUZZ_TARGETS:%=$(BUILD)/fuzz/%)

# clang and its libFuzzer runtime (Debian splits it off: libclang-rt-N-dev).
fuzz-deps:
	@SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	if ! command -v clang >/dev/null; then $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends clang; fi; \
	v=$$(clang -dumpversion | cut -d. -f1); \
	dpkg -s libclang-rt-$$v-dev >/dev/null 2>&1 || \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends libclang-rt-$$v-dev

run: all
	./pokerclock

unit-test: check-deps $(TEST_BIN)

# Before any test: no function over 80 lines without its reason, and no
# source laid out other than .clang-format says (make format mends that).
check:
	tools/long-functions
	@command -v clang-format >/dev/null || { echo "make check needs clang-format (make deps installs it)"; exit 1; }
	@v=$$(clang-format --version | sed -n 's/.*version \([0-9]*\)\..*/\1/p'); \
	if [ "$$v" != "$(FORMAT_VERSION)" ]; then \
	  echo "make check: the layout is clang-format $(FORMAT_VERSION)'s (Debian 12); this one is $$v, which lays out some lines otherwise: layout not checked"; \
	else \
	  echo "clang-format --dry-run -Werror: $(words $(FORMAT_SRC)) C sources"; \
	  clang-format --dry-run -Werror $(FORMAT_SRC); \
	fi

test: check all unit-test
	@BUILD=$(BUILD) SAN=$(SAN) TSAN=$(TSAN) POKERCLOCK_BIN=$(abspath $(BIN)) tests/run-all

test-package: all
	@SUITES=appliance POKERCLOCK_BIN=$(abspath $(BIN)) tests/run-all

bench: all
	@BUILD=$(BUILD) tests/bench/run

CYCLES ?= 200
soak: all
	@POKERCLOCK_BIN=$(abspath $(BIN)) node tests/soak/soak.mjs $(CYCLES)

# Network attacks on the real clock on 127.0.0.1 with a summary of counts;
# ATTACK_ARGS=--quick for the short run CI does.
attack: all
	@[ -d tests/node_modules ] || (cd tests && npm install --no-audit --no-fund --loglevel=error)
	ulimit -n $$(ulimit -Hn) 2>/dev/null; POKERCLOCK_BIN=$(abspath $(BIN)) node tests/attack/run.mjs $(ATTACK_ARGS)

# The unit, the user, the man pages and the sample tournaments with the
# program; a default configuration (never overwritten) when /etc/pokerclock
# has none.
install: $(BIN)
	install -D -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/pokerclock
	install -d $(DESTDIR)$(PREFIX)/share/pokerclock/structures
	for f in assets/structures/*.cfg; do [ ! -f "$$f" ] || \
	  install -m 0644 "$$f" $(DESTDIR)$(PREFIX)/share/pokerclock/structures/; done
	[ ! -d web ] || { install -d $(DESTDIR)$(PREFIX)/share/pokerclock/web && \
	  cp -r web/. $(DESTDIR)$(PREFIX)/share/pokerclock/web/ && \
	  install -m 0644 $(BUILD)/web/i18n.js $(BUILD)/web/panel-i18n.js $(DESTDIR)$(PREFIX)/share/pokerclock/web/; }
	install -d $(DESTDIR)/lib/systemd/system
	sed 's#/usr/bin/pokerclock#$(PREFIX)/bin/pokerclock#' systemd/pokerclock.service \
	  > $(DESTDIR)/lib/systemd/system/pokerclock.service
	install -D -m 0644 systemd/pokerclock.sysusers $(DESTDIR)$(PREFIX)/lib/sysusers.d/pokerclock.conf
	install -D -m 0644 docs/pokerclock.1 $(DESTDIR)$(PREFIX)/share/man/man1/pokerclock.1
	install -D -m 0644 docs/pokerclock.cfg.5 $(DESTDIR)$(PREFIX)/share/man/man5/pokerclock.cfg.5
	[ -e $(DESTDIR)/etc/pokerclock/pokerclock.cfg ] || \
	  install -D -m 0644 debian/pokerclock.cfg $(DESTDIR)/etc/pokerclock/pokerclock.cfg

format:
	clang-format -i $(FORMAT_SRC)

clean:
	rm -rf $(BUILD) $(BIN) build-san build-tsan build-fuzz

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# The appliance: the Debian package and the Raspberry Pi SD image.
#   make deb                      .deb for this machine (build/deb/)
#   make deb ARCH=arm64 SUITE=trixie   cross-built in a throwaway chroot
#   make image                    pokerclock-arm64.img.xz (Pi 3, 4, 400, 5, 500, Zero 2 W)
#                                 and pokerclock.rpi-imager-manifest (Raspberry Pi Imager)
#   make image-test               build the image and boot it under qemu: virt, raspi3b, raspi4b
ARCH  ?=
SUITE ?=
DEB_OUT ?= $(BUILD)/deb/$(if $(SUITE),$(SUITE)-)$(or $(ARCH),$(shell dpkg --print-architecture))

.PHONY: deb image image-test

deb: $(if $(SUITE)$(ARCH),,check-deps)
	@command -v dh >/dev/null || { $(MAKE) --no-print-directory deps && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debhelper; }
	@rm -rf $(DEB_OUT)
	image/build-deb.sh $(DEB_OUT) $(ARCH) $(SUITE)

# The image is rebuilt only when what goes into it changed.
IMAGE     = pokerclock-arm64.img.xz
IMAGE_SRC = $(shell find clock web assets systemd image debian -type f \
              ! -name test-image.sh ! -path 'debian/pokerclock/*' ! -path 'debian/.debhelper/*' \
              ! -name 'debhelper-build-stamp' ! -name files ! -name '*.substvars' 2>/dev/null) \
            Makefile VERSION

image: $(IMAGE)

$(IMAGE): $(IMAGE_SRC)
	image/build-image.sh $@

image-test: $(IMAGE)
	image/test-image.sh $(IMAGE)
