import { introspectionFromSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The interactive playground served at GET /v1/graphql (behind Basic credentials): one
 * self-contained page, no CDN. Editors for the operation, variables and headers; Run
 * (Ctrl/Cmd+Enter); a schema explorer and the SDL, both from the schema the server runs
 * (the committed schema.graphql), so they work while introspection is off. A sign-in in the
 * playground puts its access token in the headers.
 */
export function playgroundHtml({ schema, sdl }: { schema: GraphQLSchema; sdl: string }): string {
  const embedded = `<script type="application/json" id="schema-json">${scriptJson({ schema: introspectionFromSchema(schema).__schema, sdl })}</script>`;
  return PAGE.replace('<!--SCHEMA-->', () => embedded);
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sealwright GraphQL playground</title>
<style>
  :root { color-scheme: light dark; --b: #8884; --accent: #1f5fbf; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; height: 100vh; display: grid; grid-template-rows: auto 1fr; }
  header { display: flex; gap: .75rem; align-items: center; padding: .5rem 1rem; border-bottom: 1px solid var(--b); }
  header h1 { font-size: 1rem; margin: 0; }
  button { font: inherit; padding: .35rem .9rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
  button.secondary { background: transparent; color: inherit; border-color: var(--b); }
  main { display: grid; grid-template-columns: 1fr 1fr 18rem; min-height: 0; }
  section { display: grid; grid-template-rows: auto 2fr auto 1fr auto 1fr; min-height: 0; border-right: 1px solid var(--b); }
  label { font-size: .75rem; text-transform: uppercase; letter-spacing: .05em; padding: .4rem .75rem; border-top: 1px solid var(--b); }
  label:first-child { border-top: 0; }
  textarea, pre { margin: 0; width: 100%; border: 0; resize: none; padding: .5rem .75rem; font: 13px/1.45 ui-monospace, Menlo, Consolas, monospace; background: transparent; color: inherit; overflow: auto; }
  pre { white-space: pre-wrap; }
  #docs { overflow: auto; padding: .5rem .75rem; font-size: 13px; }
  #docs h2 { font-size: .8rem; text-transform: uppercase; margin: .75rem 0 .25rem; }
  #docs a { color: var(--accent); cursor: pointer; text-decoration: none; }
  #docs .field { margin: .15rem 0; font-family: ui-monospace, Menlo, Consolas, monospace; }
  #docs .desc { opacity: .7; font-family: system-ui, sans-serif; }
  #status { margin-left: auto; opacity: .7; }
</style>
</head>
<body>
<header>
  <h1>Sealwright GraphQL</h1>
  <button id="run" title="Ctrl/Cmd + Enter">Run</button>
  <button id="prettify" class="secondary">Prettify variables</button>
  <button id="sdl" class="secondary">Schema (SDL)</button>
  <span id="status"></span>
</header>
<main>
  <section>
    <label for="query">Operation</label>
    <textarea id="query" spellcheck="false">query Me {
  me {
    id
    email
    displayName
    trialActive
  }
}</textarea>
    <label for="variables">Variables (JSON)</label>
    <textarea id="variables" spellcheck="false">{}</textarea>
    <label for="headers">Headers (JSON)</label>
    <textarea id="headers" spellcheck="false">{}</textarea>
  </section>
  <section style="grid-template-rows: auto 1fr">
    <label>Response</label>
    <pre id="result" aria-live="polite"></pre>
  </section>
  <div id="docs"><em>Loading schema…</em></div>
</main>
<!--SCHEMA-->
<script>
(function () {
  var endpoint = location.pathname;
  var $ = function (id) { return document.getElementById(id); };
  var store = window.localStorage;
  ['query', 'variables', 'headers'].forEach(function (id) {
    var saved = store && store.getItem('sw-playground-' + id);
    if (saved) $(id).value = saved;
    $(id).addEventListener('input', function () { store && store.setItem('sw-playground-' + id, $(id).value); });
  });
  function parseJson(id) {
    var text = $(id).value.trim();
    if (!text) return {};
    return JSON.parse(text);
  }
  function post(body, extraHeaders) {
    var headers = Object.assign({ 'Content-Type': 'application/json' }, extraHeaders || {});
    Object.keys(headers).forEach(function (k) { if (/^bearer\\s*$/i.test(headers[k])) delete headers[k]; });
    return fetch(endpoint, { method: 'POST', headers: headers, body: JSON.stringify(body) });
  }
  function run() {
    var variables, headers;
    try { variables = parseJson('variables'); } catch (e) { $('result').textContent = 'Variables are not valid JSON: ' + e.message; return; }
    try { headers = parseJson('headers'); } catch (e) { $('result').textContent = 'Headers are not valid JSON: ' + e.message; return; }
    var started = performance.now();
    $('status').textContent = 'Running…';
    post({ query: $('query').value, variables: variables }, headers)
      .then(function (res) { return res.text().then(function (t) { return { res: res, text: t }; }); })
      .then(function (r) {
        var shown = r.text;
        try { shown = JSON.stringify(JSON.parse(r.text), null, 2); } catch (e) {}
        $('result').textContent = shown;
        signedIn(r.text);
        $('status').textContent = 'HTTP ' + r.res.status + ' in ' + Math.round(performance.now() - started) + ' ms';
      })
      .catch(function (e) { $('result').textContent = String(e); $('status').textContent = 'Failed'; });
  }
  // A sign-in (login, register, verifyMfaLogin, refreshToken) fills the Authorization header.
  function signedIn(text) {
    var data;
    try { data = JSON.parse(text).data; } catch (e) { return; }
    if (!data) return;
    Object.keys(data).forEach(function (key) {
      var payload = data[key];
      if (payload && typeof payload.accessToken === 'string') {
        var headers = {};
        try { headers = parseJson('headers'); } catch (e) {}
        headers.Authorization = 'Bearer ' + payload.accessToken;
        $('headers').value = JSON.stringify(headers, null, 2);
        store && store.setItem('sw-playground-headers', $('headers').value);
      }
    });
  }
  $('run').addEventListener('click', run);
  $('prettify').addEventListener('click', function () {
    try { $('variables').value = JSON.stringify(parseJson('variables'), null, 2); } catch (e) {}
  });
  document.addEventListener('keydown', function (e) { if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') { e.preventDefault(); run(); } });

  var types = {};
  function typeName(t) {
    if (!t) return '';
    if (t.kind === 'NON_NULL') return typeName(t.ofType) + '!';
    if (t.kind === 'LIST') return '[' + typeName(t.ofType) + ']';
    return t.name;
  }
  function baseName(t) { return t.ofType ? baseName(t.ofType) : t.name; }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  function link(t) { return '<a data-type="' + esc(baseName(t)) + '">' + esc(typeName(t)) + '</a>'; }
  function show(name) {
    var t = types[name];
    if (!t) return;
    var html = '<p><a data-type="">← Schema</a></p><h2>' + esc(t.name) + ' <small>' + esc(t.kind) + '</small></h2>';
    if (t.description) html += '<p class="desc">' + esc(t.description) + '</p>';
    (t.fields || t.inputFields || []).forEach(function (f) {
      var args = (f.args || []).map(function (a) { return esc(a.name) + ': ' + link(a.type); }).join(', ');
      html += '<div class="field">' + esc(f.name) + (args ? '(' + args + ')' : '') + ': ' + link(f.type) + '</div>';
      if (f.description) html += '<div class="desc">' + esc(f.description) + '</div>';
    });
    (t.enumValues || []).forEach(function (v) { html += '<div class="field">' + esc(v.name) + '</div>'; });
    $('docs').innerHTML = html;
  }
  function home(schema) {
    var html = '<h2>Schema</h2>';
    if (schema.queryType) html += '<div class="field"><a data-type="' + schema.queryType.name + '">Query</a></div>';
    if (schema.mutationType) html += '<div class="field"><a data-type="' + schema.mutationType.name + '">Mutation</a></div>';
    html += '<h2>Types</h2>';
    Object.keys(types).sort().forEach(function (n) { if (n.indexOf('__') !== 0) html += '<div class="field"><a data-type="' + esc(n) + '">' + esc(n) + '</a></div>'; });
    $('docs').innerHTML = html;
  }
  var schemaRoot;
  $('docs').addEventListener('click', function (e) {
    var target = e.target.closest && e.target.closest('a[data-type]');
    if (!target) return;
    var name = target.getAttribute('data-type');
    if (name) show(name); else home(schemaRoot);
  });
  var embedded = JSON.parse($('schema-json').textContent);
  schemaRoot = embedded.schema;
  schemaRoot.types.forEach(function (t) { types[t.name] = t; });
  home(schemaRoot);
  $('sdl').addEventListener('click', function () {
    $('docs').innerHTML = '<p><a data-type="">← Schema</a></p><pre class="sdl"></pre>';
    $('docs').querySelector('pre').textContent = embedded.sdl;
  });
})();
</script>
</body>
</html>
`;
