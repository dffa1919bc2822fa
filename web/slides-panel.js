/* The panel's slides: add a picture (a phone's camera too) or a text slide,
 * and arrange them: order, on/off, seconds, a from/until window, delete. */
(() => {
  'use strict';
  const { $, el, setText } = PC;
  const sec = $('#sec-slides');
  const msg = sec.querySelector('.msg');
  let max = { slides: 50, bytes: 8 * 1024 * 1024 };

  function say(text, ok) {
    setText(msg, text || '');
    msg.classList.toggle('ok', !!ok);
  }

  /* One request to the slides API; its JSON, or null with the clock's words shown. */
  async function call(method, path, body, type) {
    try {
      const r = await fetch(path, { method, body, headers: type ? { 'Content-Type': type } : {} });
      const j = await r.json().catch(() => ({}));
      if (!r.ok) { say(refusal(j) || tp('the clock answered %s', r.status)); return null; }
      return j;
    } catch (e) {
      say(tp('No connection to the clock: nothing was changed.'));
      return null;
    }
  }

  async function load() {
    const j = await call('GET', '/api/slides');
    if (!j) return;
    max = { slides: j.max, bytes: j.max_bytes };
    render(j.slides || []);
  }

  async function change(s, fields) {
    if (await call('POST', '/api/slides/' + s.id, JSON.stringify(fields), 'application/json')) {
      say('');
      load();
    }
  }

  /* A datetime-local field: "" for none. */
  const when = (label, value, set) => {
    const i = el('input', { type: 'datetime-local', 'aria-label': label });
    i.value = value || '';
    i.addEventListener('change', () => set(i.value || null));
    return el('label', { class: 'when' }, label, i);
  };

  function row(s, i, n) {
    const what = s.kind === 'image'
      ? el('img', { class: 'sl-thumb', src: s.url, alt: tp('Slide %s', s.id), loading: 'lazy' })
      : el('span', { class: 'sl-title', text: s.title });
    const on = el('input', { type: 'checkbox' });
    on.checked = s.enabled;
    on.addEventListener('change', () => change(s, { enabled: on.checked }));
    const secs = el('input', { type: 'number', min: '3', max: '600', inputmode: 'numeric', 'aria-label': tp('Seconds') });
    secs.value = s.seconds;
    secs.addEventListener('change', () => change(s, { seconds: Number(secs.value) }));
    const up = el('button', { type: 'button', class: 'small', text: '▲', 'aria-label': tp('Earlier') });
    const down = el('button', { type: 'button', class: 'small', text: '▼', 'aria-label': tp('Later') });
    up.disabled = i === 0;
    down.disabled = i === n - 1;
    up.addEventListener('click', () => change(s, { order: i - 1 }));
    down.addEventListener('click', () => change(s, { order: i + 1 }));
    /* Two taps: a slip of the thumb deletes nothing. */
    const del = el('button', { type: 'button', class: 'small danger', text: tp('Delete') });
    del.addEventListener('click', async () => {
      if (!del.classList.contains('sure')) {
        del.classList.add('sure');
        setText(del, tp('Sure?'));
        setTimeout(() => { del.classList.remove('sure'); setText(del, tp('Delete')); }, 4000);
        return;
      }
      if (await call('DELETE', '/api/slides/' + s.id)) { say(tp('Slide deleted.'), true); load(); }
    });
    const state = s.enabled ? (s.live ? tp('showing') : tp('not now (outside its time)')) : tp('off');
    return el('li', { class: 'sl-row' + (s.live ? '' : ' sl-idle'), 'data-id': String(s.id) },
      el('div', { class: 'sl-what' }, what, el('span', { class: 'hint', text: state })),
      el('div', { class: 'row' },
        el('label', { class: 'inline' }, on, ' ' + tp('On')),
        el('label', { class: 'inline' }, secs, ' s'),
        up, down, del),
      el('div', { class: 'row' },
        when(tp('From'), s.from, (v) => change(s, { from: v })),
        when(tp('Until'), s.until, (v) => change(s, { until: v }))));
  }

  function render(list) {
    setText($('#sl-count'), list.length ? tp('%s of at most %s; the wall shows those on, in this order.', list.length, max.slides)
      : tp('No slides yet.'));
    $('#sl-list').replaceChildren(...list.map((s, i) => row(s, i, list.length)));
  }

  /* A photo larger than any screen is made smaller here first (upright, at
   * most 1920 pixels): less to send over the venue's Wi-Fi, and less for the
   * clock to decode. Smaller pictures go as they are. */
  async function shrink(file) {
    if (!window.createImageBitmap) return file;
    const bmp = await createImageBitmap(file);
    if (Math.max(bmp.width, bmp.height) <= 1920 && file.size <= max.bytes) return file;
    const k = Math.min(1, 1920 / Math.max(bmp.width, bmp.height));
    const c = document.createElement('canvas');
    c.width = Math.round(bmp.width * k);
    c.height = Math.round(bmp.height * k);
    c.getContext('2d').drawImage(bmp, 0, 0, c.width, c.height);
    /* A PNG stays PNG: a logo keeps its transparent background. */
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    return new Promise((ok) => c.toBlob((b) => ok(b || file), type, 0.85));
  }

  async function upload() {
    const file = $('#sl-file').files[0];
    $('#sl-file').value = '';
    if (!file) return;
    const btn = $('#sl-pick');
    btn.disabled = true;
    say(tp('Sending the picture…'), true);
    try {
      const body = await shrink(file).catch(() => file);
      const type = body.type === 'image/png' ? 'image/png' : 'image/jpeg';
      const j = await call('POST', '/api/slides', body, type);
      if (j) { say(tp('Picture added (%s x %s).', j.slide.width, j.slide.height), true); load(); }
    } finally {
      btn.disabled = false;
    }
  }

  async function addText(ev) {
    ev.preventDefault();
    const title = $('#sl-title').value.trim();
    const lines = $('#sl-lines').value.split('\n').map((l) => l.trim()).filter((l) => l);
    if (!title) { say(tp('A text slide needs a title.')); return; }
    const j = await call('POST', '/api/slides', JSON.stringify({ title, lines }), 'application/json');
    if (j) {
      $('#sl-title').value = '';
      $('#sl-lines').value = '';
      say(tp('Text slide added.'), true);
      load();
    }
  }

  $('#sl-pick').addEventListener('click', () => $('#sl-file').click());
  $('#sl-file').addEventListener('change', upload);
  $('#sl-text').addEventListener('submit', addText);
  sec.addEventListener('toggle', () => { if (sec.open) load(); });
  window.PCSlidesPanel = { load };
})();
