/* Shared by the panel, the display and the kiosk: the event stream that
 * reconnects by itself, the local countdown, number and time formats. */
'use strict';

const PC = (() => {
  /* The state as last received, and when (performance.now(), which never
   * jumps with the wall clock). Every displayed time is derived from these
   * two, so the countdown cannot drift however long the page stays open. */
  let state = null;
  let stateAt = 0;
  const listeners = [];

  /* From the event stream (in order, so always taken: after a server
   * restart seq may even start lower) or from a command's answer (taken
   * only when newer than what the stream already brought). */
  function setState(s, fromAnswer) {
    if (!s || typeof s.seq !== 'number') return;
    if (fromAnswer && state && s.seq <= state.seq) return;
    state = s;
    stateAt = performance.now();
    for (const fn of listeners) {
      try { fn(state); } catch (e) { console.error(e); }
    }
  }

  function onState(fn) { listeners.push(fn); if (state) fn(state); }
  function current() { return state; }
  function sinceMs() { return state ? performance.now() - stateAt : 0; }

  /* Time that only passes while the level clock runs. */
  function clockMs(ms) {
    if (ms == null) return null;
    if (!state || !state.running) return ms;
    return Math.max(0, ms - sinceMs());
  }
  /* Time that passes always (announcements, clock calls, penalties). */
  function wallMs(ms) {
    if (ms == null) return null;
    return Math.max(0, ms - sinceMs());
  }
  /* The level clock, with overtime counting up. */
  function clock() {
    const s = state;
    if (!s) return null;
    const el = s.running ? sinceMs() : 0;
    return {
      remaining: s.overtime ? 0 : Math.max(0, s.remaining_ms - el),
      overtime: s.overtime ? s.overtime_ms + el : 0,
      elapsed: Math.min(s.level.duration_ms, s.elapsed_ms + el),
      toBreak: s.to_break_ms == null ? null : Math.max(0, s.to_break_ms - el),
      total: s.tournament_elapsed_ms + el,
    };
  }

  /* ---- the event stream ---- */
  let es = null;
  let online = false;
  let lastEvent = 0;
  let retryTimer = 0;
  let retryDelay = 1000;
  const onlineListeners = [];

  function setOnline(v) {
    if (v === online) return;
    online = v;
    for (const fn of onlineListeners) fn(v);
  }

  function connect() {
    clearTimeout(retryTimer);
    if (es) es.close();
    es = new EventSource('/api/events');
    es.addEventListener('state', (ev) => {
      lastEvent = performance.now();
      retryDelay = 1000;
      let s;
      try { s = JSON.parse(ev.data); } catch (e) { return; }
      setOnline(true);
      setState(s);
    });
    es.onopen = () => { lastEvent = performance.now(); };
    es.onerror = () => {
      setOnline(false);
      /* The browser retries a dropped connection by itself, but gives up
       * for good after an HTTP error (a server half up, a proxy): then
       * open a new one, a little later each time. */
      if (es.readyState === EventSource.CLOSED) {
        retryTimer = setTimeout(connect, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 10000);
      }
    };
  }

  /* Wi-Fi can vanish without the TCP connection noticing for minutes;
   * when nothing arrived for a while, ask /healthz (cheap) whether the
   * stream is still good, and reconnect when it is not. */
  async function watchdog() {
    if (!es) return;
    const quiet = performance.now() - lastEvent;
    if (online && quiet < 25000) return;
    const ctl = new AbortController();
    const t = setTimeout(() => ctl.abort(), 5000);
    try {
      const r = await fetch('/healthz', { cache: 'no-store', signal: ctl.signal });
      const h = await r.json();
      lastEvent = performance.now();
      if (!online || (state && h.seq !== state.seq)) connect();
    } catch (e) {
      setOnline(false);
      if (es.readyState !== EventSource.CONNECTING) connect();
    } finally {
      clearTimeout(t);
    }
  }

  function start() {
    connect();
    setInterval(watchdog, 5000);
    window.addEventListener('online', () => connect());
    window.addEventListener('offline', () => setOnline(false));
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) watchdog();
    });
  }

  function onOnline(fn) { onlineListeners.push(fn); fn(online); }

  /* ---- formats ---- */
  function pad(n) { return n < 10 ? '0' + n : '' + n; }
  /* 12:34, or 1:02:03 from an hour on; rounds up so that 0:00 shows only
   * when the time is really over. */
  function fmtTime(ms, roundUp = true) {
    if (ms == null) return '';
    const neg = ms < 0;
    let s = roundUp ? Math.ceil(Math.abs(ms) / 1000) : Math.floor(Math.abs(ms) / 1000);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    s = s % 60;
    return (neg ? '-' : '') + (h ? h + ':' + pad(m) : m) + ':' + pad(s);
  }
  /* Numbers and money in the page's language (i18n.js, the same rules as
   * the wall); English where a page loads no catalog (the panel). */
  const lang = () => (typeof I18N !== 'undefined' ? I18N : null);
  const group = (a) => String(a).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  /* 1,500  25K  2.5K(>=10K)  1.5M. */
  function fmtChips(v) {
    if (lang()) return lang().chips(v);
    if (v == null) return '';
    const a = Math.abs(v);
    const sign = v < 0 ? '-' : '';
    if (a >= 1e6 && a % 1e5 === 0)
      return sign + (a % 1e6 === 0 ? a / 1e6 : (a / 1e6).toFixed(1)) + 'M';
    if (a >= 1e4 && a % 1000 === 0) return sign + a / 1000 + 'K';
    if (a >= 1e4 && a % 100 === 0 && a < 1e6) return sign + (a / 1000).toFixed(1) + 'K';
    return sign + group(a);
  }
  function fmtNum(v) {
    if (lang()) return lang().num(v);
    if (v == null) return '';
    return group(Math.round(v));
  }
  /* €2,100; 2,100 NOK for a currency without a sign; the number alone for
   * points. */
  const SYMBOLS = { EUR: '€', USD: '$', GBP: '£' };
  function fmtMoney(v, cur) {
    if (lang()) return lang().money(v, cur);
    if (v == null) return '';
    if (!cur) return fmtNum(v) + (v === 1 ? ' point' : ' points');
    return SYMBOLS[cur] ? SYMBOLS[cur] + fmtNum(v) : fmtNum(v) + ' ' + cur;
  }
  /* The average stack in big blinds as the wall writes it: rounded down
   * (25.7 is 25 BB), one decimal under 10 BB; '' without a big blind
   * (tests/vectors/bb.txt). */
  function fmtBB(average, bigBlind) {
    if (!(bigBlind > 0) || !(average > 0)) return '';
    const x10 = Math.floor(average * 10 / bigBlind);
    return (x10 < 100 ? Math.floor(x10 / 10) + '.' + (x10 % 10) : String(Math.floor(x10 / 10))) + ' BB';
  }
  /* Lower case without accents, so that a search for "bjorn" finds
   * "Bjørn", "muller" "Müller" and "jose" "José" (the kiosk's seat finder,
   * the panel's). */
  const fold = (x) => String(x).toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
    .replace(/[øœ]/g, 'o').replace(/æ/g, 'ae').replace(/ß/g, 'ss').replace(/[đð]/g, 'd').replace(/ł/g, 'l');
  function blinds(l) {
    if (!l) return '';
    return fmtChips(l.small_blind) + ' / ' + fmtChips(l.big_blind);
  }

  /* ---- small DOM helpers ---- */
  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.from((root || document).querySelectorAll(sel)); }
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) {
      const v = attrs[k];
      if (v == null || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else if (k === 'style') e.style.cssText = v;
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of kids.flat()) if (c != null) e.append(c);
    return e;
  }
  function setText(node, text) {
    if (node && node.textContent !== text) node.textContent = text;
  }
  /* A name that does not fit on its line is set smaller, down to 60 %
   * of its size, then wrapped: never cut ("Thursday R..."). */
  function fitText(node, min = 0.6) {
    if (!node) return;
    node.style.fontSize = '';
    node.style.whiteSpace = '';
    const base = parseFloat(getComputedStyle(node).fontSize);
    const over = () => node.scrollWidth > node.clientWidth + 1;
    for (let fs = base; over() && fs * 0.92 >= base * min;) {
      fs *= 0.92;
      node.style.fontSize = fs + 'px';
    }
    if (over()) node.style.whiteSpace = 'normal';
  }

  /* Settings: the language and the theme colours. A server without
   * /api/settings gets English and the built-in colours. */
  async function settings() {
    try {
      const r = await fetch('/api/settings', { cache: 'no-store' });
      if (r.ok) return await r.json();
    } catch (e) { /* offline: defaults */ }
    return {};
  }
  function applyTheme(theme) {
    if (!theme) return;
    const root = document.documentElement.style;
    const map = { background: '--bg', foreground: '--fg', accent: '--accent',
                  paused: '--paused', break: '--break', warning: '--warn' };
    for (const k in map) if (typeof theme[k] === 'string' && /^#[0-9a-f]{6}$/i.test(theme[k]))
      root.setProperty(map[k], theme[k]);
  }

  return {
    setState, onState, current, clock, clockMs, wallMs, sinceMs, start, onOnline,
    fmtTime, fmtChips, fmtNum, fmtMoney, fmtBB, blinds, fold, $, $$, el, setText, fitText, settings, applyTheme,
  };
})();
