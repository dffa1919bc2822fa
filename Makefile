# pokerclock: plain make + pkg-config.
#   make            build ./pokerclock
#   make run        build and start with the built-in tournament
#   make test       build and run every test
#   make bench      run the benchmarks
#   make deps       install the Debian packages the build and tests need
#   make install    PREFIX=/usr DESTDIR=...

PREFIX    ?= /usr/local
DESTDIR   ?=
BUILD     ?= build
BIN       ?= pokerclock
CC        ?= cc
# tools/embed runs on the build machine, also when cross-compiling.
CC_FOR_BUILD ?= $(CC)
PKG_CONFIG ?= pkg-config

PKGS      = jansson libconfig libmicrohttpd sdl2 SDL2_ttf SDL2_image libqrencode
TEST_PKGS = cmocka

# Debian packages: build, tests (browser tests need chromium and node).
DEB_BUILD = build-essential pkg-config libjansson-dev libconfig-dev \
            libmicrohttpd-dev libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev \
            libqrencode-dev fonts-dejavu-core
DEB_TEST  = libcmocka-dev chromium curl
# Node and npm only when the machine has none (it may have them from elsewhere).
DEB_NODE  = $(if $(shell command -v node 2>/dev/null),,nodejs)
DEB_NPM   = $(if $(shell command -v npm 2>/dev/null),,npm)

WARN      = -Wall -Wextra -Werror -Wshadow -Wno-unused-parameter -Wno-format-truncation
CFLAGS   ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) -Iclock \
             $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
LDLIBS    = $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null) -lpthread -lm

VERSION  := $(shell cat VERSION 2>/dev/null || echo 0.1.0)

# The program minus main.c is a static library shared by the tests.
LIB_SRC   = $(sort $(shell find clock -name '*.c' ! -name main.c))
LIB_OBJ   = $(LIB_SRC:%.c=$(BUILD)/%.o)
# Web pages, the built-in tournament and the font are embedded in the binary.
EMBED_SRC = $(sort $(shell find web -type f ! -name '*.md' 2>/dev/null)) \
            assets/structures/default.cfg \
            $(sort $(shell find assets/fonts -type f -name '*.ttf' 2>/dev/null))
TEST_SRC  = $(sort $(wildcard tests/unit/test_*.c))
TEST_BIN  = $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all run test unit-test bench deps check-deps install clean format

all: check-deps $(BIN)

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

$(BUILD)/embedded.c: $(BUILD)/tools/embed $(EMBED_SRC)
	$(BUILD)/tools/embed $(EMBED_SRC) > $@.tmp && mv $@.tmp $@

$(BUILD)/embedded.o: $(BUILD)/embedded.c
	$(CC) -std=c11 -O2 -Iclock -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libpokerclock.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(shell $(PKG_CONFIG) --cflags cmocka) -o $@ $< \
	  $(BUILD)/libpokerclock.a $(LDLIBS) $(shell $(PKG_CONFIG) --libs cmocka)

run: all
	./pokerclock

unit-test: check-deps $(TEST_BIN)

test: all unit-test
	@BUILD=$(BUILD) POKERCLOCK_BIN=$(abspath $(BIN)) tests/run-all

bench: all
	@BUILD=$(BUILD) tests/bench/run

# The unit, the user and the sample tournaments with the program; a default
# configuration (never overwritten) when /etc/pokerclock has none.
install: $(BIN)
	install -D -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/pokerclock
	install -d $(DESTDIR)$(PREFIX)/share/pokerclock/structures
	for f in assets/structures/*.cfg; do [ ! -f "$$f" ] || \
	  install -m 0644 "$$f" $(DESTDIR)$(PREFIX)/share/pokerclock/structures/; done
	[ ! -d web ] || { install -d $(DESTDIR)$(PREFIX)/share/pokerclock/web && \
	  cp -r web/. $(DESTDIR)$(PREFIX)/share/pokerclock/web/; }
	install -d $(DESTDIR)/lib/systemd/system
	sed 's#/usr/bin/pokerclock#$(PREFIX)/bin/pokerclock#' systemd/pokerclock.service \
	  > $(DESTDIR)/lib/systemd/system/pokerclock.service
	install -D -m 0644 systemd/pokerclock.sysusers $(DESTDIR)$(PREFIX)/lib/sysusers.d/pokerclock.conf
	[ -e $(DESTDIR)/etc/pokerclock/pokerclock.cfg ] || \
	  install -D -m 0644 debian/pokerclock.cfg $(DESTDIR)/etc/pokerclock/pokerclock.cfg

format:
	clang-format -i $(LIB_SRC) clock/main.c $(TEST_SRC)

clean:
	rm -rf $(BUILD) $(BIN)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# The appliance: the Debian package and the Raspberry Pi SD image.
#   make deb                      .deb for this machine (build/deb/)
#   make deb ARCH=arm64 SUITE=trixie   cross-built in a throwaway chroot
#   make image                    pokerclock-arm64.img.xz (Pi 3, 4, Zero 2 W)
#   make image-test               build the image and boot it under qemu
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
