// The attention explorer: POST /translate with attention, then one heatmap per chosen hypothesis.
// Rows are target pieces, columns source pieces; hovering a target piece shades the source pieces by
// its attention and outlines the source word(s) its hard link points at. No framework, no CDN.
"use strict";

const WORD_START = "\u2581";

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

// Word number of each piece, as seq2seq/analysis/alignment.py counts them (the EOS piece excluded).
function wordIndex(pieces) {
  let word = -1;
  return pieces.map((p, k) => (p.startsWith(WORD_START) || k === 0 ? ++word : word));
}

function heatmap(hyp) {
  const src = hyp.source_pieces, tgt = hyp.target_pieces, att = hyp.attention;
  const nSrc = src.length - 1;  // the last column is </s>: not a word
  const nTgt = tgt.length - (hyp.finished ? 1 : 0);
  const srcWord = wordIndex(src.slice(0, nSrc)), tgtWord = wordIndex(tgt.slice(0, nTgt));
  const linkOf = new Map(hyp.links.map(([i, j]) => [j, i]));  // target word -> linked source word
  const head = el("tr", {}, el("th"));
  const srcHeads = src.map((p) => { const th = el("th", { class: "src" }, p); head.append(th); return th; });
  const body = el("tbody");
  tgt.forEach((piece, t) => {
    const label = el("th", { class: "tgt" }, piece);
    const row = el("tr", { "data-row": String(t) }, label);
    const cells = att[t].map((w, s) => {
      const td = el("td", { class: "cell", title: `${piece} \u2192 ${src[s]}: ${w.toFixed(3)}` });
      td.style.background = `rgba(38, 50, 130, ${Math.min(1, w).toFixed(3)})`;
      row.append(td);
      return td;
    });
    const linked = t < nTgt && linkOf.has(tgtWord[t]) ? linkOf.get(tgtWord[t]) : null;
    row.addEventListener("mouseenter", () => {
      row.classList.add("active");
      srcHeads.forEach((th, s) => {
        th.classList.add("weighted");
        th.style.setProperty("--w", Math.min(1, att[t][s]).toFixed(3));
        const isLinked = linked !== null && s < nSrc && srcWord[s] === linked;
        th.classList.toggle("linked", isLinked);
        cells[s].classList.toggle("linked", isLinked);
      });
    });
    row.addEventListener("mouseleave", () => {
      row.classList.remove("active");
      srcHeads.forEach((th, s) => { th.classList.remove("weighted", "linked"); cells[s].classList.remove("linked"); });
    });
    body.append(row);
  });
  return el("table", { class: "heatmap" }, el("thead", {}, head), body);
}

function diagnostics(hyp) {
  const d = hyp.diagnostics || {};
  const box = el("div", { class: "diagnostics" });
  const show = [["entropy", "entropy (nats)"], ["uncovered", "uncovered"], ["coverage_dev", "coverage deviation"],
                ["diagonality", "diagonality"]];
  for (const [key, name] of show) if (key in d) box.append(el("span", {}, `${name}: ${d[key].toFixed(3)}`));
  if (hyp.alignment) box.append(el("span", {}, `links: ${hyp.alignment}`));
  return box;
}

function sentenceView(source, entry) {
  const hyps = entry.nbest || [entry];
  const list = el("ol", { class: "hyps" });
  const detail = el("div", { class: "detail" });
  const items = hyps.map((h, k) => {
    const li = el("li", { class: "hyp", "data-hyp": String(k) },
                  el("span", { class: "score" }, h.score.toFixed(3)), el("span", { class: "text" }, h.text));
    li.addEventListener("click", () => choose(k));
    list.append(li);
    return li;
  });
  function choose(k) {
    items.forEach((li, i) => li.classList.toggle("chosen", i === k));
    detail.replaceChildren(diagnostics(hyps[k]), el("div", { class: "heatwrap" }, heatmap(hyps[k])));
  }
  choose(0);
  return el("div", { class: "sentence" }, el("div", { class: "source" }, source), list, detail);
}

/** POST a JSON body; the answer's JSON, or an Error carrying the server's one-line message. */
async function postJSON(url, body) {
  const response = await fetch(url, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

async function translate(event) {
  event.preventDefault();
  // The k-th prefix line belongs to the k-th source line; blank source lines are dropped with theirs.
  const starts = document.getElementById("prefix").value.split("\n");
  const kept = document.getElementById("text").value.split("\n").map((s, k) => [s.trim(), (starts[k] || "").trim()])
    .filter(([s]) => s);
  const lines = kept.map(([s]) => s), prefixes = kept.map(([, p]) => p);
  const error = document.getElementById("error"), status = document.getElementById("status");
  const button = document.getElementById("translate"), results = document.getElementById("results");
  error.hidden = true;
  if (!lines.length) { error.textContent = "Type a sentence first."; error.hidden = false; return; }
  const beam = Number(document.getElementById("beam").value);
  const nbest = Math.min(Number(document.getElementById("nbest").value), beam);
  button.disabled = true;
  status.textContent = "translating\u2026";
  const started = performance.now();
  try {
    const body = { text: lines, beam_size: beam, n_best: nbest, attention: true };
    if (prefixes.some((p) => p)) body.prefix = prefixes;
    const data = await postJSON("/translate", body);
    results.replaceChildren(...data.translations.map((entry, k) => sentenceView(lines[k], entry)));
    status.textContent = `${lines.length} sentence(s) in ${Math.round(performance.now() - started)} ms`;
  } catch (e) {
    error.textContent = e.message;
    error.hidden = false;
    status.textContent = "";
  } finally {
    button.disabled = false;
  }
}

async function showRun() {
  try {
    const health = await (await fetch("/health")).json();
    document.getElementById("run").textContent = `${health.run_dir} (step ${health.step}, ${health.device})`;
    document.getElementById("beam").max = health.limits.max_beam_size;
    document.getElementById("beam").value = health.defaults.beam_size;
  } catch (e) { /* the page still works without it */ }
}

document.getElementById("form").addEventListener("submit", translate);
showRun();
