// Runs the script of a page `erep html` wrote against a small DOM of its
// own (tests/html_cli.sh; no browser on the test machines): the script
// must run without an exception, list the traces, open the first with
// its steps, values and inputs, mark its lines in the source, follow the
// keyboard and search, and put program text only into text nodes.
// usage: node html_dom.js PAGE.html EXPECT.json
'use strict';
const fs = require('fs');
const page = fs.readFileSync(process.argv[2], 'utf8');
const want = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const fail = (m) => { console.log('FAIL: ' + m); process.exitCode = 1; };

class Cls {
  constructor(e) { this.e = e; }
  set() { return new Set(this.e.className.split(/\s+/).filter(Boolean)); }
  put(s) { this.e.className = [...s].join(' '); }
  add(c) { const s = this.set(); s.add(c); this.put(s); }
  remove(c) { const s = this.set(); s.delete(c); this.put(s); }
  toggle(c, on) { const s = this.set(); if (on === undefined) on = !s.has(c); if (on) s.add(c); else s.delete(c); this.put(s); }
  contains(c) { return this.set().has(c); }
}
class El {
  constructor(tag, text) {
    this.tagName = tag; this.kids = []; this.text = text || ''; this.className = '';
    this.classList = new Cls(this); this.value = ''; this.hidden = false;
  }
  get children() { return this.kids.filter(k => k.tagName !== '#text'); }
  appendChild(c) { this.kids.push(c); c.parent = this; return c; }
  set textContent(v) { this.kids = []; this.text = String(v); }
  get textContent() { return this.text + this.kids.map(k => k.textContent).join(''); }
  set innerHTML(v) { fail('innerHTML used'); }
  scrollIntoView() {}
  focus() { doc.active = this; }
  blur() { doc.active = null; }
  cloneNode() { const c = new El(this.tagName, this.text); c.className = this.className; this.kids.forEach(k => c.appendChild(k.cloneNode())); return c; }
  all() { return this.kids.flatMap(k => [k, ...k.all()]); }
  querySelectorAll(sel) {
    const [tag, cls] = sel.split('.');
    return this.all().filter(k => k.tagName === tag && (!cls || k.classList.contains(cls)));
  }
}
const ids = {};
const doc = {
  active: null, keys: [],
  getElementById: (id) => ids[id] || null,
  createElement: (tag) => new El(tag),
  createTextNode: (t) => new El('#text', t),
  addEventListener: (ev, fn) => { if (ev === 'keydown') doc.keys.push(fn); },
};
for (const id of ['title', 'sum', 'items', 'steps', 'src']) ids[id] = new El('div');
ids.search = new El('input');
const json = page.match(/<script id="report" type="application\/json">([\s\S]*?)<\/script>/);
if (!json) { fail('no report block'); process.exit(1); }
ids.report = new El('script', json[1]);
for (const m of page.matchAll(/<template id="pic-([^"]+)">/g)) {
  const t = new El('template'); t.content = new El('svg'); ids['pic-' + m[1]] = t;
}
const scripts = [...page.matchAll(/<script>\n([\s\S]*?)<\/script>/g)];
if (scripts.length !== 1) fail('scripts: ' + scripts.length);
global.document = doc;
try { new Function(scripts[0][1])(); } catch (e) { fail('the script threw: ' + e.stack); process.exit(1); }
const key = (k) => doc.keys.forEach(f => f({ key: k, target: doc.active, preventDefault() {} }));

const items = ids.items.children;
if (items.length !== want.traces) fail(`traces listed: ${items.length}, want ${want.traces}`);
if (!items[0] || !items[0].classList.contains('sel')) fail('the first trace is not open');
const rows = ids.steps.querySelectorAll('tr.step');
if (rows.length !== want.steps) fail(`steps shown: ${rows.length}, want ${want.steps}`);
const steps = ids.steps.textContent;
for (const v of want.values || []) if (!steps.includes(v)) fail(`value ${v} not shown`);
for (const v of want.inputs || []) if (!steps.includes(v)) fail(`input ${v} not shown`);
const src = ids.src.children;
if (src.length !== want.lines) fail(`source lines: ${src.length}, want ${want.lines}`);
if (!src.some(d => d.classList.contains('ontrace'))) fail('no source line marked as on the trace');
if (want.picture && !ids.steps.all().some(k => k.tagName === 'svg')) fail('no picture');
// the keyboard: Enter picks the first step and shows its line; j the next
key('Enter');
if (!rows[0].classList.contains('sel')) fail('Enter did not pick the first step');
key('j');
if (!rows[1] || !rows[1].classList.contains('sel')) fail('j did not move to the next step');
if (!src.some(d => d.classList.contains('cur'))) fail('no current source line');
key('Escape');
if (want.traces > 1) { key('j'); if (!items[1].classList.contains('sel')) fail('j did not open the next trace'); }
// search: a text no trace has empties the list
ids.search.value = 'no-such-text-anywhere';
ids.search.oninput();
if (ids.items.children.length !== 1 || !/no trace matches/.test(ids.items.textContent)) fail('search did not filter');
ids.search.value = '';
ids.search.oninput();
if (ids.items.children.length !== want.traces) fail('clearing the search did not restore the list');
// a trace opened by a click (want.open: its id): the row of its stop
// (undefined or unknown step) marked
if (want.open) {
  const it = ids.items.children.find(c => c.textContent.startsWith(want.open + ' ') || c.textContent.startsWith(want.open));
  if (!it) fail(`no trace ${want.open} listed`);
  else {
    it.onclick();
    const r2 = ids.steps.querySelectorAll('tr.step');
    if (!r2[want.stop] || !r2[want.stop].classList.contains('stop')) fail(`row ${want.stop} of ${want.open} not marked`);
    if (!ids.steps.textContent.includes(want.stopText)) fail(`no '${want.stopText}' in ${want.open}'s steps`);
  }
}
// hostile text stays text
if (want.text && !ids.src.textContent.includes(want.text)) fail('the program text is not shown as text');
if (!process.exitCode) console.log('ok: the page\'s script: ' + want.traces + ' traces, ' + want.steps + ' steps, keyboard, search');
