/* "Rule a deal in your browser" (docs/rule.rst, issue 31): the cucu-ref package runs beside the
   page, through Pyodide in a Web Worker (worker.js); this file only wires the controls to
   page.py's functions there, and registers the service worker that keeps the page for offline
   use (rule-sw.js).  Plain JavaScript, no framework.  The editor holds the whole deal (the
   truth); the fields above it edit its header lines, or show a pasted JSON position's table. */
(function () {
  'use strict';
  var root = document.getElementById('cucu-rule');
  if (!root) return;
  var STATIC = root.getAttribute('data-static');
  var $ = function (sel) { return root.querySelector(sel); };
  var editor = $('#cucu-rule-deal'), gutter = $('.cucu-rule-gutter'), status = $('.cucu-rule-status');
  var go = $('.cucu-rule-go'), ruling = $('.cucu-rule-ruling'), problems = $('.cucu-rule-errors');
  var jsonNote = $('.cucu-rule-json-note');
  var figure = $('.cucu-rule-diagram'), suggest = $('.cucu-rule-suggest'), link = $('.cucu-rule-link');
  var field = {};
  ['ruleset', 'language', 'players', 'marks', 'dealer'].forEach(function (n) { field[n] = $('[name=' + n + ']'); });
  var examples = JSON.parse(document.getElementById('cucu-rule-examples').textContent);
  var HEADER = /^\s*(ruleset|language|players|dealer)\s*:\s*(.*?)\s*(#.*)?$/i;
  var worker = null, rulesets = [], vocab = {cards: [], words: []}, bad = {}, picture = null;
  var calls = {}, callId = 0;

  function say(text) { status.textContent = text; }
  function fold(s) { return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase(); }
  function option(select, value, label) {
    var o = document.createElement('option'); o.value = value; o.textContent = label; select.appendChild(o);
  }

  /* ---- the header lines <-> the fields */
  function header() {
    var found = {};
    editor.value.split('\n').forEach(function (line, i) {
      var m = HEADER.exec(line), key = m && m[1].toLowerCase();
      if (m && !found[key]) found[key] = {at: i, value: m[2]};
    });
    return found;
  }
  function seats(value) {
    return value.split(',').map(function (part) {
      var m = /^(.*?)(?:\s+(\d+))?(\s+(?:not\s+)?virgin)?$/i.exec(part.trim());
      return {name: m[1], marks: m[2] || '', rest: m[3] || ''};
    }).filter(function (s) { return s.name; });
  }
  /* a deal pasted as a JSON position stays JSON: the fields show its table, read only, and a
     note says to edit it in the text (the header lines they write are the notation's) */
  function isJson() { return /^\s*[\[{]/.test(editor.value); }
  function fieldsFromJson() {
    var doc = null;
    try { doc = JSON.parse(editor.value); } catch (e) { doc = null; }
    var players = doc && Array.isArray(doc.players) ? doc.players.map(function (p) {
      return typeof p === 'string' ? {name: p} : (p || {});
    }) : [];
    if (doc && typeof doc.ruleset === 'string') field.ruleset.value = doc.ruleset;
    field.language.value = doc && typeof doc.language === 'string' ? doc.language : '';
    field.players.value = players.map(function (p) { return p.name || ''; }).join(', ');
    field.marks.value = players.map(function (p) { return p.marks === undefined ? '' : String(p.marks); })
      .join(', ').replace(/^(, )+$/, '');
    dealers(players.map(function (p) { return p.name || ''; }), doc && typeof doc.dealer === 'string' ? doc.dealer : '');
  }
  function fieldsFromEditor() {
    var json = isJson();
    ['ruleset', 'language', 'players', 'marks', 'dealer'].forEach(function (n) { field[n].disabled = json; });
    jsonNote.hidden = !json;
    if (json) { fieldsFromJson(); return; }
    var h = header(), players = seats(h.players ? h.players.value : '');
    var set = function (el, v) { if (document.activeElement !== el) el.value = v; };
    if (h.ruleset) set(field.ruleset, h.ruleset.value.split(/\s/)[0].toLowerCase());
    set(field.language, h.language ? h.language.value.toLowerCase() : '');
    set(field.players, players.map(function (s) { return s.name + s.rest; }).join(', '));
    set(field.marks, players.map(function (s) { return s.marks; }).join(', ').replace(/^(, )+$/, ''));
    dealers(players.map(function (s) { return s.name; }), h.dealer ? h.dealer.value : '');
  }
  function dealers(names, chosen) {
    field.dealer.textContent = '';
    names.forEach(function (n) { option(field.dealer, n, n); });
    field.dealer.value = names.indexOf(chosen) >= 0 ? chosen : (names[names.length - 1] || '');
  }
  function editorFromFields() {
    if (isJson()) return;  // never header lines into a JSON position
    var names = seats(field.players.value), marks = field.marks.value.split(',');
    dealers(names.map(function (s) { return s.name; }), field.dealer.value);
    var players = names.map(function (s, i) {
      var m = (marks[i] || '').trim();
      return s.name + (m ? ' ' + m : '') + s.rest;
    }).join(', ');
    var block = ['Ruleset: ' + field.ruleset.value];
    if (field.language.value) block.push('Language: ' + field.language.value);
    block.push('Players: ' + players, 'Dealer: ' + field.dealer.value);
    var lines = editor.value.split('\n'), at = -1;
    lines = lines.filter(function (line, i) {
      var keep = !HEADER.test(line);
      if (!keep && at < 0) at = i;
      return keep;
    });
    if (at < 0) { at = 0; while (at < lines.length && /^\s*#/.test(lines[at])) at++; }
    if (at >= lines.length || lines[at].trim() !== '') block.push('');
    lines.splice.apply(lines, [at, 0].concat(block));
    editor.value = lines.join('\n');
    numbers();
    words();
  }

  /* ---- the gutter: line numbers, a problem's line marked */
  function numbers() {
    var n = editor.value.split('\n').length;
    gutter.textContent = '';
    for (var i = 1; i <= n; i++) {
      var mark = document.createElement(bad[i] ? 'b' : 'span');
      mark.textContent = i + (i < n ? '\n' : '');
      if (bad[i]) mark.title = bad[i];
      gutter.appendChild(mark);
    }
    gutter.scrollTop = editor.scrollTop;
  }

  /* ---- the adjudicator, in a Web Worker (worker.js): page.py's functions, each answering in
     JSON, called by name; the answer comes back as a promise, the page never waits for it */
  function call(name) {
    var args = Array.prototype.slice.call(arguments, 1);
    return new Promise(function (resolve, reject) {
      callId += 1;
      var message = {id: callId, call: name, args: args, wheels: root.getAttribute('data-wheels').split(' ')};
      calls[callId] = {resolve: resolve, reject: reject, message: message};
      worker.postMessage(message);
    });
  }
  function answered(event) {
    var m = event.data, waiting = calls[m.id];
    delete calls[m.id];
    if (waiting) { if (m.ok) waiting.resolve(m.value); else waiting.reject(new Error(m.error)); }
  }

  /* ---- completion: players, calls and cards in the table's language */
  function words() {
    if (!worker || go.disabled || !field.ruleset.value) return;
    var r = rulesets.filter(function (x) { return x.name === field.ruleset.value; })[0];
    call('words', field.ruleset.value, field.language.value || (r ? r.language : 'en')).then(function (text) {
      vocab = JSON.parse(text);
      complete();
    });
  }
  function complete() {
    var pos = editor.selectionStart, text = editor.value;
    var before = text.slice(text.lastIndexOf('\n', pos - 1) + 1, pos);
    var token = /[^,:]*$/.exec(before)[0].replace(/^\s+/, '');
    var players = seats(field.players.value).map(function (s) { return s.name; });
    var list, after = '';
    if (HEADER.test(before) || /^\s*#/.test(before)) list = [];
    else if (before.indexOf(':') < 0) { list = players.concat(['shown:', 'claim by']); after = ': '; }
    else if (/^\s*shown\s*:/i.test(before)) {
      var parts = token.split(/\s+/);
      list = parts.length > 1 ? vocab.cards : players;
      token = parts[parts.length - 1];
      after = parts.length > 1 ? ', ' : ' ';
    } else if (/^\s*claim/i.test(before)) { list = players.concat(['loses']); after = ' '; }
    else { list = vocab.cards.concat(vocab.words); after = before.indexOf(',') < 0 ? ', ' : ''; }
    var f = fold(token), shown = list.filter(function (w) { return fold(w).indexOf(f) === 0 && w !== token; });
    suggest.textContent = '';
    shown.slice(0, 16).forEach(function (w) {
      var b = document.createElement('button');
      b.type = 'button'; b.textContent = w;
      b.addEventListener('pointerdown', function (e) { e.preventDefault(); });
      b.addEventListener('click', function () {
        var start = pos - token.length, tail = /[:]$/.test(w) ? ' ' : after;
        if (w === 'claim by' || w === 'loses') tail = ' ';
        editor.setRangeText(w + tail, start, pos, 'end');
        editor.focus(); numbers(); complete();
      });
      suggest.appendChild(b);
    });
  }

  /* ---- the ruling */
  function where(line, column) {
    var lines = editor.value.split('\n'), at = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    var chars = Array.from(lines[line - 1] || '').slice(0, column - 1).join('');
    return at + chars.length;
  }
  function show(r) {
    // one block per line, its wrapped part indented under its words (cucu.css .cucu-line);
    // the text itself, and so the ruling's textContent, is the command line's output
    ruling.textContent = '';
    (r.text + r.errors).replace(/[^\n]*\n|[^\n]+$/g, function (line) {
      var span = document.createElement('span');
      span.className = 'cucu-line';
      span.style.setProperty('--hang', (line.length - line.replace(/^ +/, '').length + 2) + 'ch');
      span.textContent = line;
      ruling.appendChild(span);
      return line;
    });
    problems.textContent = '';
    bad = {};
    r.places.forEach(function (p) {
      bad[p.line] = (bad[p.line] ? bad[p.line] + '; ' : '') + p.message;
      var li = document.createElement('li'), b = document.createElement('button');
      b.type = 'button'; b.className = 'cucu-rule-place';
      b.textContent = 'line ' + p.line + ', column ' + p.column;
      b.addEventListener('click', function () {
        var at = where(p.line, p.column);
        editor.focus(); editor.setSelectionRange(at, at);
      });
      li.appendChild(b); li.appendChild(document.createTextNode(' ' + p.message));
      problems.appendChild(li);
    });
    numbers();
    if (picture) URL.revokeObjectURL(picture);
    figure.textContent = '';
    figure.hidden = !r.svg;
    if (r.svg) {
      picture = URL.createObjectURL(new Blob([r.svg], {type: 'image/svg+xml'}));
      var img = document.createElement('img');
      img.src = picture; img.alt = "The ruling's pictures: the deal as the engine replayed it";
      figure.appendChild(img);
    }
    say(r.code === 0 ? 'Ruled.' : r.code === 1 ? 'Not a deal that can be ruled: see the problems.' : 'Error.');
    root.setAttribute('data-ruled', String(r.code));
  }
  function rule() {
    if (go.disabled) return;
    say('Ruling\u2026');
    root.removeAttribute('data-ruled');
    call('rule', editor.value).then(function (text) { show(JSON.parse(text)); }, function (e) { say('Error: ' + e); });
  }
  function share() {
    var url = location.href.split('#')[0] + '#deal=' + encodeURIComponent(editor.value);
    history.replaceState(null, '', url);
    link.hidden = false; link.value = url; link.select();
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(function () { say('Link copied.'); }, function () {});
  }
  function fromLink() {
    var m = /[#&]deal=([^&]*)/.exec(location.hash);
    if (!m) return false;
    try { editor.value = decodeURIComponent(m[1]); } catch (e) { say('The link holds no readable deal.'); return false; }
    fieldsFromEditor(); numbers();
    return true;
  }

  /* ---- offline: a service worker (rule-sw.js, at the site's root) keeps a copy of the page and
     of everything it runs, so that once loaded it works without a network.  It is registered
     for this page and for the folder of what it runs: the Web Worker (worker.js) is a client
     of its own, whose loads go to the service worker of its own address.  data-offline says
     when the copy is whole ('true') or what could not be kept. */
  function activated(registration) {
    return new Promise(function (resolve) {
      var worker = registration.installing || registration.waiting;
      if (registration.active || !worker) { resolve(registration); return; }
      worker.addEventListener('statechange', function () { if (worker.state === 'activated') resolve(registration); });
    });
  }
  function keepOffline() {
    if (!('serviceWorker' in navigator)) return;
    var page = location.href.split('#')[0].split('?')[0];
    var folder = new URL(STATIC, location.href).href, script = new URL(STATIC + '../../rule-sw.js', location.href).href;
    var files = ['worker.js', 'page.py'].concat(root.getAttribute('data-files').split(' '));
    var own = performance.getEntriesByType('resource').filter(function (e) {
      return e.name.indexOf(location.origin + '/') === 0 && !(e.responseStatus >= 400);  // not a missing favicon
    }).map(function (e) { return e.name; });
    var keep = [page].concat(own, files.map(function (f) { return folder + f; }));
    navigator.serviceWorker.addEventListener('message', function (e) {
      if (e.data && e.data.missed) {
        root.setAttribute('data-offline', e.data.missed.length ? 'failed: ' + e.data.missed.join(' ') : 'true');
      }
    });
    Promise.all([page, folder].map(function (scope) {
      return navigator.serviceWorker.register(script, {scope: scope}).then(activated);
    })).then(function (registrations) { registrations[0].active.postMessage({keep: keep}); })
      .catch(function (e) { root.setAttribute('data-offline', 'failed: ' + e); });
  }

  /* ---- start: the worker starts Pyodide, unpacks the wheels and imports page.py */
  function start() {
    var t0 = performance.now();
    return call('start').then(function (info) {
      root.setAttribute('data-pyodide-ms', String(info.pyodideMs));
      return call('setup');
    }).then(function (text) {
      var setup = JSON.parse(text);
      rulesets = setup.rulesets;
      rulesets.forEach(function (r) { option(field.ruleset, r.name, r.title); });
      option(field.language, '', "the ruleset's own");
      setup.languages.forEach(function (l) { option(field.language, l, l); });
      if (!fromLink() && !editor.value.trim()) {
        editor.value = 'Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n\n';
      }
      go.disabled = false;
      fieldsFromEditor(); numbers(); words();
      root.setAttribute('data-start-ms', String(Math.round(performance.now() - t0)));
      say('Ready: ' + setup.version + ', running in this page, offline.');
      root.setAttribute('data-ready', 'true');
      if (/[#&]deal=/.test(location.hash)) rule();
      keepOffline();
    });
  }

  editor.addEventListener('input', function () { fieldsFromEditor(); numbers(); complete(); });
  ['keyup', 'click'].forEach(function (e) { editor.addEventListener(e, complete); });
  editor.addEventListener('scroll', function () { gutter.scrollTop = editor.scrollTop; });
  ['ruleset', 'language', 'players', 'marks', 'dealer'].forEach(function (n) {
    field[n].addEventListener(n === 'players' || n === 'marks' ? 'input' : 'change', editorFromFields);
  });
  go.addEventListener('click', rule);
  $('.cucu-rule-share').addEventListener('click', share);
  $('.cucu-rule-examples').addEventListener('change', function (e) {
    if (!examples[e.target.value]) return;
    editor.value = examples[e.target.value];
    fieldsFromEditor(); numbers(); words(); rule();
  });
  window.addEventListener('hashchange', function () { if (fromLink()) rule(); });
  // for the browser test: a deal's ruling, as the page gets it from its worker
  window.cucuRule = function (text) { return call('rule', text).then(JSON.parse); };

  /* ---- the worker: one that did not load (an error without a message: worker.js or a module it
     imports could not be fetched) is made again, twice at most, 1 and 3 s later, and handed the
     calls still waiting; a load that fails once (a busy network, or, offline, the service worker
     that keeps the copy not answering the first load: seen once in CI, 2026-12-03, and not in 12
     offline starts and a clean-clone CI here) should not cost the table its page.  data-worker-retries counts them. */
  function makeWorker(retries) {
    worker = new Worker(STATIC + 'worker.js', {type: 'module'});
    worker.addEventListener('message', answered);
    worker.addEventListener('error', function (e) {
      if (!e.message && retries > 0 && root.getAttribute('data-ready') !== 'true') {
        root.setAttribute('data-worker-retries', String(3 - retries));
        setTimeout(function () {
          makeWorker(retries - 1);
          Object.keys(calls).forEach(function (id) { worker.postMessage(calls[id].message); });
        }, retries === 2 ? 1000 : 3000);
        return;
      }
      say('The adjudicator did not start: ' + (e.message || 'worker.js did not load'));
      root.setAttribute('data-failed', String(e.message || 'worker.js'));
    });
  }

  if (root.getAttribute('data-missing')) return;
  makeWorker(2);
  start().catch(function (e) { say('The adjudicator did not start: ' + e); root.setAttribute('data-failed', String(e)); });
}());
