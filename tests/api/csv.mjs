// The result sheet's CSV read back, for the tests that check it.

// RFC 4180: fields separated by commas, records by CRLF; a quoted field may
// hold commas, line breaks and doubled quotes.
export function parseCsv(text) {
  const rows = [];
  let row = [], field = '', i = 0, quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 2; continue; }
      if (c === '"') { quoted = false; i++; continue; }
      field += c; i++; continue;
    }
    if (c === '"' && field === '') { quoted = true; i++; continue; }
    if (c === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
    if (c === ',') { row.push(field); field = ''; i++; continue; }
    if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i += 2; continue; }
    if (c === '\n' || c === '\r') throw new Error(`a bare line break at ${i}`);
    field += c; i++;
  }
  if (quoted) throw new Error('an unclosed quote');
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}
