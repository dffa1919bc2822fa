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
	$(CC) -o $@ $^ $(LDLIBS)

$(BUILD)/libpokerclock.a: $(LIB_OBJ) $(BUILD)/embedded.o
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DPOKERCLOCK_VERSION='"$(VERSION)"' -MMD -MP -c -o $@ $<

$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -o $@ $<

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

install: all
	install -D -m 0755 pokerclock $(DESTDIR)$(PREFIX)/bin/pokerclock
	install -d $(DESTDIR)$(PREFIX)/share/pokerclock/structures
	install -m 0644 assets/structures/*.cfg $(DESTDIR)$(PREFIX)/share/pokerclock/structures/
	cp -r web $(DESTDIR)$(PREFIX)/share/pokerclock/web
	[ ! -d systemd ] || [ -z "$$(ls systemd)" ] || { install -d $(DESTDIR)/lib/systemd/system; \
	  install -m 0644 systemd/*.service $(DESTDIR)/lib/systemd/system/ 2>/dev/null || true; }

format:
	clang-format -i $(LIB_SRC) clock/main.c $(TEST_SRC)

clean:
	rm -rf $(BUILD) $(BIN)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
