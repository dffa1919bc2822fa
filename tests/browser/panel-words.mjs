// The director's panel's English words, found as the panel finds them: the
// texts and attributes of index.html walked by PANEL_LANG.words() in
// Chromium, and the tp('...') literals of its scripts. The catalogs' panel
// entries (msgctxt "panel.ui") must be exactly these.
//
//   node tests/browser/panel-words.mjs   appends what po/en.po lacks to it;
//   then `msgmerge -U --no-fuzzy-matching --no-wrap po/nb.po po/en.po` (and
//   so on) gives each language the new entries to translate.
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const PANEL_SCRIPTS = ['web/panel-errors.js', 'web/panel.js', 'web/players.js', 'web/desk-names.js', 'web/voice.js',
  'web/slides-panel.js', 'web/tv-panel.js', 'web/printer-panel.js', 'web/deal.js', 'web/payouts.js', 'web/newtour.js'];
export const CONTEXT = 'panel.ui';

// The first argument of every tp() and tpN() call: one single-quoted literal.
export function scriptWords() {
  const out = [];
  for (const f of PANEL_SCRIPTS) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/\btpN?\(\s*'((?:[^'\\\n]|\\.)*)'/g))
      out.push({ text: m[1].replace(/\\(.)/g, (x, c) => (c === 'n' ? '\n' : c)), where: f });
    for (const m of src.matchAll(/\btpN?\(\s*[^'\s)]/g))
      out.push({ error: `${f}: tp() without a literal first: ${src.slice(m.index, m.index + 50)}` });
  }
  return out;
}

// The words of index.html as the page itself finds them (a page of the
// panel must be open in `page`).
export async function pageWords(page) {
  return page.evaluate(async () => {
    const html = await (await fetch('/', { cache: 'no-store' })).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return [doc.title.replace(/\s+/g, ' ').trim(), ...PANEL_LANG.words(doc.body)];
  });
}

// A catalog's entries, [{ ctxt, id, str, fuzzy }]: a block of lines each,
// blocks apart by an empty line, a string's lines joined.
export function readPo(file) {
  return readFileSync(file, 'utf8').split(/\n\s*\n/).map((block) => {
    const e = { ctxt: '', id: '', str: '', fuzzy: /^#,.*\bfuzzy\b/m.test(block) };
    let cur = null;
    for (const line of block.split('\n')) {
      const m = line.match(/^(msgctxt|msgid|msgstr) (".*")$/);
      if (m) e[(cur = m[1].slice(3))] = JSON.parse(m[2]);
      else if (line.startsWith('"') && cur) e[cur] += JSON.parse(line);
    }
    return e;
  }).filter((e) => e.id || e.ctxt);
}
export const panelEntries = (file) => readPo(file).filter((x) => x.ctxt === CONTEXT);

const poString = (s) => JSON.stringify(s);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { startClock, launch } = await import('./harness.mjs');
  const clock = await startClock();
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(clock.base + '/');
    const words = [...(await pageWords(page)), ...scriptWords().map((w) => w.text)];
    const have = new Set(panelEntries('po/en.po').map((x) => x.id));
    const add = [...new Set(words)].filter((w) => w && !have.has(w));
    for (const w of add)
      appendFileSync('po/en.po', `\nmsgctxt "${CONTEXT}"\nmsgid ${poString(w)}\nmsgstr ${poString(w)}\n`);
    console.log(`${add.length} new panel entries in po/en.po`);
  } finally {
    await browser.close();
    await clock.stop();
    clock.cleanup();
  }
}
