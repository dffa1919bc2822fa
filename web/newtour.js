/* The panel's "New tournament": the finished tournament put aside (asked first) and the configured one started; the ones put aside listed. */
(() => {
  const btn = document.getElementById('nt-btn');
  const done = document.getElementById('nt-done');
  const list = document.getElementById('nt-list');
  const box = document.getElementById('sec-newtour');
  if (!btn) return;
  let state = null;
  PC.onState((s) => { state = s; });

  function when(iso) {
    const d = new Date(iso);
    return isNaN(d) ? iso : d.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
  }

  async function loadArchive() {
    try {
      const r = await fetch('/api/archive', { cache: 'no-store' });
      const body = await r.json();
      list.replaceChildren(...(body.tournaments || []).slice(0, 10).map((t) => {
        const li = document.createElement('li');
        li.textContent = t.name + ' · ' + when(t.when);
        /* Its result sheet, as it was when it was put aside. */
        if (t.results) {
          for (const [file, label] of [['results.csv', 'CSV'], ['results.json', 'JSON']]) {
            const a = document.createElement('a');
            a.href = '/api/archive/' + encodeURIComponent(t.dir) + '/' + file;
            a.textContent = label;
            li.append(' · ', a);
          }
        }
        return li;
      }));
    } catch (e) { /* the list is a courtesy: the panel works without it */ }
  }

  /* What the director is about to put aside, in words: its name and how
   * many players are still in, so that a tap by mistake is caught. */
  function question(s) {
    const name = (s && s.name) || tp('this tournament');
    const text = tp('Put "%s" aside and start a new tournament?', name);
    if (!s) return [text, ''];
    const left = s.players ? s.players.remaining : 0;
    if (s.over) return [text, tp('It is over. Its results stay on the clock.')];
    if (!s.started && !(s.players && s.players.entries)) return [text, tp('Nothing has happened in it yet.')];
    return [text, left === 1
      ? tp('It is still running with %s player left. It stops now; its journal and results stay on the clock.', left)
      : tp('It is still running with %s players left. It stops now; its journal and results stay on the clock.', left)];
  }

  btn.addEventListener('click', async () => {
    done.textContent = '';
    const [text, warn] = question(state);
    const body = await PCPanel.confirmed(btn, { type: 'new_tournament', confirm: true }, text, warn,
      tp('New tournament'));
    if (!body) return;
    done.textContent = body.archived
      ? tp('A new tournament has started; the last one is kept on the clock (%s).', body.archived)
      : tp('A new tournament has started.');
    loadArchive();
  });
  box.addEventListener('toggle', () => { if (box.open) loadArchive(); });
})();
