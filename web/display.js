/* The wall display in a browser: the same information and states as the
 * SDL wall, counted down locally from the event stream. Click: fullscreen. */
'use strict';

(() => {
  const { $, el, setText, fmtTime, fmtChips, fmtMoney, blinds } = PC;
  const t = I18N.t;
  let structure = null;
  let prevLevel = null;       /* index of the level seen last, for the new-level banner */
  let newLevelUntil = 0;      /* performance.now() until which it shows */
  let prevItm = null;
  let itmUntil = 0;

  function levelName(l) {
    if (!l) return '';
    return l.kind === 'break' ? t('break') : t('level') + ' ' + l.number;
  }
  function anteText(l) {
    if (!l || l.kind === 'break' || !l.ante) return '';
    return (l.big_blind_ante ? t('bb_ante') : t('ante')) + ' ' + fmtChips(l.ante);
  }
  function chipInfo(value) {
    const c = structure && (structure.chips || []).find((x) => x.value === value);
    return c || { value, colour: '', rgb: '#888888' };
  }
  function chipSpan(value) {
    return el('span', { class: 'chip', style: 'background:' + chipInfo(value).rgb });
  }

  function labels() {
    setText($('#blinds-label'), t('blinds'));
    setText($('#next-label'), t('next_level'));
    setText($('#break-label'), t('break_in'));
    setText($('#players-label'), t('players'));
    setText($('#avg-label'), t('avg_stack'));
    setText($('#pool-label'), t('prize_pool'));
    setText($('#payouts-label'), t('payouts'));
    setText($('#paused-band'), t('paused'));
  }

  /* The parts that change only with a new state. */
  function render(s) {
    document.body.classList.remove('loading');
    const l = s.level;
    const isBreak = l.kind === 'break';
    if (prevLevel !== null && prevLevel !== l.index && s.started) newLevelUntil = performance.now() + 10000;
    prevLevel = l.index;
    if (prevItm === false && s.in_the_money) itmUntil = performance.now() + 60000;
    prevItm = !!s.in_the_money;

    document.body.classList.toggle('break', isBreak);
    /* Hand-for-hand and the end-of-day draw stop the level clock: the wall
     * says so with their own banners, not with PAUSED. */
    const procedure = !!s.hand_for_hand || (s.day_end && s.day_end.drawn != null);
    const paused = s.started && !s.running && !procedure;
    document.body.classList.toggle('paused', paused);
    document.body.classList.toggle('stopped', s.started && !s.running && procedure);
    document.body.classList.toggle('overtime', !!s.overtime);
    setText($('#name'), s.name || '');
    setText($('#lvl'), levelName(l) + (l.day_end ? ' · ' + t('day_end') : ''));
    setText($('#blinds-label'), isBreak ? '' : t('blinds'));
    setText($('#blinds'), isBreak ? t('break') : blinds(l));
    setText($('#ante'), anteText(l));
    $('#paused-band').hidden = !paused;
    const n = s.next_level;
    setText($('#next'), n ? (n.kind === 'break' ? t('break') + ' ' + Math.round(n.minutes) + ' ' + t('min')
      : blinds(n) + (n.ante ? ' (' + fmtChips(n.ante) + ')' : '')) : t('last_level'));

    const p = s.players || {};
    $('#players').replaceChildren(String(p.remaining ?? ''), el('small', { text: ' / ' + (p.entries ?? '') }));
    $('#avg').replaceChildren(fmtChips(p.average_stack), p.average_stack_bb != null ? el('small', { text: ' ' + p.average_stack_bb + ' BB' }) : '');
    setText($('#pool'), fmtMoney(s.prize_pool, s.currency));
    const pay = s.payouts || [];
    const ol = $('#payouts');
    ol.classList.toggle('one', pay.length <= 5);
    const key = JSON.stringify(pay);
    if (ol.dataset.k !== key) {
      ol.dataset.k = key;
      ol.replaceChildren(...pay.slice(0, 20).map((v, i) => el('li', {}, el('span', { text: (i + 1) + '.' }), fmtMoney(v, ''))));
    }
    tick();
  }

  /* The parts that count: a few times a second, all derived from the last
   * state and the time since it arrived. */
  function tick() {
    const s = PC.current();
    if (!s) return;
    const c = PC.clock();
    const l = s.level;
    const last = s.running && !s.overtime && l.kind !== 'break' && c.remaining <= 60000;
    document.body.classList.toggle('last', last);
    setText($('#clock'), s.overtime ? '+' + fmtTime(c.overtime, false) : fmtTime(c.remaining));
    const frac = l.duration_ms > 0 ? Math.min(1, c.elapsed / l.duration_ms) : 0;
    $('#bar-fill').style.transform = 'scaleX(' + (s.overtime ? 1 : frac).toFixed(4) + ')';
    setText($('#tobreak'), c.toBreak != null && l.kind !== 'break' ? fmtTime(c.toBreak) : '–');
    setText($('#elapsed'), s.started ? t('elapsed') + ' ' + fmtTime(c.total, false) : t('not_started'));
    banners(s, c);
    overlay(s, c);
    penalties(s);
  }

  function banner(cls, text, sub, extra) {
    return el('div', { class: 'banner ' + cls }, text, sub ? el('small', { text: sub }) : null, extra || null);
  }

  function banners(s, c) {
    const out = [];
    if (s.recovered_after_power_loss) out.push(banner('notice', t('power_loss')));
    if (s.overtime) out.push(banner('notice', t('overtime')));
    const h = s.hand_for_hand;
    if (h) {
      const tables = el('div', { class: 'tables' },
        ...(h.playing || []).map((n) => el('span', { text: String(n) })),
        ...(h.waiting || []).map((n) => el('span', { class: 'waiting', text: n + ' ' + t('allin') })));
      out.push(h.all_done
        ? banner('hfh deal', t('hfh') + ' · ' + t('hand') + ' ' + h.hand + ' · ' + t('deal'), t('devices'))
        : banner('hfh', t('hfh') + ' · ' + t('hand') + ' ' + h.hand, t('tables_playing') + ' · ' + t('devices'), tables));
    }
    const p = s.players || {};
    if (s.bubble) out.push(banner('bubble', t('bubble'), t('bubble_line', { p: p.remaining, q: p.paid_places })));
    if (performance.now() < itmUntil) out.push(banner('itm', t('itm'), t('itm_line', { q: p.paid_places })));
    const cu = s.color_up;
    if (cu && cu.now) {
      out.push(banner('colorup', el('span', {}, t('color_up') + ': ', chipSpan(cu.now.value), t('color_up_into', { c: fmtChips(cu.now.value), n: fmtChips(cu.now.into) })), t('chip_race')));
    } else if (cu && cu.next && s.next_break && cu.next.at_level === s.next_break.index) {
      out.push(banner('colorup', el('span', {}, chipSpan(cu.next.value), t('color_up_next', { c: fmtChips(cu.next.value) }))));
    } else if (cu && cu.next && cu.next.at_level === s.level.index && s.level.kind !== 'break') {
      out.push(banner('colorup', el('span', {}, chipSpan(cu.next.value), t('color_up_after', { c: fmtChips(cu.next.value) }))));
    }
    if (s.announcement) out.push(banner('announce', s.announcement.text));
    const box = $('#banners');
    /* Rebuild only when the text changed, so that nothing flickers. */
    const key = out.map((b) => b.className + b.textContent).join('|');
    if (box.dataset.k !== key) {
      box.dataset.k = key;
      box.replaceChildren(...out);
    }
  }

  /* One overlay at a time, the most urgent first: a clock call, the end of
   * the day, a new level. */
  function overlay(s, c) {
    const ov = $('#overlay');
    const box = $('#overlay-box');
    let cls = '', kids = null;
    const cc = s.clock_call;
    const d = s.day_end || {};
    if (cc) {
      const left = PC.wallMs(cc.remaining_ms);
      const counting = left > 0 && left <= cc.countdown_ms;
      cls = 'call' + (counting || left <= 0 ? ' counting' : '');
      kids = [el('div', { class: 'mid', text: t('clock_called', { t: cc.table, s: cc.seat }) }),
        el('div', { class: 'big', text: left > 0 ? String(Math.ceil(left / 1000)) : t('time_up') })];
    } else if (d.drawn != null) {
      cls = 'dayend';
      if (d.over) kids = [el('div', { class: 'mid', text: t('day_over') }), el('small', { text: t('bag_tag') })];
      else {
        const n = d.hands_left ?? d.drawn;
        kids = [el('div', { class: 'card', text: String(d.drawn) }),
          el('div', { class: 'mid', text: n === 1 ? t('hand_remaining') : t('hands_remaining', { n }) }),
          el('small', { text: t('card_drawn') + ': ' + d.drawn })];
      }
    } else if (performance.now() < newLevelUntil) {
      const l = s.level;
      cls = 'newlevel';
      kids = l.kind === 'break'
        ? [el('div', { class: 'mid', text: t('break') }), el('div', { class: 'big', text: fmtTime(c.remaining) })]
        : [el('div', { class: 'mid', text: t('new_level') + ': ' + levelName(l) }),
          el('div', { class: 'big', text: blinds(l) }),
          el('div', { text: anteText(l) }), el('small', { text: t('from_next_hand') })];
    }
    ov.hidden = !kids;
    if (!kids) return;
    ov.className = cls;
    const key = cls + kids.map((k) => k.textContent).join('|');
    if (box.dataset.k !== key) {
      box.dataset.k = key;
      box.replaceChildren(...kids);
    }
  }

  function penalties(s) {
    const list = s.penalties || [];
    const ul = $('#penalties');
    const items = list.map((x) => t('table_seat', { t: x.table, s: x.seat }) + ': ' +
      (x.rounds ? (x.rounds === 1 ? t('round') : t('rounds', { n: x.rounds })) : fmtTime(PC.wallMs(x.remaining_ms))));
    const key = items.join('|');
    if (ul.dataset.k === key) return;
    ul.dataset.k = key;
    ul.replaceChildren(...items.map((x) => el('li', { text: x })));
  }

  async function loadSettings() {
    const st = await PC.settings();
    I18N.use(st.language || 'en');
    PC.applyTheme(st.theme);
    labels();
    const s = PC.current();
    if (s) render(s);
  }
  async function loadStructure() {
    try {
      const r = await fetch('/api/structure', { cache: 'no-store' });
      if (r.ok) {
        structure = await r.json();
        $('#banners').dataset.k = ''; /* chip colours come from it */
      }
    } catch (e) { /* offline */ }
  }

  document.body.addEventListener('click', () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else document.documentElement.requestFullscreen().catch(() => {});
  });
  PC.onOnline((on) => {
    $('#offline').hidden = on;
    if (on) { loadSettings(); loadStructure(); }
  });
  PC.onState(render);
  labels();
  setInterval(tick, 200);
  PC.start();
})();
