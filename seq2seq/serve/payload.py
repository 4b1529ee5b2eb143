"""``Translation`` results as the JSON of the HTTP contract (one entry per input line, in order)."""
from __future__ import annotations

from seq2seq.analysis.explain import explain
from seq2seq.inference.translator import Translation


def hypothesis_json(t: Translation, attention: bool) -> dict:
    """text, score, pieces, finished; with ``attention`` also the source and target pieces, the (T, S)
    matrix (rows: target pieces, columns: source pieces), the word-level hard links and the diagnostics."""
    out = {"text": t.text, "score": t.score, "pieces": t.pieces, "finished": t.finished}
    if attention and t.attention is not None:
        words = explain(t.attention, t.source_pieces, t.target_pieces, t.finished)
        out.update(source_pieces=t.source_pieces, target_pieces=t.target_pieces,
                   attention=t.attention.astype("float64").round(5).tolist(), source_words=words["source_words"],
                   target_words=words["output_words"], links=words["links"], alignment=words["alignment"],
                   diagnostics=words["diagnostics"])
    return out


def entry_json(best: Translation, n_best: int, attention: bool) -> dict:
    """The best hypothesis's fields, and with ``n_best`` > 1 an ``nbest`` list of all of them, best first."""
    out = hypothesis_json(best, attention)
    if n_best > 1:
        out["nbest"] = [hypothesis_json(h, attention) for h in best.nbest]
    return out
