/* The venue's slides in a browser, for /display (on a break and before the
 * start, beside the clock) and /kiosk (between its own pages). The list is
 * fetched at start, at once when the state's slides_version changes (an
 * upload, a change on the panel), and every 30 s for the windows: "live" is
 * the clock's word on each slide's window, so every screen follows the
 * wall's time. Only the slide shown and the next are loaded. */
'use strict';

const PCSlides = (() => {
  const LOAD_MS = 30000;
  let live = [];
  let version = null;
  let seen = null;            /* the state's slides_version last acted on */
  let kioskAt = -1;           /* the kiosk's last slide, as an index into live */
  let preloaded = null;       /* the next picture, loading */

  async function load() {
    try {
      const r = await fetch('/api/slides', { cache: 'no-store' });
      if (!r.ok) return;
      const j = await r.json();
      version = j.version;
      live = (j.slides || []).filter((s) => s.live);
    } catch (e) { /* offline: the last list stays */ }
  }

  /* The slide shown at ms (from the epoch: screens agree), as the wall
   * picks it: in order, each for its seconds. */
  function pick(ms) {
    const total = live.reduce((a, s) => a + s.seconds * 1000, 0);
    if (!total) return null;
    let at = ms % total;
    for (let i = 0; i < live.length; i++) {
      const d = live[i].seconds * 1000;
      if (at < d) return { slide: live[i], next: live[(i + 1) % live.length] };
      at -= d;
    }
    return null;
  }

  const keyOf = (s) => s.id + ':' + (s.kind === 'text' ? s.title + '\n' + s.lines.join('\n') : s.url);

  function preload(s) {
    if (!s || s.kind !== 'image' || (preloaded && preloaded.dataset.key === keyOf(s))) return;
    preloaded = new Image();
    preloaded.dataset.key = keyOf(s);
    preloaded.src = s.url;
  }

  /* The slide in box, built only when it is another than the one there. */
  function fill(box, s) {
    if (box.dataset.key === keyOf(s)) return;
    box.dataset.key = keyOf(s);
    box.dataset.id = String(s.id);
    box.className = 'pc-slide ' + s.kind;
    if (s.kind === 'image') {
      const img = document.createElement('img');
      img.alt = '';
      img.src = s.url;
      box.replaceChildren(img);
      return;
    }
    const h = document.createElement('h2');
    h.textContent = s.title;
    const lines = s.lines.map((l) => { const p = document.createElement('p'); p.textContent = l; return p; });
    box.replaceChildren(h, ...lines);
  }

  /* /display: the slide of now in box when on (a break or before the start,
   * nothing taking the screen over); body.slide says whether one shows. */
  function show(box, on) {
    const p = on ? pick(Date.now()) : null;
    document.body.classList.toggle('slide', !!p);
    box.hidden = !p;
    if (!p) return;
    fill(box, p.slide);
    preload(p.next);
  }

  /* /kiosk: the next live slide in box; how long it shows (ms), 0: none. */
  function next(box) {
    if (!live.length) return 0;
    kioskAt = (kioskAt + 1) % live.length;
    const s = live[kioskAt];
    fill(box, s);
    preload(live[(kioskAt + 1) % live.length]);
    return s.seconds * 1000;
  }

  /* Resolves once the first list came (or could not). */
  function start() {
    setInterval(load, LOAD_MS);
    PC.onState((s) => {
      if (s.slides_version === undefined || s.slides_version === seen) return;
      const first = seen === null; /* the list is being loaded anyway */
      seen = s.slides_version;
      if (!first) load();
    });
    return load();
  }

  return { start, load, show, next, live: () => live, version: () => version };
})();
