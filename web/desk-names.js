/* The registration desk's offer: as the first letters of a name are typed,
 * the names of players from earlier tournaments (GET /api/names: the
 * archive, any word of the name, case and accents aside), one tap to take
 * one, so that the same person keeps the same name all season. */
(() => {
  'use strict';
  const { $, el } = PC;
  const box = $('#seat-names');
  const offer = $('#seat-offer');
  const WAIT_MS = 120; /* typing on: one question for the last letters */
  let asked = 0, timer = 0;
  offer.setAttribute('aria-label', tp('Names from earlier tournaments'));

  /* The line the caret is on (names are one a line): its text and place. */
  function line() {
    const v = box.value, at = box.selectionStart == null ? v.length : box.selectionStart;
    const start = v.lastIndexOf('\n', at - 1) + 1;
    const end = v.indexOf('\n', at) < 0 ? v.length : v.indexOf('\n', at);
    return { start, end, text: v.slice(start, end).trim() };
  }

  function show(names, typed) {
    const list = names.filter((n) => n.name !== typed);
    offer.hidden = !list.length;
    offer.replaceChildren(...list.map((n) => el('button', { type: 'button', text: n.name, onclick: () => take(n.name) })));
  }

  /* The name taken in place of the letters typed, the caret after it. */
  function take(name) {
    const l = line();
    box.value = box.value.slice(0, l.start) + name + box.value.slice(l.end);
    box.focus();
    box.setSelectionRange(l.start + name.length, l.start + name.length);
    show([], '');
    box.dispatchEvent(new Event('input'));
  }

  async function ask() {
    const { text } = line();
    const n = ++asked;
    if (text.length < 2) return show([], text);
    try {
      const r = await fetch(`/api/names?prefix=${encodeURIComponent(text)}`, { cache: 'no-store' });
      if (r.ok && n === asked) show((await r.json()).names, text);
    } catch (e) { /* offline: nothing offered */ }
  }

  box.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(ask, WAIT_MS); });
  $('#seat-form').addEventListener('submit', () => { asked++; show([], ''); });
})();
