"""``POST /align``: forced alignment of given sentence pairs (``Translator.align``) over HTTP.

The pairs go through the same micro-batcher as translations (one worker thread runs the model), keyed
by their link reading, so concurrent align requests with the same reading share one forced pass.
An ONNX-backed server (``export_dir=``) has no teacher-forced model to run: it answers 400 at once.
"""
from __future__ import annotations

from dataclasses import asdict
from typing import Optional

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from seq2seq.analysis.aer import Reference, format_links, format_reference, score_alignments
from seq2seq.config import ServeConfig
from seq2seq.inference.aligner import Alignment
from seq2seq.inference.translator import Translator
from seq2seq.serve.align_schema import AlignItem, AlignKey, AlignRequest, parse_align
from seq2seq.serve.batcher import MicroBatcher
from seq2seq.serve.schema import RequestError

NEEDS_RUN = ("forced alignment needs the PyTorch model: this server decodes an ONNX export (export_dir=); "
             "start seq2seq-serve with run_dir=RUN to use /align")

_SCORES = {"precision": 0.5, "recall": 1.0, "aer": 0.3333, "pairs": 1, "predicted": 2, "sure": 1, "possible": 2}
_EXAMPLE = {"reading": "argmax", "threshold": None, "shift": False, "alignments": [{
    "source_words": ["Sea", "luz"], "target_words": ["Let", "light"], "source_pieces": ["▁Sea", "▁luz", "</s>"],
    "target_pieces": ["▁Let", "▁light", "</s>"], "attention": [[0.8, 0.15, 0.05], [0.5, 0.4, 0.1], [0.1, 0.2, 0.7]],
    "word_matrix": [[0.8, 0.15, 0.05], [0.5, 0.4, 0.1]], "links": [[0, 0], [0, 1]], "alignment": "0-0 0-1",
    "unmatched": 0, "reference": {"alignment": "0-0 1p1", "sure": [[0, 0]], "possible": [[0, 0], [1, 1]]},
    "scores": _SCORES}], "scores": _SCORES}


def _pairs(links) -> list[list[int]]:
    return [[int(i), int(j)] for i, j in sorted(links)]


def scores_json(links: list, references: list[Reference]) -> Optional[dict]:
    """Precision, recall and AER (``seq2seq.analysis.aer``) over the pairs that have reference links; None
    where no pair has any (AER means nothing without a reference)."""
    scores = score_alignments(links, references)
    return asdict(scores) if scores.pairs else None


def alignment_json(a: Alignment, reference: Optional[Reference]) -> dict:
    """One pair's answer: words, pieces, the (T + 1, S + 1) piece attention and the (target words, source
    words + 1) word matrix (both rounded to 5 decimals), the links as pairs and as a Pharaoh line; with a
    reference, the reference and the links' scores against it."""
    out = {"source_words": a.source_words, "target_words": a.target_words, "source_pieces": a.source_pieces,
           "target_pieces": a.target_pieces, "attention": a.attention.astype("float64").round(5).tolist(),
           "word_matrix": a.word_matrix.astype("float64").round(5).tolist(), "links": _pairs(a.links),
           "alignment": format_links(a.links), "unmatched": int(a.unmatched)}
    if reference is not None:
        out["reference"] = {"alignment": format_reference(reference), "sure": _pairs(reference.sure),
                            "possible": _pairs(reference.possible)}
        out["scores"] = scores_json([a.links], [reference])
    return out


def decode_align(translator: Translator, items: list[AlignItem], key: AlignKey, batch_tokens: int) -> list[dict]:
    """The batcher's ``decode`` for align groups: one ``Translator.align`` call over every pair."""
    found = translator.align([it.source for it in items], [it.target for it in items], reading=key.reading,
                             threshold=key.threshold, shift=key.shift, batch_tokens=batch_tokens)
    return [alignment_json(a, it.reference) for a, it in zip(found, items)]


def add_align(app: FastAPI, translator: Translator, batcher: MicroBatcher, limits: ServeConfig) -> None:
    """Route ``POST /align`` on ``app``; its pairs go through ``batcher`` (see ``decode_align``)."""

    @app.post("/align", summary="Force sentence pairs through the model: attention, word links, scores",
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/json": {"schema": AlignRequest.model_json_schema()}}}},
              responses={200: {"content": {"application/json": {"example": _EXAMPLE}}},
                         400: {"description": "body is not UTF-8 or not JSON; or the server runs an ONNX export "
                                                "or an ensemble"},
                         413: {"description": "body, pair count or sentence length over a limit"},
                         422: {"description": "wrong types, unknown option, a side with no words, bad reference"},
                         503: {"description": "more sentences waiting than max_waiting_lines; retry later"}})
    async def align(request: Request) -> JSONResponse:  # RequestError and Busy: app's error handlers
        if translator.engine is not None:
            raise RequestError(400, NEEDS_RUN)
        if translator.is_ensemble:
            raise RequestError(400, "forced alignment reads one model's attention: this server decodes an ensemble "
                               "(ensemble=); start seq2seq-serve without it to use /align")
        items, key = parse_align(await request.body(), limits)
        entries = await batcher.submit(items, key)
        scored = [([tuple(link) for link in e["links"]], it.reference)
                  for e, it in zip(entries, items) if it.reference is not None]
        total = scores_json([links for links, _ in scored], [ref for _, ref in scored]) if scored else None
        return JSONResponse({"reading": key.reading, "threshold": key.threshold if key.reading == "threshold" else None,
                             "shift": key.shift, "alignments": entries, "scores": total})
