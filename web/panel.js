/* The director's panel: login, the live state, and every command of the
 * HTTP API behind a button. A command is sent once: its button (and every
 * other command button) is off while it is in flight, and nothing retries.
 * On a phone the panel is a few pages (Clock, Players, Tables, Money, More)
 * chosen in the bar at the bottom, under the undo; each command's answer is
 * shown next to the button that sent it. */
'use strict';

const { $, $$, el, setText, fmtTime, fmtChips, fmtNum, fmtMoney, blinds } = PC;

let structure = null;       /* GET /api/structure, refreshed after changes */
let loggedIn = false;
let inflight = false;
let markMode = 'done';      /* what a tap on a hand-for-hand table marks */
const TAP_GUARD_MS = 500;   /* taps closer than this are one tap */

/* ---- pages ---- */

const PAGES = ['clock', 'players', 'tables', 'money', 'more'];
const PAGE_KEY = 'pokerclock.panel.page';
let page = null;
const scrolled = {};        /* where each page was left, to come back to */

/* Shows one page (a phone shows one at a time; a wide screen all). */
function showPage(name, keepScroll) {
  if (!PAGES.includes(name)) name = 'clock';
  if (page && name !== page) scrolled[page] = window.scrollY;
  const was = page;
  page = name;
  for (const p of $$('#controls > .page')) p.classList.toggle('current', p.dataset.page === name);
  for (const b of $$('#tabs [data-page]')) {
    if (b.dataset.page === name) b.setAttribute('aria-current', 'page');
    else b.removeAttribute('aria-current');
  }
  document.body.classList.toggle('on-clock', name === 'clock');
  try { sessionStorage.setItem(PAGE_KEY, name); } catch (e) { /* private mode */ }
  if (location.hash !== '#' + name) history.replaceState(null, '', '#' + name);
  if (!keepScroll && was !== name) window.scrollTo(0, scrolled[name] || 0);
  if (name === 'clock') refreshPreview();
}
function firstPage() {
  const h = location.hash.slice(1);
  if (PAGES.includes(h)) return h;
  try { return sessionStorage.getItem(PAGE_KEY) || 'clock'; } catch (e) { return 'clock'; }
}
$('#tabs').addEventListener('click', (ev) => {
  const b = ev.target.closest('[data-page]');
  if (!b) return;
  /* A tap on the page shown goes back to its top. */
  if (b.dataset.page === page) window.scrollTo(0, 0);
  else showPage(b.dataset.page);
});
$('#mini').addEventListener('click', () => showPage('clock'));

/* Brings a part of the panel into view: its page, its card opened. */
function reveal(node) {
  const p = node && node.closest('.page');
  if (!p) return;
  showPage(p.dataset.page, true);
  for (let d = node.closest('details'); d; d = d.parentElement.closest('details')) d.open = true;
  node.scrollIntoView({ block: 'nearest' });
}

/* A dot on a page's tab: something there waits for the director. */
function dot(name, on) {
  const d = $(`#tabs [data-page="${name}"] .dot`);
  if (d) d.hidden = !on;
}

/* The height of the bar at the bottom, for the page's own scrolling
 * (scroll-padding) and its last lines (panel.css). */
new ResizeObserver(() => {
  const h = $('#undo-bar').hidden ? 0 : $('#undo-bar').offsetHeight;
  document.documentElement.style.setProperty('--bottom', h + 'px');
}).observe($('#undo-bar'));

/* Scrolls an answer into view when a bar hides it (or it is off the page). */
function ensureVisible(node) {
  if (!node || !node.isConnected || !node.getClientRects().length) return;
  const r = node.getBoundingClientRect();
  const top = $('#bar').getBoundingClientRect().bottom;
  const bottom = $('#undo-bar').hidden ? innerHeight : $('#undo-bar').getBoundingClientRect().top;
  if (r.top < top || r.bottom > bottom) node.scrollIntoView({ block: 'nearest' });
}

/* ---- sending commands ---- */

/* Where the answer to a button goes: right under the row it is in (a
 * card's message moves there), in the box it is in (a player's, the
 * proposal's), or over the undo. */
function msgFor(node) {
  if (!node) return null;
  if (node.id === 'undo') return $('#undo-msg');
  const box = node.closest('.level-form, .answers, .card, #login, #status');
  if (!box) return null;
  const msg = box.querySelector(':scope > .msg') || box.querySelector('.msg');
  if (msg && box.classList.contains('card') && box.contains(node)) {
    let row = node;
    while (row.parentElement && row.parentElement !== box) row = row.parentElement;
    if (row.parentElement === box && row !== msg && row.tagName !== 'SUMMARY' && row.nextElementSibling !== msg) row.after(msg);
  }
  return msg;
}
/* The text, and what to do about it on a line of its own. */
function showMsg(node, text, ok, advice) {
  if (!node) return;
  node.replaceChildren(...(text ? [text] : []), ...(advice ? [el('span', { class: 'advice', text: advice })] : []));
  node.classList.toggle('ok', !!ok);
  if (text) ensureVisible(node);
}

/* Sends one command; resolves to the answer, or null when it failed (the
 * reason is shown next to the button, with what to do about it;
 * opts.refused(answer, msg) may add to it: the clock's answer and
 * the message shown). */
async function command(cmd, btn, opts = {}) {
  if (inflight) return null;
  inflight = true;
  document.body.classList.add('busy');
  const buttons = $$('#controls button, #undo, #st-tags button');
  const wasDisabled = new Map(buttons.map((b) => [b, b.disabled]));
  buttons.forEach((b) => (b.disabled = true));
  const msg = msgFor(btn);
  showMsg(msg, '');
  const started = performance.now();
  /* No answer within 10 s: the command may or may not have been applied,
   * so say so instead of trying again. */
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 10000);
  let shown = null;
  try {
    const r = await fetch('/api/command', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(cmd), credentials: 'same-origin', signal: ctl.signal, cache: 'no-store',
    });
    let body = {};
    try { body = await r.json(); } catch (e) { /* not JSON */ }
    if (r.ok && body.ok) {
      if (body.state) PC.setState(body.state, true);
      return body;
    }
    if (r.status === 401) {
      setLoggedIn(false, refusal(body) || tp('Your session has ended: log in again.'));
      return null;
    }
    showMsg(msg, body.error ? refusal(body) : tp('The clock refused this (HTTP %s).', r.status), false, advice(body));
    if (opts.refused && body.error) opts.refused(body, msg);
    shown = msg;
    return null;
  } catch (e) {
    showMsg(msg, e.name === 'AbortError'
      ? tp('No answer from the clock: look at the state above before trying again.')
      : tp('Cannot reach the clock (Wi-Fi?). It was not sent again: when back online, check the state above, then try again.'));
    shown = msg;
    return null;
  } finally {
    clearTimeout(timer);
    /* A double tap is one tap: the buttons stay off for half a second
     * even when the clock answered sooner. */
    const rest = TAP_GUARD_MS - (performance.now() - started);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    inflight = false;
    document.body.classList.remove('busy');
    buttons.forEach((b) => { if (b.isConnected) b.disabled = wasDisabled.get(b); });
    render();
    ensureVisible(shown);
  }
}

/* A confirmation in a modal dialog; warn is an extra line in amber. */
function confirmAction(text, warn, yesLabel) {
  const d = $('#confirm');
  setText($('#confirm-text'), text);
  setText($('#confirm-warn'), warn || '');
  setText($('#confirm-yes'), yesLabel || tp('OK'));
  return new Promise((resolve) => {
    d.addEventListener('close', () => resolve(d.returnValue === 'yes'), { once: true });
    d.returnValue = '';
    d.showModal();
    $('#confirm-no').focus();
  });
}

async function confirmed(btn, cmd, text, warn, yes, opts) {
  if (inflight) return null;
  if (!(await confirmAction(text, warn, yes))) return null;
  return command(cmd, btn, opts);
}

/* ---- login ---- */

function setLoggedIn(v, why) {
  const was = loggedIn;
  loggedIn = v;
  $('#login').hidden = v;
  $('#controls').hidden = !v;
  $('#undo-bar').hidden = !v;
  if (!v) {
    showMsg($('#login-msg'), why || '');
    /* A PIN being typed while the page asks whether it is logged in (slow
     * Wi-Fi) stays; a session that ends takes its PIN away. */
    if (was) $('#pin').value = '';
  } else {
    loadStructure();
    if (!was) showPage(firstPage());
  }
  render();
}

/* Bumped by a login or logout: a session answer asked for before it is
 * out of date (on slow Wi-Fi it can arrive after the login's). */
let sessionGen = 0;
async function checkSession() {
  const gen = sessionGen;
  try {
    const r = await fetch('/api/session', { cache: 'no-store', credentials: 'same-origin' });
    const j = await r.json();
    if (gen !== sessionGen) return;
    setLoggedIn(!!j.logged_in);
  } catch (e) {
    /* Offline at load: keep asking until the clock answers. */
    setTimeout(checkSession, 3000);
  }
}

$('#login-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const btn = $('#login-btn');
  if (btn.disabled) return;
  btn.disabled = true;
  showMsg($('#login-msg'), '');
  try {
    const r = await fetch('/api/login', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pin: $('#pin').value.trim() }), credentials: 'same-origin',
    });
    let body = {};
    try { body = await r.json(); } catch (e) { /* not JSON */ }
    if (r.ok && body.ok !== false) { sessionGen++; btn.disabled = false; setLoggedIn(true); return; }
    let text = refusal(body);
    if (!text) text = r.status === 401 ? tp('Wrong PIN.') : tp('Login refused (HTTP %s).', r.status);
    showMsg($('#login-msg'), text);
    $('#pin').select();
    /* After several wrong PINs the clock makes each try wait: keep the
     * button off for that long, so a try is not wasted. */
    const wait = Number(body.retry_after_s || r.headers.get('Retry-After') || 0);
    if (wait > 0) {
      btn.disabled = true;
      const until = performance.now() + wait * 1000;
      const step = () => {
        const left = Math.ceil((until - performance.now()) / 1000);
        if (left <= 0) { clearInterval(timer); btn.disabled = false; setText(btn, tp('Log in')); return; }
        setText(btn, tp('Wait %s', fmtTime(left * 1000, false)));
      };
      const timer = setInterval(step, 250);
      step();
      return;
    }
    btn.disabled = false;
  } catch (e) {
    showMsg($('#login-msg'), tp('Cannot reach the clock: check the Wi-Fi.'));
    btn.disabled = false;
  }
});

$('#logout').addEventListener('click', async () => {
  try { await fetch('/api/logout', { method: 'POST', credentials: 'same-origin' }); } catch (e) { /* offline */ }
  sessionGen++;
  setLoggedIn(false);
});

/* Every session on every phone ends, this one's too (a lost phone, a PIN
 * seen by others); asked first. */
$('#logout-all').addEventListener('click', async (ev) => {
  const btn = ev.currentTarget;
  if (!(await confirmAction(tp('Log out every phone and browser logged in to this clock, this one too?'),
    tp('Change the PIN too if others have seen it.'), tp('Log out everywhere')))) return;
  const msg = msgFor(btn);
  showMsg(msg, '');
  try {
    const r = await fetch('/api/logout', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ everywhere: true }), credentials: 'same-origin',
    });
    let body = {};
    try { body = await r.json(); } catch (e) { /* not JSON */ }
    if (!r.ok) { showMsg(msg, refusal(body) || tp('The clock refused this (HTTP %s).', r.status)); return; }
    sessionGen++;
    setLoggedIn(false, tp('Logged out everywhere.'));
  } catch (e) {
    showMsg(msg, tp('Cannot reach the clock: check the Wi-Fi.'));
  }
});

/* ---- the clock ---- */

$('#go').addEventListener('click', (ev) => {
  const s = PC.current();
  if (!s) return;
  const type = !s.started ? 'start' : s.running ? 'pause' : 'resume';
  command({ type }, ev.currentTarget);
});
$$('[data-adjust]').forEach((b) => b.addEventListener('click', () =>
  command({ type: 'adjust', delta_ms: Number(b.dataset.adjust) }, b)));

function parseTime(text) {
  const m = /^\s*(\d{1,4})(?::([0-5]?\d))?\s*$/.exec(text);
  if (!m) return null;
  return (Number(m[1]) * 60 + Number(m[2] || 0)) * 1000;
}
$('#set-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const ms = parseTime($('#set-time').value);
  const btn = $('#set-btn');
  if (ms === null) { showMsg(msgFor(btn), tp('Give the time left as minutes (12) or minutes:seconds (12:30).')); return; }
  if (!ms) { showMsg(msgFor(btn), tp('The time left must be more than 0:00.')); return; }
  command({ type: 'set_remaining', ms }, btn).then((r) => { if (r) $('#set-time').value = ''; });
});
/* "Level 3: 100/200, 6:40 left": where going back leads, with the time
 * that level had when it was left (its full time if it ran out). */
function backTo(l) {
  const left = l.resume_ms != null ? l.resume_ms : l.duration_ms;
  return tp('%s, %s left', levelTitle(l), fmtTime(left));
}
$('#prev-level').addEventListener('click', (ev) => {
  const s = PC.current();
  const i = s ? s.level.index : 0;
  const prev = i > 0 && structure && structure.levels[i - 1];
  confirmed(ev.currentTarget, { type: 'prev_level' },
    prev ? tp('Go back to %s?', backTo(prev)) : tp('Go back to the previous level?'),
    i === 0 ? tp('This is already the first level.') : '', tp('Previous level'));
});
$('#next-level').addEventListener('click', (ev) => {
  const s = PC.current();
  const n = s && s.next_level;
  confirmed(ev.currentTarget, { type: 'next_level' },
    n ? tp('Go to the next level now: %s?', n.resume_ms != null ? backTo(n) : levelTitle(n)) : tp('Go to the next level now?'), '', tp('Next level'));
});
$('#undo').addEventListener('click', (ev) => {
  const s = PC.current();
  const what = s && s.undo;
  if (!what) { showMsg($('#undo-msg'), tp('There is nothing to undo.')); return; }
  confirmed(ev.currentTarget, { type: 'undo' }, tp('Undo: %s?', actionWords((s.last_action_codes || [])[0], what)),
    tp('The tournament goes back to how it was before it.'), tp('Undo'));
});

/* ---- players ---- */

/* How many players the next register, unregister, rebuy or add-on is
 * for: one field for the four, as "Out:" is for bust. */
function plCount() {
  const n = Number($('#pl-count').value);
  return Number.isInteger(n) && n >= 1 && n <= 10000 ? n : null;
}
/* The places paid for a number of entries, as the clock works them out:
 * the payout table with the largest min_entries not above it. */
function placesFor(entries) {
  let best = null;
  for (const p of (structure && structure.payouts) || [])
    if (p.min_entries <= entries && (!best || p.min_entries >= best.min_entries)) best = p;
  return best ? Math.min(best.places.length, entries) : 0;
}
/* What a change of entries does to the places paid, or '' when nothing. */
function placesChange(delta) {
  const s = PC.current();
  if (!s || !structure) return '';
  const from = placesFor(s.players.entries), to = placesFor(s.players.entries + delta);
  if (from === to) return '';
  const d = Math.abs(to - from);
  if (to > from)
    return d === 1 ? tp('Paid places change from %s to %s: %s place more paid.', from, to, d)
      : tp('Paid places change from %s to %s: %s places more paid.', from, to, d);
  return d === 1 ? tp('Paid places change from %s to %s: %s place fewer paid.', from, to, d)
    : tp('Paid places change from %s to %s: %s places fewer paid.', from, to, d);
}
/* Per command: the question for n at once, and its confirm button. */
const WORDS = {
  register: { ask: (n) => (n === 1 ? tp('Register %s player?', n) : tp('Register %s players?', n)), yes: () => tp('Register') },
  unregister: { ask: (n) => (n === 1 ? tp('Unregister %s player?', n) : tp('Unregister %s players?', n)), yes: () => tp('Unregister') },
  rebuy: { ask: (n) => (n === 1 ? tp('Rebuy %s rebuy?', n) : tp('Rebuy %s rebuys?', n)), yes: () => tp('Rebuy') },
  addon: { ask: (n) => (n === 1 ? tp('Add-on %s add-on?', n) : tp('Add-on %s add-ons?', n)), yes: () => tp('Add-on') },
};
function countCommand(type) {
  return (ev) => {
    const btn = ev.currentTarget;
    const n = plCount();
    if (!n) { showMsg(msgFor(btn), tp('How many: a whole number from 1 to 10000.')); return; }
    const cmd = { type, count: n };
    const delta = type === 'register' ? n : type === 'unregister' ? -n : 0;
    const warn = delta ? placesChange(delta) : '';
    const done = (r) => { if (r) { $('#pl-count').value = 1; renderCountLabels(); } };
    /* More than one at once, or fewer places paid: asked first. */
    if (n > 1 || warn) {
      const { ask, yes } = WORDS[type];
      confirmed(btn, cmd, ask(n), warn, yes()).then(done);
    } else command(cmd, btn).then(done);
  };
}
for (const type of Object.keys(WORDS)) $('#' + type).addEventListener('click', countCommand(type));
$('#pl-count').addEventListener('input', () => renderCountLabels());
function renderCountLabels() {
  const n = plCount() || 1;
  setText($('#register'), tp('Register +%s', n));
  setText($('#unregister'), tp('Unregister −%s', n));
  setText($('#rebuy'), tp('Rebuy +%s', n));
  setText($('#addon'), tp('Add-on +%s', n));
}

function placesText(n) {
  const s = PC.current();
  if (!s) return '';
  const left = s.players.remaining;
  return n === 1 ? tp('place %s', left) : tp('places %s–%s', left - n + 1, left);
}
$('#bust-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const n = Math.max(1, Math.floor(Number($('#bust-count').value) || 1));
  confirmed($('#bust-btn'), { type: 'bust', count: n },
    n === 1 ? tp('Bust %s player (%s)?', n, placesText(n)) : tp('Bust %s players (%s)?', n, placesText(n)), '', tp('Bust'))
    .then((r) => { if (r) $('#bust-count').value = 1; });
});

function sameRow() {
  const row = el('div', { class: 'row same' },
    el('label', { class: 'inline' }, tp('Table') + ' ', el('input', { type: 'number', min: 1, max: 999, inputmode: 'numeric', name: 'table' })),
    el('label', { class: 'inline' }, tp('Chips') + ' ', el('input', { type: 'number', min: 0, inputmode: 'numeric', name: 'chips' })),
    el('button', { type: 'button', class: 'small', 'aria-label': tp('Remove'), onclick: () => row.remove(), text: '✕' }));
  row.lastChild.style.flex = '0 0 48px';
  return row;
}
function resetSame() {
  const box = $('#same-rows');
  box.replaceChildren(sameRow(), sameRow());
}
resetSame();
$('#same-add').addEventListener('click', () => $('#same-rows').append(sameRow()));
$('#same-bust').addEventListener('click', (ev) => {
  const btn = ev.currentTarget;
  const players = [];
  for (const row of $$('#same-rows .same')) {
    const t = row.querySelector('[name=table]').value;
    const c = row.querySelector('[name=chips]').value;
    if (t === '' && c === '') continue;
    if (!(Number(t) >= 1) || c === '' || !(Number(c) >= 0)) {
      showMsg(msgFor(btn), tp('Each player needs a table (1 or more) and the chips at the start of the hand.'));
      return;
    }
    players.push({ table: Math.floor(Number(t)), chips: Math.floor(Number(c)) });
  }
  if (players.length === 0) { showMsg(msgFor(btn), tp('Add the players who went out.')); return; }
  confirmed(btn, { type: 'bust', players },
    tp('Bust %s players out in the same hand (%s)?', players.length, placesText(players.length)),
    '', tp('Bust')).then((r) => { if (r) resetSame(); });
});

/* ---- announcement ---- */

$('#ann-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const text = $('#ann-text').value.trim();
  const btn = $('#ann-btn');
  if (!text) { showMsg(msgFor(btn), tp('Write the announcement first.')); return; }
  command({ type: 'announce', text, seconds: Number($('#ann-secs').value) }, btn)
    .then((r) => { if (r) $('#ann-text').value = ''; });
});
$('#ann-clear').addEventListener('click', (ev) => command({ type: 'announce_clear' }, ev.currentTarget));

/* ---- structure ---- */

async function loadStructure() {
  try {
    const r = await fetch('/api/structure', { cache: 'no-store' });
    if (!r.ok) return;
    structure = await r.json();
    renderStructure();
    renderChipChoices();
  } catch (e) { /* offline: the next state brings us back here */ }
}
let structureTimer = 0;
let structureSeq = -1;
function structureMaybeChanged(s) {
  /* Any change can be a structure change (by another phone, an undo):
   * refetch shortly after, once per burst of changes. */
  if (s.seq === structureSeq) return;
  structureSeq = s.seq;
  clearTimeout(structureTimer);
  structureTimer = setTimeout(loadStructure, 250);
}

function levelTitle(l) {
  if (l.kind === 'break') return tp('Break, %s min', fmtMin(l.minutes));
  return tp('Level %s: %s', l.number, blinds(l));
}
function fmtMin(m) { return Math.round(m * 100) / 100; }
function levelDetail(l) {
  const parts = [];
  if (l.kind !== 'break') {
    if (l.ante) parts.push(l.big_blind_ante ? tp('BB ante %s', fmtChips(l.ante)) : tp('ante %s', fmtChips(l.ante)));
    parts.push(tp('%s min', fmtMin(l.minutes)));
    if (l.day_end) parts.push(tp('ends the day'));
  }
  /* The color-ups at this level, set by hand or derived by the clock. */
  const ups = Array.isArray(l.colored_up) ? l.colored_up : l.color_up ? [l.color_up] : [];
  if (ups.length) {
    const list = ups.map(fmtChips).join(', ');
    parts.push(l.kind === 'break' ? tp('color up %s', list) : tp('color up %s after it', list));
  }
  return parts.join(' · ');
}

/* The next usual amount above a (small blind or ante): 25, 50, 75, 100,
 * then 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten. */
function nextUsual(a) {
  for (const v of [25, 50, 75, 100]) if (v > a) return v;
  for (let p = 100; ; p *= 10)
    for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8]) if (m * p > a) return m * p;
}
/* The blinds and ante of the level after l, as a structure usually goes:
 * the big blind keeps its ratio to the small one, a big-blind ante stays
 * equal to the big blind, another ante grows with the blinds. */
function nextStep(l) {
  const sb = nextUsual(l.small_blind);
  const bb = l.small_blind > 0 ? Math.round(sb * l.big_blind / l.small_blind) : nextUsual(l.big_blind);
  let ante = 0;
  if (l.ante && l.ante === l.big_blind) ante = bb;
  else if (l.ante) ante = nextUsual(l.ante);
  return { small_blind: sb, big_blind: bb, ante };
}

let openForm = null;  /* {li, form} of the level form being shown */
let openRow = -1;     /* the level whose actions are shown (a tap on it) */

function renderStructure() {
  if (!structure) return;
  const s = PC.current();
  const cur = s ? s.level.index : -1;
  const list = $('#levels');
  /* Keep an open form where it is: the director may be typing into it. */
  if (openForm && document.body.contains(openForm.form)) return;
  list.replaceChildren(...structure.levels.map((l, i) => {
    /* A level's refusal (it is being played) shows under it. */
    const li = el('li', { class: 'answers ' + (l.kind === 'break' ? 'break ' : '') + (i === cur ? 'current' : i < cur ? 'past' : '') + (i === openRow ? ' open' : ''), 'data-index': i },
      el('div', { class: 'lv' },
        el('button', { type: 'button', class: 'lv-text', 'data-act': 'row', 'aria-expanded': String(i === openRow) },
          levelTitle(l), el('small', { text: levelDetail(l) })),
        el('div', { class: 'lv-acts' },
          el('button', { type: 'button', 'data-act': 'edit', text: tp('Edit') }),
          el('button', { type: 'button', 'data-act': 'add', title: tp('Add a level after this one'), text: tp('+ Level') }),
          el('button', { type: 'button', 'data-act': 'break', title: tp('Insert a break after this one'), text: tp('+ Break') }),
          el('button', { type: 'button', 'data-act': 'delete', class: 'danger', 'aria-label': tp('Delete'), text: '✕' })),
        el('p', { class: 'msg', role: 'alert' })));
    return li;
  }));
}

function renderChipChoices() {
  if (!structure) return;
  const s = PC.current();
  const inUse = s && s.color_up && s.color_up.chips_in_use;
  const chips = structure.chips || [];
  const sel = $('#cu-chip');
  const keep = sel.value;
  sel.replaceChildren(...chips.slice(0, -1)
    .filter((c) => !inUse || inUse.includes(c.value))
    .map((c) => el('option', { value: c.value, text: fmtChips(c.value) + ' (' + c.colour + ')' })));
  if (keep) sel.value = keep;
}

function closeForm() {
  if (openForm) openForm.form.remove();
  openForm = null;
  renderStructure();
}

/* Shows the level form under a row: mode 'edit', 'add' or 'break'. */
function showLevelForm(li, index, mode) {
  if (openForm) openForm.form.remove();
  const form = $('#level-form-tpl').content.firstElementChild.cloneNode(true);
  const f = (n) => form.elements[n];
  const levels = structure.levels;
  const sel = f('color_up');
  sel.append(el('option', { value: 0, text: tp('none') }),
    ...(structure.chips || []).slice(0, -1).map((c) => el('option', { value: c.value, text: fmtChips(c.value) + ' (' + c.colour + ')' })));
  let base = null;
  if (mode === 'edit') base = levels[index];
  else {
    /* A new level suggests the next usual step up from the play level
     * before it (4,000/8,000 -> 5,000/10,000). */
    let prev = null;
    for (let i = index; i >= 0; i--) if (levels[i] && levels[i].kind !== 'break') { prev = levels[i]; break; }
    base = mode === 'break'
      ? { kind: 'break', minutes: 15, color_up: null }
      : prev ? { kind: 'level', ...nextStep(prev), big_blind_ante: prev.big_blind_ante, minutes: prev.minutes }
             : { kind: 'level', small_blind: 25, big_blind: 50, ante: 0, minutes: 20 };
  }
  form.querySelector(`[name=kind][value=${base.kind === 'break' ? 'break' : 'level'}]`).checked = true;
  f('small_blind').value = base.small_blind ?? '';
  f('big_blind').value = base.big_blind ?? '';
  f('ante').value = base.ante ?? 0;
  f('big_blind_ante').checked = !!base.big_blind_ante;
  f('minutes').value = base.minutes != null ? fmtMin(base.minutes) : '';
  f('day_end').checked = !!base.day_end;
  sel.value = base.color_up || 0;
  const syncKind = () => form.classList.toggle('is-break', form.querySelector('[name=kind]:checked').value === 'break');
  syncKind();
  form.addEventListener('change', syncKind);
  form.querySelector('[data-act=cancel]').addEventListener('click', closeForm);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const isBreak = form.querySelector('[name=kind]:checked').value === 'break';
    const cmd = mode === 'edit' ? { type: 'edit_level', index } : { type: 'add_level', after: index };
    const num = (n) => (f(n).value === '' ? null : Number(f(n).value));
    const minutes = num('minutes');
    const btn = form.querySelector('[data-act=save]');
    if (!(minutes > 0)) { showMsg(form.querySelector('.msg'), tp('How many minutes?')); return; }
    cmd.break = isBreak;
    cmd.minutes = minutes;
    if (isBreak) {
      const cu = Number(sel.value);
      if (cu || (mode === 'edit' && base.color_up)) cmd.color_up = cu;
    } else {
      const notWhole = {
        small_blind: () => tp('small blind must be a whole number'),
        big_blind: () => tp('big blind must be a whole number'),
        ante: () => tp('ante must be a whole number'),
      };
      for (const k of ['small_blind', 'big_blind', 'ante']) {
        const v = num(k);
        if (v == null || !Number.isInteger(v) || v < 0) {
          showMsg(form.querySelector('.msg'), notWhole[k]());
          return;
        }
        cmd[k] = v;
      }
      cmd.big_blind_ante = f('big_blind_ante').checked;
      cmd.day_end = f('day_end').checked;
    }
    const r = await command(cmd, btn);
    if (r) { openRow = -1; closeForm(); loadStructure(); }
  });
  if (li) li.append(form);
  else if (index < 0) $('#levels').prepend(form);
  else $('#levels').append(form);
  openForm = { li, form };
  f(base.kind === 'break' ? 'minutes' : 'small_blind').focus({ preventScroll: true });
  form.scrollIntoView({ block: 'nearest' });
}

$('#levels').addEventListener('click', (ev) => {
  const b = ev.target.closest('button[data-act]');
  if (!b || b.closest('.level-form')) return;
  const li = b.closest('li');
  const index = Number(li.dataset.index);
  const act = b.dataset.act;
  if (act === 'row') {
    /* A tap on a level shows its actions; the list stays short otherwise. */
    openRow = openRow === index ? -1 : index;
    for (const x of $$('#levels > li')) {
      const on = Number(x.dataset.index) === openRow;
      x.classList.toggle('open', on);
      x.querySelector('.lv-text').setAttribute('aria-expanded', String(on));
    }
  } else if (act === 'delete') {
    const l = structure.levels[index];
    const s = PC.current();
    confirmed(b, { type: 'delete_level', index }, tp('Delete %s?', levelTitle(l)),
      s && s.level.index === index ? tp('This is the level being played now.') : '', tp('Delete'))
      .then((r) => { if (r) { openRow = -1; loadStructure(); } });
  } else {
    showLevelForm(li, index, act);
  }
});
$('#add-first').addEventListener('click', () => showLevelForm(null, -1, 'add'));
$('#add-last').addEventListener('click', () => showLevelForm(null, structure.levels.length - 1, 'add'));
$('#add-last-break').addEventListener('click', () => showLevelForm(null, structure.levels.length - 1, 'break'));

/* ---- hand-for-hand, bubble ---- */

/* "5" is five tables (1 to 5); "1, 2, 4 5" are the tables by number, for
 * when a table was broken out of order. null when it is neither. */
function parseTables(text) {
  const parts = text.trim().split(/[\s,;.]+/).filter(Boolean);
  if (parts.length === 0) return undefined;
  const nums = parts.map(Number);
  if (nums.some((n) => !Number.isInteger(n) || n < 1 || n > 64)) return null;
  return nums.length === 1 ? nums[0] : nums;
}
function tablesCommand(type, input, btn, required) {
  const tables = parseTables($(input).value);
  if (tables === null || (required && tables === undefined)) {
    showMsg(msgFor(btn), tp('Tables: how many (5), or their numbers (1, 2, 4, 5).'));
    return null;
  }
  const cmd = { type };
  if (tables !== undefined) cmd.tables = tables;
  return cmd;
}

$('#hfh-start-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const cmd = tablesCommand('hand_for_hand_start', '#hfh-tables', $('#hfh-start'));
  if (cmd) command(cmd, $('#hfh-start'));
});
$$('[data-mark]').forEach((b) => b.addEventListener('click', () => {
  markMode = b.dataset.mark;
  $$('[data-mark]').forEach((x) => {
    x.classList.toggle('on', x === b);
    x.setAttribute('aria-pressed', x === b);
  });
}));
$('#hfh-grid').addEventListener('click', (ev) => {
  const b = ev.target.closest('button[data-table]');
  if (!b) return;
  command({ type: markMode === 'done' ? 'table_done' : 'table_waiting', table: Number(b.dataset.table) }, b);
});
$('#hfh-next').addEventListener('click', (ev) => command({ type: 'hand_for_hand_next' }, ev.currentTarget));
$('#hfh-stop').addEventListener('click', (ev) =>
  confirmed(ev.currentTarget, { type: 'hand_for_hand_stop' }, tp('Stop hand-for-hand?'),
    tp('The level clock goes on if it was running before.'), tp('Stop')));
$('#hfh-tables-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const btn = ev.submitter || ev.target.querySelector('button');
  const cmd = tablesCommand('hand_for_hand_tables', '#hfh-tables-now', btn, true);
  if (cmd) command(cmd, btn);
});
$('#bubble-on').addEventListener('click', (ev) => command({ type: 'bubble_start' }, ev.currentTarget));
$('#bubble-off').addEventListener('click', (ev) => command({ type: 'bubble_stop' }, ev.currentTarget));

/* ---- end of the day ---- */

$('#de-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const s = PC.current();
  const cmd = tablesCommand('day_end_draw', '#de-tables', $('#de-draw'));
  if (!cmd) return;
  const inWindow = s && s.day_end && s.day_end.window;
  confirmed($('#de-draw'), cmd, tp('Stop the clock and draw the number of hands left today (3 to 7)?'),
    inWindow ? '' : tp('Not now by the rules: the draw is meant for 15 to 5 minutes before the end of the day\'s last level.'),
    inWindow ? tp('Draw') : tp('Draw anyway'));
});
$('#de-done').addEventListener('click', (ev) => command({ type: 'day_end_hand_done' }, ev.currentTarget));
$('#de-grid').addEventListener('click', (ev) => {
  const b = ev.target.closest('button[data-table]');
  if (b) command({ type: 'day_end_hand_done', table: Number(b.dataset.table) }, b);
});
$('#de-clear').addEventListener('click', (ev) =>
  confirmed(ev.currentTarget, { type: 'day_end_clear' }, tp('Clear the end-of-day draw from the wall?'), '', tp('Clear')));

/* ---- clock call, color-up, penalties ---- */

$('#call-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  command({ type: 'clock_call', table: Number($('#call-table').value), seat: Number($('#call-seat').value) }, $('#call-btn'));
});
$('#call-cancel').addEventListener('click', (ev) => command({ type: 'clock_call_cancel' }, ev.currentTarget));
$('#cu-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const v = Number($('#cu-chip').value);
  if (!v) { showMsg(msgFor($('#cu-btn')), tp('No chip left to color up.')); return; }
  command({ type: 'color_up', value: v }, $('#cu-btn'));
});
$('#cu-done').addEventListener('click', (ev) => command({ type: 'color_up_done' }, ev.currentTarget));
$('#pen-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const cmd = { type: 'penalty', table: Number($('#pen-table').value), seat: Number($('#pen-seat').value) };
  cmd[$('#pen-kind').value] = Number($('#pen-amount').value);
  command(cmd, $('#pen-btn'));
});
$('#pen-list').addEventListener('click', (ev) => {
  const b = ev.target.closest('button[data-table]');
  if (b) command({ type: 'penalty_clear', table: Number(b.dataset.table), seat: Number(b.dataset.seat) }, b);
});

/* ---- rendering ---- */

function figure(label, value) { return el('div', {}, el('b', { text: value }), el('span', { text: label })); }

let lastSeqRendered = -1;
let metaBase = '';
/* The status card: name, level, blinds and ante, the players; and the
 * same in short in the bar, for the pages without it. */
function renderStatus(s) {
  setText($('#t-name'), s.name || 'pokerclock');
  const st = $('#status');
  const isBreak = s.level.kind === 'break';
  const paused = s.started && !s.running;
  st.classList.toggle('is-paused', paused);
  st.classList.toggle('is-break', isBreak);
  $('#st-paused').hidden = !paused && !s.over;
  const stopped = s.over ? tp('OVER: we have a winner') : s.hand_for_hand ? tp('STOPPED: hand-for-hand')
    : s.day_end && s.day_end.drawn != null ? tp('STOPPED: end of day') : tp('PAUSED');
  setText($('#st-paused'), stopped);
  $('#st-run').hidden = !s.running;
  setText($('#st-level'), !s.started ? (isBreak ? tp('Not started · Break') : tp('Not started · Level %s', s.level.number))
    : isBreak ? tp('Break') : tp('Level %s of %s', s.level.number, s.play_levels_count ?? s.levels_count));
  setText($('#st-blinds'), isBreak ? tp('Break') : blinds(s.level));
  setText($('#st-ante'), !isBreak && s.level.ante
    ? (s.level.big_blind_ante ? tp('BB ante %s', fmtChips(s.level.ante)) : tp('Ante %s', fmtChips(s.level.ante))) : '');
  const p = s.players || {};
  const meta = [tp('%s of %s players', p.remaining ?? '–', p.entries ?? '–')];
  /* The break next is said by the time to it (tick()). */
  if (s.next_level && s.next_level.kind !== 'break') meta.push(tp('next %s', blinds(s.next_level)));
  metaBase = meta.join(' · ');

  const mini = $('#mini');
  mini.classList.toggle('paused', paused || s.over);
  mini.classList.toggle('break', isBreak && !paused);
  /* The bar has room for the word before the colon: PAUSED, STOPPED, OVER
   * (every catalog keeps the colon). */
  const badge = s.over || paused ? stopped.split(':')[0] : isBreak ? tp('Break') : '';
  setText($('#mini-badge'), badge);
  $('#mini-badge').hidden = !badge;
  $('#mini-badge').classList.toggle('break', !s.over && !paused && isBreak);
  setText($('#mini-level'), !s.started ? tp('Not started · Level %s', s.level.number)
    : isBreak ? tp('%s of %s players', p.remaining ?? '–', p.entries ?? '–') : tp('Level %s: %s', s.level.number, blinds(s.level)));
}

/* What is on the wall besides the clock, in a word each. */
function renderTags(s) {
  const tags = [];
  if (s.hand_for_hand) tags.push([s.hand_for_hand.all_done ? tp('Hand-for-hand, hand %s: deal', s.hand_for_hand.hand)
    : tp('Hand-for-hand, hand %s', s.hand_for_hand.hand), 'hot']);
  if (s.bubble) tags.push([tp('Bubble'), 'hot']);
  else if (bubbleOffered(s)) tags.push([tp('On the bubble: start it?'), 'hot', startBubble]);
  if (s.in_the_money) tags.push([tp('In the money'), '']);
  if (s.clock_call) tags.push([tp('Clock: table %s, seat %s', s.clock_call.table, s.clock_call.seat), 'hot']);
  if (s.color_up && s.color_up.now) tags.push([tp('Color-up %s', fmtChips(s.color_up.now.value)), 'hot']);
  else if (s.color_up && s.color_up.due) tags.push([tp('Color-up of the %ss due', fmtChips(s.color_up.due.value)), '']);
  if (s.day_end && s.day_end.drawn != null) tags.push([s.day_end.over ? tp('Day over') : tp('End of day: %s hands', s.day_end.hands_left), 'hot']);
  if (s.announcement) tags.push([tp('Announcement'), '']);
  const pens = (s.penalties || []).length;
  if (pens) tags.push([pens === 1 ? tp('%s penalty', pens) : tp('%s penalties', pens), '']);
  const tk = JSON.stringify(tags);
  if ($('#st-tags').dataset.k !== tk) {
    $('#st-tags').dataset.k = tk;
    $('#st-tags').replaceChildren(...tags.map(([x, c, tap]) => (tap
      ? el('button', { type: 'button', class: 'small ' + c, text: x, onclick: tap })
      : el('span', { class: c, text: x }))));
  }
}

/* Notes the director must read: power loss, storage, a follower. */
function renderNotes(s) {
  const notes = [];
  if (s.recovered_after_power_loss) notes.push([tp('Recovered after power loss: check the time, then resume.'), '']);
  if (s.storage_error) notes.push([tp('Cannot save: %s', s.storage_error), 'err']);
  if (s.notice) notes.push([s.notice, '']);
  const nk = JSON.stringify([notes, s.follows]);
  if ($('#st-notes').dataset.k !== nk) {
    $('#st-notes').dataset.k = nk;
    $('#st-notes').replaceChildren(...notes.map(([t, c]) => el('div', { class: 'note ' + c, text: t })));
    /* A follower screen shows the tournament run elsewhere: send the
     * director there, where commands are taken. */
    if (s.follows) {
      const url = /^https?:\/\//.test(s.follows) ? s.follows.replace(/\/*$/, '/') : null;
      $('#st-notes').prepend(el('div', { class: 'note' }, tp('This screen follows another clock. The director\'s panel is there:') + ' ',
        url ? el('a', { href: url, text: url }) : s.follows));
    }
  }
}

/* The players, the prize pool, the results and the announcement. */
function renderPlayers(s) {
  const p = s.players || {};
  $('#pl-figures').replaceChildren(
    figure(tp('players left'), fmtNum(p.remaining)), figure(tp('entries'), fmtNum(p.entries)),
    figure(tp('prize pool'), fmtMoney(s.prize_pool, s.currency)), figure(tp('paid places'), fmtNum(p.paid_places)),
    figure(tp('rebuys'), fmtNum(p.rebuys)), figure(tp('add-ons'), fmtNum(p.addons)),
    figure(tp('average stack'), fmtChips(p.average_stack)));
  renderClosed(s);
  const res = (s.results || []).slice(-5).reverse();
  $('#results').replaceChildren(...res.map((r) => el('li', {}, el('span', { text: resultLine(r, s.currency) }))));

  setText($('#ann-now'), s.announcement ? tp('On the wall: “%s”', s.announcement.text) : '');
  $('#ann-clear').hidden = !s.announcement;
}

/* One line of the results: the place or tied places, the table, the prize. */
function resultLine(r, currency) {
  const best = r.place_best, worst = r.place_worst;
  const money = r.prize_each ? fmtMoney(r.prize_each, currency) : '';
  if (best === worst) {
    if (r.table) return r.prize_each ? tp('Place %s, table %s: %s', best, r.table, money) : tp('Place %s, table %s', best, r.table);
    return r.prize_each ? tp('Place %s: %s', best, money) : tp('Place %s', best);
  }
  if (r.table) {
    return r.prize_each ? tp('Places %s–%s (tie), table %s: %s each', best, worst, r.table, money)
      : tp('Places %s–%s (tie), table %s', best, worst, r.table);
  }
  return r.prize_each ? tp('Places %s–%s (tie): %s each', best, worst, money) : tp('Places %s–%s (tie)', best, worst);
}

/* What is closed looks off, and says why and when it opens. */
function closedReasons(s) {
  const per = s.periods || {};
  const why = {};
  if (s.over) {
    const over = tp('The tournament is over.');
    return { register: over, rebuy: over, addon: over, bust: over };
  }
  if (s.started && !per.late_reg_open)
    why.register = per.late_reg_until_level > 0 ? tp('Registration closed after level %s.', per.late_reg_until_level)
      : tp('Registration closed when the clock started.');
  if (!per.rebuy_until_level) why.rebuy = tp('This tournament has no rebuys.');
  else if (!per.rebuys_open) why.rebuy = tp('Rebuys closed after level %s.', per.rebuy_until_level);
  if (!per.addon_after_level) why.addon = tp('This tournament has no add-on.');
  else if (!per.addon_open && s.level.kind !== 'break' && s.level.number > per.addon_after_level)
    why.addon = tp('The add-on was at the break after level %s.', per.addon_after_level);
  else if (!per.addon_open) why.addon = tp('Add-on at the break after level %s.', per.addon_after_level);
  return why;
}
function renderClosed(s) {
  const why = closedReasons(s);
  for (const type of ['register', 'rebuy', 'addon', 'bust']) {
    const b = $(type === 'bust' ? '#bust-btn' : '#' + type);
    /* Not while a command is in flight: command() gives the buttons back. */
    if (!inflight) b.disabled = !!why[type];
    b.classList.toggle('closed', !!why[type]);
    b.title = why[type] || '';
  }
  setText($('#pl-closed'), s.over ? why.bust : Object.values(why).join(' '));
}

/* A last action in the panel's language. The clock sends each line in
 * English (last_actions) and, in the same order, its code and values
 * (last_action_codes: {"code": "bust", "players": 2, "first": 9, ...};
 * clock/model/action.h); the catalogs word each code once (po/*.po,
 * msgctxt "action.CODE", ACTION_CATALOG of panel-i18n.js). A value is said
 * by its name: ms a time, small, big and chip an amount of chips, any
 * other number the language's way (tests/unit/test_action.c holds the
 * clock to these names). A line without a code (an older clock's, kept in
 * its journal) or with one this panel does not know stays in English. */
const ACTION_CHIPS = new Set(['small', 'big', 'chip']);
const actionValue = (name, v) => (name === 'ms' ? fmtTime(v, false)
  : ACTION_CHIPS.has(name) ? fmtChips(v) : refusalValue(v));
const actionWords = (coded, english) => (coded && coded.code && typeof ACTION_CATALOG !== 'undefined'
  && catalogWords(ACTION_CATALOG, 'action.' + coded.code, coded, actionValue)) || english;

/* The last actions, the latest first; the undo button names the one it
 * takes back. */
function renderHistory(s) {
  const acts = (s.last_actions || []).slice(0, 5);
  const codes = s.last_action_codes || [];
  const k = JSON.stringify([acts, codes.slice(0, 5), s.undo]);
  if ($('#history').dataset.k === k) return;
  $('#history').dataset.k = k;
  $('#history').replaceChildren(...acts.map((a, i) => el('li', { class: i === 0 && s.undo ? 'undoable' : '' }, el('span', { text: actionWords(codes[i], a) }))));
  $('#sec-history').hidden = acts.length === 0;
  setText($('#undo'), s.undo ? tp('↶ Undo: %s', actionWords(codes[0], s.undo)) : tp('↶ Nothing to undo'));
  $('#undo').classList.toggle('closed', !s.undo);
}

function renderHandForHand(s) {
  const h = s.hand_for_hand;
  $('#hfh-start-form').hidden = !!h;
  $('#hfh-on').hidden = !h;
  if (h) {
    setText($('#hfh-head'), h.all_done ? tp('Hand %s: all tables done – DEAL', h.hand)
      : tp('Hand %s: %s of %s tables still playing', h.hand, (h.playing || []).length, h.tables));
    const grid = $('#hfh-grid');
    const key = JSON.stringify([h.tables, h.done, h.waiting, h.hand]);
    if (grid.dataset.k !== key) {
      grid.dataset.k = key;
      const done = new Set(h.done || []), waiting = new Set(h.waiting || []);
      /* The tables in play, by number: one broken out of order is gone. */
      const inPlay = [...done, ...waiting, ...(h.playing || [])].sort((a, b) => a - b);
      const kids = [];
      for (const t of inPlay) {
        const c = done.has(t) ? 'done' : waiting.has(t) ? 'waiting' : '';
        const label = c === 'done' ? tp('Table %s done', t) : c === 'waiting' ? tp('Table %s waiting', t) : tp('Table %s', t);
        kids.push(el('button', { type: 'button', class: c, 'data-table': t, 'aria-label': label },
          String(t), el('small', { text: c === 'done' ? tp('done') : c === 'waiting' ? tp('all-in') : tp('playing') })));
      }
      grid.replaceChildren(...kids);
    }
    $('#hfh-next').classList.toggle('primary', !!h.all_done);
    if (document.activeElement !== $('#hfh-tables-now')) {
      const inPlay = [...(h.done || []), ...(h.waiting || []), ...(h.playing || [])].sort((a, b) => a - b);
      const contiguous = inPlay.every((n, i) => n === i + 1);
      $('#hfh-tables-now').value = contiguous ? inPlay.length : inPlay.join(', ');
    }
  } else if (structure && structure.house) {
    /* The tables the players left fill (9 left at 9 a table: 1), not the
     * tables the tournament started with; kept while the director types,
     * and once changed by hand. */
    const input = $('#hfh-tables');
    const seats = structure.house.seats_per_table || 9;
    const left = (s.players && s.players.remaining) || 0;
    const seated = (window.PCPanel && window.PCPanel.tablesInPlay) || [];
    const want = seated.length ? seated.join(', ')
      : String(left > 0 ? Math.ceil(left / seats) : structure.house.tables || '');
    if (document.activeElement !== input && (input.value === '' || input.value === input.dataset.auto)) {
      input.value = want;
      input.dataset.auto = want;
    }
  }
  const p = s.players || {};
  const offer = bubbleOffered(s);
  $('#bubble-offer').hidden = !offer;
  setText($('#bubble-offer'), offer ? tp('%s players left and %s places paid: the next one out is the bubble. Start it (and hand-for-hand, if the house plays it)?',
    p.remaining, p.paid_places) : '');
  $('#bubble-on').classList.toggle('primary', offer);
  setText($('#bubble-on'), s.bubble ? tp('Bubble is on') : tp('Bubble on'));
}

/* One player more than the places paid: the bubble is offered. */
function bubbleOffered(s) {
  const p = s.players || {};
  return !s.bubble && !s.in_the_money && !s.over && p.paid_places > 0 && p.remaining === p.paid_places + 1;
}
function startBubble(ev) {
  const p = (PC.current() || {}).players || {};
  confirmed(ev.currentTarget, { type: 'bubble_start' }, tp('Start the bubble?'),
    tp('The wall shows BUBBLE with %s players left and %s places paid. Hand-for-hand is on the Tables page.', p.remaining, p.paid_places),
    tp('Bubble on'));
}

function renderDayEnd(s) {
  const d = s.day_end || {};
  const drawn = d.drawn != null;
  $('#de-form').hidden = drawn;
  $('#de-on').hidden = !drawn;
  let deText = '';
  if (drawn) deText = d.over ? tp('Card drawn: %s. Play is over for today.', d.drawn) : tp('Card drawn: %s. %s hands left.', d.drawn, d.hands_left ?? '?');
  else if (d.window) deText = tp('Now is the time: 15 to 5 minutes before the end of the day.');
  else if (d.level_ends_day) deText = tp('This level ends the day.');
  setText($('#de-state'), deText);
  const tl = Array.isArray(d.tables_left) ? d.tables_left : null;
  /* Once the day is over there is no hand left to report. */
  $('#de-done').hidden = !!tl || !!d.over;
  const dg = $('#de-grid');
  const dk = JSON.stringify(tl);
  if (dg.dataset.k !== dk) {
    dg.dataset.k = dk;
    dg.replaceChildren(...(tl || []).map((x) => el('button', { type: 'button', 'data-table': x.table, class: x.hands_left ? '' : 'done', 'aria-label': tp('Table %s: hand done', x.table) },
      String(x.table), el('small', { text: tp('%s left', x.hands_left) }))));
  }
}

/* The clock call, the color-up and the penalties. */
function renderCallsAndPenalties(s) {
  $('#call-cancel').hidden = !s.clock_call;
  $('#cu-done').hidden = !(s.color_up && s.color_up.now);
  const cu = s.color_up || {};
  /* A chip no longer needed with no break left: the clock asks, it does
   * not take chips off the tables by itself. */
  if (cu.due && !cu.now && $('#cu-chip').dataset.due !== String(cu.due.value)) {
    $('#cu-chip').dataset.due = cu.due.value;
    $('#cu-chip').value = cu.due.value;
  }
  const atLevel = cu.next && structure && structure.levels[cu.next.at_level];
  setText($('#cu-state'), cu.now ? tp('Now: %s (%s) into %s', fmtChips(cu.now.value), cu.now.colour, fmtChips(cu.now.into))
    : cu.due ? tp('The %s chips (%s) are no longer needed and no break is left to color them up at: color them up when the tables are ready.', fmtChips(cu.due.value), cu.due.colour)
    : cu.next ? (atLevel ? tp('Next: %s (%s) at %s', fmtChips(cu.next.value), cu.next.colour, PANEL_LANG.inSentence(levelTitle(atLevel)))
      : tp('Next: %s (%s)', fmtChips(cu.next.value), cu.next.colour)) : '');

  const pk = JSON.stringify((s.penalties || []).map((x) => [x.table, x.seat, x.rounds]));
  if ($('#pen-list').dataset.k !== pk) {
    $('#pen-list').dataset.k = pk;
    $('#pen-list').replaceChildren(...(s.penalties || []).map((x) => el('li', {},
      el('span', { class: 'pen-text', 'data-table': x.table, 'data-seat': x.seat }),
      el('button', { type: 'button', class: 'small', 'data-table': x.table, 'data-seat': x.seat, text: tp('Clear') }))));
  }
}

function render() {
  const s = PC.current();
  if (!s) return;
  renderStatus(s);
  renderTags(s);
  renderNotes(s);
  $('#login').hidden = loggedIn || !!s.follows;
  $('#controls').hidden = !loggedIn || !!s.follows;
  $('#undo-bar').hidden = !loggedIn || !!s.follows;
  document.body.classList.toggle('tabbed', loggedIn && !s.follows);
  $('#mini').hidden = !loggedIn || !!s.follows;

  const go = $('#go');
  const action = !s.started ? 'start' : s.running ? 'pause' : 'resume';
  setText(go, action === 'start' ? tp('Start') : action === 'pause' ? tp('Pause') : tp('Resume'));
  go.className = 'huge ' + action;

  if (!loggedIn) return;
  renderPlayers(s);
  renderHistory(s);
  renderHandForHand(s);
  renderDayEnd(s);
  renderCallsAndPenalties(s);

  if (s.seq !== lastSeqRendered) {
    lastSeqRendered = s.seq;
    renderStructure();
    renderChipChoices();
  }
  tick();
}

/* Redrawn a few times a second: every time shown is the last state's
 * figure minus the time since it arrived. */
function tick() {
  const s = PC.current();
  if (!s) return;
  const c = PC.clock();
  const clockText = s.overtime ? '+' + fmtTime(c.overtime, false) : fmtTime(c.remaining);
  setText($('#st-clock'), clockText);
  setText($('#mini-clock'), clockText);
  const last = s.running && !s.overtime && c.remaining <= 60000 && s.level.kind !== 'break';
  $('#status').classList.toggle('is-last', last);
  $('#mini').classList.toggle('last', last);
  const tb = c.toBreak != null
    ? ' · ' + (s.level.kind === 'break' ? tp('next break in %s', fmtTime(c.toBreak)) : tp('break in %s', fmtTime(c.toBreak))) : '';
  setText($('#st-meta'), metaBase + tb);
  if (!loggedIn) return;
  const cc = s.clock_call;
  setText($('#call-now'), cc ? tp('Clock on table %s, seat %s: %s', cc.table, cc.seat,
    PC.wallMs(cc.remaining_ms) > 0 ? fmtTime(PC.wallMs(cc.remaining_ms)) : tp('time is up')) : '');
  for (const span of $$('#pen-list .pen-text')) {
    const x = (s.penalties || []).find((p) => p.table == span.dataset.table && p.seat == span.dataset.seat);
    if (!x) continue;
    setText(span, tp('Table %s, seat %s: %s', x.table, x.seat,
      x.rounds ? (x.rounds === 1 ? tp('%s round', x.rounds) : tp('%s rounds', x.rounds)) : fmtTime(PC.wallMs(x.remaining_ms))));
  }
  if (s.announcement && s.announcement.remaining_ms != null) {
    const left = PC.wallMs(s.announcement.remaining_ms);
    setText($('#ann-now'), left > 0 ? tp('On the wall: “%s” (%s)', s.announcement.text, fmtTime(left)) : '');
    $('#ann-clear').hidden = left <= 0;
  }
}

/* ---- the wall preview ---- */

let previewBusy = false;
let previewWanted = false;
let previewFailures = 0;
function refreshPreview() {
  /* Hidden (the page asleep, or a phone on another page): not asked for. */
  if (document.hidden || (loggedIn && page !== 'clock' && !matchMedia('(min-width: 760px)').matches)) return;
  if (previewBusy) { previewWanted = true; return; }
  previewBusy = true;
  const img = new Image();
  img.onload = () => {
    $('#preview').src = img.src;
    $('#preview-box').classList.remove('none');
    setText($('#preview-note'), tp('The wall, as players see it'));
    previewFailures = 0;
    done();
  };
  img.onerror = () => {
    if (++previewFailures >= 2) {
      $('#preview-box').classList.add('none');
      setText($('#preview-note'), tp('No picture of the wall right now.'));
    }
    done();
  };
  function done() {
    previewBusy = false;
    if (previewWanted) { previewWanted = false; setTimeout(refreshPreview, 300); }
  }
  img.src = '/api/screen.png?w=640&h=360&t=' + Date.now();
}
let previewSeq = -1;

/* ---- start ---- */

PC.onOnline((on) => {
  $('#offline').hidden = on;
  const c = $('#conn');
  c.className = 'pill ' + (on ? 'on' : 'off');
  setText(c, on ? tp('live') : tp('offline'));
  if (on) { checkSession(); refreshPreview(); }
});
PC.onState((s) => {
  render();
  if (loggedIn) structureMaybeChanged(s);
  if (s.seq !== previewSeq) { previewSeq = s.seq; setTimeout(refreshPreview, 150); }
});
setInterval(tick, 250);
setInterval(refreshPreview, 5000);
document.addEventListener('visibilitychange', () => { if (!document.hidden) refreshPreview(); });
/* For web/players.js and the cards' scripts: the same sender, the
 * answers next to their buttons, the pages. */
window.PCPanel = { command, confirmed, confirmAction, msgFor, showMsg, ensureVisible, reveal, showPage, dot, closedReasons,
  busy: () => inflight };
checkSession();
PC.start();
