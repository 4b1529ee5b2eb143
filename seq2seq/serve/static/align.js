// The align view: POST /align with one sentence pair (and optional reference links), then the forced
// attention as a heatmap. Word level: rows are target words, columns source words plus "no word" (the
// source </s>), the matrix the links are read from; the model's links are red boxes, the reference's sure
// links filled green dots and possible links green rings, beside the precision, recall and AER of the
// model's links against them. Piece level: the attention as the model computed it, one cell per weight.
// Uses el() and heatmap() of explorer.js.
"use strict";

const NO_WORD = "\u2205 (</s>)";
let lastAlignment = null;  // the last answer, redrawn when the level changes

function linkSet(links) {
  return new Set(links.map(([i, j]) => `${i}-${j}`));
}

function wordHeatmap(entry) {
  const src = entry.source_words, tgt = entry.target_words, mat = entry.word_matrix;
  const model = linkSet(entry.links);
  const ref = entry.reference || { sure: [], possible: [] };
  const sure = linkSet(ref.sure), possible = linkSet(ref.possible);
  const head = el("tr", {}, el("th"));
  for (const w of src) head.append(el("th", { class: "src" }, w));
  head.append(el("th", { class: "src null" }, NO_WORD));
  const body = el("tbody");
  tgt.forEach((word, j) => {
    const row = el("tr", { "data-row": String(j) }, el("th", { class: "tgt" }, word));
    mat[j].forEach((w, i) => {
      const key = `${i}-${j}`, notes = [];
      const td = el("td", { class: "cell", "data-link": i < src.length ? key : "" });
      td.style.background = `rgba(38, 50, 130, ${Math.min(1, w).toFixed(3)})`;
      if (model.has(key)) { td.classList.add("link"); notes.push("model link"); }
      if (sure.has(key)) { td.classList.add("sure"); notes.push("reference: sure"); }
      else if (possible.has(key)) { td.classList.add("possible"); notes.push("reference: possible"); }
      if (sure.has(key) || possible.has(key)) td.append(el("span", { class: "mark" }));
      const name = i < src.length ? src[i] : NO_WORD;
      td.title = `${word} \u2192 ${name}: ${w.toFixed(3)}${notes.length ? " \u00b7 " + notes.join(", ") : ""}`;
      row.append(td);
    });
    body.append(row);
  });
  return el("table", { class: "heatmap words" }, el("thead", {}, head), body);
}

function pieceHeatmap(entry) {
  // explorer.js's heatmap, without hard links: the aligner ties pieces to whitespace words by their
  // character offsets, which counting "\u2581" in the browser would not always reproduce.
  return heatmap({ source_pieces: entry.source_pieces, target_pieces: entry.target_pieces,
                   attention: entry.attention, finished: true, links: [] });
}

function alignScores(entry) {
  const box = el("div", { class: "diagnostics scores" });
  if (entry.scores) {
    for (const [key, name] of [["precision", "precision"], ["recall", "recall"], ["aer", "AER"]]) {
      box.append(el("span", { "data-score": key }, `${name}: ${entry.scores[key].toFixed(3)}`));
    }
  } else if (entry.reference) {
    box.append(el("span", {}, "no reference links: nothing to score"));
  }
  box.append(el("span", {}, `links: ${entry.alignment}`));
  if (entry.reference) box.append(el("span", {}, `reference: ${entry.reference.alignment}`));
  return box;
}

function legend(entry) {
  const box = el("div", { class: "legend" }, el("span", { class: "key link" }), "model link");
  if (entry.reference) {
    box.append(el("span", { class: "key sure" }), "reference sure", el("span", { class: "key possible" }),
               "reference possible");
  }
  return box;
}

function drawAlignment() {
  const results = document.getElementById("align-results");
  if (!lastAlignment) { results.replaceChildren(); return; }
  const { entry, source, target } = lastAlignment;
  const words = document.getElementById("level").value === "words";
  results.replaceChildren(el("div", { class: "sentence" },
    el("div", { class: "source" }, source), el("div", { class: "target" }, target),
    alignScores(entry), words ? legend(entry) : "",
    el("div", { class: "heatwrap" }, words ? wordHeatmap(entry) : pieceHeatmap(entry))));
}

function alignRequest() {
  const pair = { source: document.getElementById("align-source").value.trim(),
                 target: document.getElementById("align-target").value.trim() };
  const reference = document.getElementById("align-reference").value.trim();
  if (reference) pair.reference = reference;
  const body = { pairs: [pair], reading: document.getElementById("reading").value,
                 shift: document.getElementById("shift").checked };
  if (body.reading === "threshold") body.threshold = Number(document.getElementById("threshold").value);
  return body;
}

async function align(event) {
  event.preventDefault();
  const error = document.getElementById("align-error"), status = document.getElementById("align-status");
  const button = document.getElementById("align");
  const body = alignRequest();
  error.hidden = true;
  if (!body.pairs[0].source || !body.pairs[0].target) {
    error.textContent = "Type a source sentence and its translation first.";
    error.hidden = false;
    return;
  }
  button.disabled = true;
  status.textContent = "aligning\u2026";
  const started = performance.now();
  try {
    const data = await postJSON("/align", body);  // explorer.js
    lastAlignment = { entry: data.alignments[0], source: body.pairs[0].source, target: body.pairs[0].target };
    drawAlignment();
    status.textContent = `aligned in ${Math.round(performance.now() - started)} ms`;
  } catch (e) {
    error.textContent = e.message;
    error.hidden = false;
    status.textContent = "";
  } finally {
    button.disabled = false;
  }
}

function chooseMode(mode) {
  document.querySelectorAll("nav.modes .mode").forEach((b) => b.classList.toggle("chosen", b.dataset.mode === mode));
  document.getElementById("translate-view").hidden = mode !== "translate";
  document.getElementById("align-view").hidden = mode !== "align";
}

document.querySelectorAll("nav.modes .mode").forEach((b) => {
  b.addEventListener("click", () => chooseMode(b.dataset.mode));
});
document.getElementById("align-form").addEventListener("submit", align);
document.getElementById("level").addEventListener("change", drawAlignment);
