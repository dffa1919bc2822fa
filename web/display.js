/* The wall display in a browser: the same information, states and words as
 * the SDL wall, counted down locally from the event stream. What the wall
 * shows besides the clock (the procedure over the body, the strips in the
 * footer, PAUSED, ...) is the clock's decision, the state's "view": this
 * page only draws it. Click: fullscreen. */
'use strict';

(() => {
  const { $, el, setText, fmtTime, fmtChips, blinds } = PC;
  const t = I18N.t;
  const t2 = I18N.t2;
  let structure = null;
  /* The clock's decision and when it came (its times count on from then);
   * it says when it changes by itself between two states (changes_in_ms),
   * and then GET /api/view brings the next one. */
  let view = null;
  let viewAt = 0;
  let viewSeq = -1;
  let viewTimer = 0;

  const money = (v) => PC.fmtMoney(v, (PC.current() || {}).currency);
  function levelName(l) {
    if (!l) return '';
    return l.kind === 'break' ? t('break') : t('level') + ' ' + l.number;
  }
  function anteText(l) {
    if (!l || l.kind === 'break' || !l.ante) return '';
    return (l.big_blind_ante ? t('bb_ante') : t('ante')) + ' ' + fmtChips(l.ante);
  }
  function chipColour(value) {
    const c = structure && (structure.chips || []).find((x) => x.value === value);
    return c ? c.rgb : '#888888';
  }
  /* Replaces a box's children only when their text changed: nothing flickers. */
  function put(box, kids, extraKey) {
    // An element whose look is more than its text and class says so in data-k.
    const key = (extraKey || '') + kids.map((k) => (k.className || '') + (k.dataset?.k || '') + k.textContent).join('|');
    if (box.dataset.k === key) return;
    box.dataset.k = key;
    box.replaceChildren(...kids);
  }

  /* ---- the clock's decision ---- */

  function sinceView() { return performance.now() - viewAt; }
  function takeView(v, seq) {
    view = v;
    viewAt = performance.now();
    viewSeq = seq;
    clearTimeout(viewTimer);
    if (v && v.changes_in_ms != null) viewTimer = setTimeout(fetchView, v.changes_in_ms + 20);
  }
  async function fetchView() {
    try {
      const r = await fetch('/api/view', { cache: 'no-store' });
      if (!r.ok) throw new Error(r.status);
      const j = await r.json();
      /* A state the stream brought meanwhile is newer. */
      if (j.seq >= viewSeq) takeView(j.view, j.seq);
      tick();
    } catch (e) {
      viewTimer = setTimeout(fetchView, 2000); /* offline: the last decision stays */
    }
  }

  /* A text of the decision in words: strings as they are, numbers, words
   * of the catalogs with their arguments, labels in both languages, chips,
   * money and times counting down (a level's time only while it runs). */
  function say(parts) {
    if (!parts) return '';
    const since = sinceView();
    const arg = (a) => (typeof a === 'object' ? fmtChips(a.chips) : a);
    return parts.map((p) => {
      if (typeof p === 'string') return p;
      if (typeof p === 'number') return String(p);
      if (p.w) return t(p.w, ...(p.a || []).map(arg));
      if (p.l) return t2(p.l);
      if (p.chips != null) return fmtChips(p.chips);
      if (p.money != null) return money(p.money);
      if (p.time != null) return fmtTime(Math.max(0, p.time - since));
      if (p.level_time != null) return fmtTime(Math.max(0, p.level_time - (view.running ? since : 0)));
      return '';
    }).join('');
  }

  function labels() {
    setText($('#players-label'), t2('players'));
    setText($('#avg-label'), t2('average'));
    setText($('#chips-label'), t2('chips_in_play'));
    setText($('#pool-label'), t2('prize_pool'));
    setText($('#next-label'), t2('next_level'));
    setText($('#break-label'), t2('next_break'));
    setText($('#payouts-label'), t2('payouts'));
    setText($('#paused-band'), t2('paused'));
  }

  /* The parts that change only with a new state. */
  function render(s) {
    document.body.classList.remove('loading');
    const l = s.level;
    const isBreak = l.kind === 'break';
    document.body.classList.toggle('break', isBreak);
    document.body.classList.toggle('overtime', !!s.overtime);
    if ($('#name').textContent !== (s.name || '')) { setText($('#name'), s.name || ''); PC.fitText($('#name')); }
    setText($('#top-level'), isBreak ? '' : levelName(l) + ' · ' + blinds(l));

    setText($('#lvl'), !s.started ? t('not_started') : s.overtime ? t('overtime')
      : levelName(l) + (l.day_end ? ' · ' + t('last_level_today') : ''));
    /* On a break the middle says what comes after it. */
    const n = s.next_level;
    setText($('#blinds'), isBreak ? (n ? blinds(n) : '') : blinds(l));
    setText($('#ante'), isBreak ? (n ? t('then') + ': ' + levelName(n) + (anteText(n) ? ' · ' + anteText(n) : '') : '') : anteText(l));
    $('#blinds').classList.toggle('then', isBreak);

    const next = $('#next');
    next.classList.toggle('break', !!n && n.kind === 'break');
    setText(next, !n ? '–' : n.kind === 'break' ? t('break') : blinds(n));
    setText($('#next-sub'), !n ? '' : n.kind === 'break' ? Math.round(n.minutes) + ' ' + t('min') : anteText(n));

    const p = s.players || {};
    setText($('#players'), (p.remaining ?? 0) + ' / ' + (p.entries ?? 0));
    /* Chips as the wall writes them (22,702, 25K). */
    setText($('#avg'), p.entries ? fmtChips(p.average_stack) : '–');
    /* On a break, in the big blinds of the level after it, as on the wall. */
    const bbLevel = isBreak ? n : l;
    setText($('#avg-bb'), p.entries && bbLevel ? PC.fmtBB(p.average_stack, bbLevel.big_blind) : '');
    setText($('#chips'), fmtChips(p.chips_in_play));
    setText($('#pool'), money(s.prize_pool));
    const pay = s.payouts || [];
    /* The lines the clock decided: the places from the first, the lowest
     * still to be won last when they do not all fit, a deal as one line. */
    const rowName = (r) => r.deal ? t('pay_deal', r.deal) : r.play_for ? t('pay_play_for') : I18N.ordinal(r.place);
    put($('#payouts'), ((s.view || view || {}).payouts || []).map((r) =>
      el('li', { class: r.place === 1 || r.play_for ? 'first' : '' }, el('span', { text: rowName(r) }), el('b', { text: money(r.amount) }))));
    setText($('#paid'), pay.length ? t('itm_line', pay.length) : '');
    /* With bounties, as the wall: the bounty per head, or the biggest heads. */
    const b = (s.view || view || {}).bounty;
    put($('#bounty'), !b ? [] : [el('li', { class: 'title' }, el('span', { text: say(b.title) }),
      b.amount ? el('b', { text: money(b.amount) }) : null),
    ...(b.heads || []).map((h) => el('li', {}, el('span', { text: say(h.who) }), el('b', { text: money(h.amount) })))]);
    tick();
  }

  /* The parts that count: a few times a second, all derived from the last
   * state and decision and the time since they arrived. */
  function tick() {
    const s = PC.current();
    if (!s || !view) return;
    const c = PC.clock();
    const l = s.level;
    const paused = view.paused;
    document.body.classList.toggle('paused', paused);
    document.body.classList.toggle('stopped', s.started && !s.running && !paused && s.over !== true);
    $('#paused-band').hidden = !paused;
    document.body.classList.toggle('last', view.pill === 'last_minute');
    /* The state in a word at the top right, as on the wall. */
    const pill = $('#break-pill');
    pill.hidden = !view.pill;
    setText(pill, view.pill ? t2(view.pill).toUpperCase() : '');
    pill.classList.toggle('warn', view.pill !== 'break');
    const clockText = s.overtime ? '+' + fmtTime(c.overtime, false) : fmtTime(c.remaining);
    setText($('#clock'), clockText);
    $('#clock').classList.toggle('long', clockText.length > 5);
    setText($('#top-clock'), clockText);
    const frac = l.duration_ms > 0 ? Math.min(1, c.elapsed / l.duration_ms) : 0;
    for (const f of document.querySelectorAll('.bar .level-fill'))
      f.style.transform = 'scaleX(' + (s.overtime ? 1 : frac).toFixed(4) + ')';
    const tb = $('#tobreak');
    setText(tb, c.toBreak != null ? fmtTime(c.toBreak) : t('no_more_breaks'));
    tb.classList.toggle('words', c.toBreak == null);
    const take = takeover(s, c);
    document.body.classList.toggle('takeover', !!take);
    /* The venue's slides on a break and before the start, as on the wall;
     * where the house wants them, also while a level runs, on a wide screen. */
    const band = !!(structure && structure.house && structure.house.slides_while_running) && innerWidth > innerHeight;
    PCSlides.show($('#slide'), (l.kind === 'break' || !s.started || band) && !take && s.over !== true);
    showLeague(!s.started && !take && s.over !== true && $('#slide').hidden);
    document.body.classList.toggle('band', band && l.kind !== 'break' && s.started);
    /* The level clock small in the header while a procedure has the body,
     * unless the procedure shows it itself (a color-up on a break). */
    $('#top-right').classList.toggle('show', !!take && !take.beside_clock);
    /* The level line or a state word beside the name leaves it less room:
     * fitted again rather than cut. */
    const name = $('#name');
    if (name.scrollWidth > name.clientWidth + 1) PC.fitText(name);
    strips();
    /* What is open, when nothing is announced. */
    setText($('#periods'), view.strips.length ? '' : view.periods.map(say).join('   ·   '));
  }

  /* The strip up now, with dots saying how many take turns and which (in
   * columns of four, within the strip's height). */
  /* Before the start, when no slide shows: the current league season's
   * leaders where the slide would go, as on the wall (its name, the first six). */
  function showLeague(on) {
    const b = on ? PCLeague.board() : null;
    const box = $('#league');
    box.hidden = !b;
    if (!b) return;
    document.body.classList.add('slide');
    const lines = b.rows.slice(0, 6).map((x) => `${x.rank}. ${x.name}   ${PCLeague.points(x.points)}`);
    const key = [b.season, ...lines].join('\n');
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.replaceChildren(el('h2', { text: b.season }), ...lines.map((x) => el('p', { text: x })));
  }

  function strips() {
    const list = view.strips;
    let k = 0;
    if (list.length > 1 && view.turn_ms > 0) {
      const since = sinceView();
      const turns = since < view.turn_in_ms ? 0 : 1 + Math.floor((since - view.turn_in_ms) / view.turn_ms);
      k = (view.turn + turns) % list.length;
    }
    const out = [];
    const b = list[k];
    if (b) {
      const title = b.kind === 'color_up_next'
        ? el('span', {}, el('span', { class: 'chip', style: 'background:' + chipColour(b.chip) }), say(b.title))
        : say(b.title);
      const strip = el('div', { class: 'banner ' + b.kind }, title, b.line ? el('small', { text: say(b.line) }) : null);
      if (list.length > 1 && view.turn_ms > 0) {
        strip.classList.add('turning');
        strip.append(el('span', { class: 'turns', style: '--rows:' + Math.min(list.length, 4) },
          ...list.map((x, q) => el('i', { class: q === k ? 'on' : '' }))));
      }
      out.push(strip);
    }
    put($('#banners'), out, structure ? 's' : '');
  }

  /* The card dealt for the button: "A♠". */
  function cardText(n) {
    return ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'][n >> 2] + '♣♦♥♠'[n & 3];
  }

  /* The middle of the wall as the clock decided it: the procedure and its
   * figure. Returns the takeover drawn, or null. */
  function takeover(s, c) {
    const box = $('#takeover');
    const v = view.takeover;
    box.hidden = !v;
    if (!v) return null;
    const since = sinceView();
    let kids;
    let cls = v.kind;
    switch (v.kind) {
    case 'winner':
      kids = [el('div', { class: 'title', text: say(v.title) }), v.line ? el('div', { class: 'prize', text: say(v.line) }) : null];
      break;
    case 'clock_call': {
      const left = Math.max(0, v.remaining_ms - since);
      const secs = Math.ceil(left / 1000);
      cls += v.expired ? ' expired' : v.counting ? ' counting' : '';
      kids = [el('h2', { text: say(v.title) }),
        el('div', { class: 'big', text: v.expired ? t('time_up') : String(secs) })];
      if (!v.expired)
        kids.push(el('div', { class: 'bar' },
          el('div', { class: 'fill', style: 'transform:scaleX(' + (v.total_ms > 0 ? secs * 1000 / v.total_ms : 0).toFixed(3) + ')' }),
          el('i', { class: 'mark', style: 'left:' + (100 * v.countdown_ms / v.total_ms).toFixed(2) + '%' })));
      break;
    }
    case 'day_end_card': {
      /* Face down, then it turns over, as on the wall. */
      const face = v.since_ms + since >= 1900;
      kids = [el('h2', { text: say(v.title) }),
        el('div', { class: 'card' + (face ? '' : ' back'), text: face ? String(v.drawn) : '' })];
      break;
    }
    case 'day_end_hands':
      kids = [el('div', { class: 'card', text: String(v.drawn) }), el('div', { class: 'mid', text: say(v.title) })];
      break;
    case 'day_over':
    case 'in_the_money':
      kids = [el('div', { class: 'title', text: say(v.title) }), el('div', { class: 'sub', text: say(v.line) })];
      break;
    case 'final_table':
      kids = [el('h2', { text: say(v.title) }),
        el('ol', { class: 'seats' }, ...v.seats.map((x) => el('li', { class: x.seat === v.button ? 'button' : '' },
          el('span', { class: 'no', text: String(x.seat) }),
          x.card != null ? el('span', { class: 'fcard' + ((x.card & 3) === 1 || (x.card & 3) === 2 ? ' red' : ''), text: cardText(x.card) }) : null,
          el('span', { class: 'who', text: say(x.who) }))))];
      if (v.line) kids.push(el('div', { class: 'sub', text: say(v.line) }));
      break;
    case 'hand_for_hand':
      kids = hfhFigure(v);
      break;
    case 'color_up':
      kids = colorUpFigure(s, c, v);
      break;
    default:
      kids = [el('div', { class: 'title', text: say(v.title) })];
    }
    box.className = cls;
    put(box, kids.filter(Boolean), cls);
    return v;
  }

  /* The tables of hand-for-hand: lit while playing, dim when done, blue
   * all-in and waiting; DEAL when every table is done. */
  function hfhFigure(v) {
    const kids = [el('h2', { text: say(v.title) }), el('div', { class: 'mid', text: say(v.hand) })];
    if (v.field) kids.push(el('div', { class: 'field', text: say(v.field) }));
    if (v.all_done) {
      kids.push(el('div', { class: 'big deal', text: say(v.deal) }));
    } else {
      const done = new Set(v.done), waiting = new Set(v.waiting);
      let all = [...v.done, ...v.waiting, ...v.playing].sort((a, b) => a - b);
      // Tiles shrink to fit a big field (about 1,000 u² for the grid); too
      // small to read, the tables done drop out, as on the SDL wall.
      const side = (n) => (n <= 10 ? 8 : Math.min(6, Math.sqrt(1000 / n)));
      if (side(all.length) < 3) all = all.filter((n) => !done.has(n));
      const tile = side(all.length), font = all.length <= 10 ? 4.2 : tile * 3.2 / 6;
      kids.push(el('div', { class: 'sub', text: say(v.label) }),
        el('div', { class: 'tiles', style: `--tile:${tile.toFixed(2)};--font:${font.toFixed(2)}`,
          'data-k': [...v.done, 'w', ...v.waiting].join() }, ...all.map((n) =>
          el('span', { class: done.has(n) ? 'done' : waiting.has(n) ? 'waiting' : 'playing', text: String(n) }))));
      if (v.legend) kids.push(el('div', { class: 'legend' }, el('i'), say(v.legend)));
    }
    kids.push(el('div', { class: 'devices', text: say(v.line) }));
    return kids;
  }

  /* The color-up: what the chips become ("4 ×" of them make one), which
   * leave play, the chip race; on a break the break's clock beside it. */
  function colorUpFigure(s, c, v) {
    const chip = (x) => el('span', { class: 'bigchip', style: 'background:' + x.rgb, text: fmtChips(x.value) });
    const chips = v.into
      ? [el('span', { class: 'times', text: v.times + ' ×' }), chip(v.from), el('span', { class: 'arrow', text: '→' }), chip(v.into)]
      : [chip(v.from)];
    const guide = el('div', { class: 'side guide' },
      el('div', { class: 'chips' }, ...chips),
      el('div', { class: 'gone', text: say(v.gone) }),
      el('div', { class: 'race' }, el('b', { text: say(v.race) }), ...v.race_lines.map((x) => el('span', { text: say(x) }))));
    const kids = [el('h2', { text: say(v.title) })];
    if (!v.beside_clock) return [...kids, el('div', { class: 'row' }, guide)];
    const n = s.next_level;
    const clock = el('div', { class: 'side clock' },
      el('div', { class: 'mid', text: levelName(s.level) }),
      el('div', { class: 'big', text: fmtTime(c.remaining) }),
      el('div', { class: 'bar' }, el('div', { class: 'fill level-fill' })),
      n ? el('div', { class: 'sub', text: t('then') + ': ' + levelName(n) }) : null,
      n ? el('div', { class: 'blinds', text: blinds(n) }) : null,
      anteText(n) ? el('div', { class: 'sub ante', text: anteText(n) }) : null);
    return [...kids, el('div', { class: 'row' }, clock, guide)];
  }

  async function loadSettings() {
    const st = await PC.settings();
    I18N.use(st.language || 'en', st.language2);
    PC.applyTheme(st.theme);
    labels();
    const s = PC.current();
    if (s) render(s);
  }
  async function loadStructure() {
    try {
      const r = await fetch('/api/structure', { cache: 'no-store' });
      if (r.ok) structure = await r.json();
    } catch (e) { /* offline */ }
  }

  document.body.addEventListener('click', () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else document.documentElement.requestFullscreen().catch(() => {});
  });
  PC.onOnline((on) => {
    $('#offline').hidden = on;
    if (on) { loadSettings(); loadStructure(); PCLeague.load(); }
  });
  PC.onState((s) => { takeView(s.view, s.seq); render(s); });
  /* The wall's language changed on the panel: the page follows it. */
  let lang = null;
  PC.onState((s) => {
    const now = s.language + '/' + s.language2;
    if (lang !== null && now !== lang) loadSettings();
    lang = now;
  });
  addEventListener('resize', () => PC.fitText($('#name')));
  /* Measured again once the wall's font has come: it is narrower than the
   * stand-in the name was first measured in. */
  document.fonts.addEventListener('loadingdone', () => PC.fitText($('#name')));
  labels();
  setInterval(tick, 200);
  PCSlides.start();
  PCLeague.onBoard(tick);
  PC.start();
})();
