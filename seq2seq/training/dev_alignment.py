"""``valid/aer`` during training: the dev pairs forced through the model, scored against ``DEV.align``.

When the dev split has a reference beside its files (``data.dev`` + ``.align``, Pharaoh lines indexing
data.src words then data.tgt words, as data/bible-es-en/dev.align does), every validation runs one
teacher-forced pass over the dev pairs (``forced_attention``: no search), reads one link per target word
(argmax of its pieces' attention, ``analysis.links``) and logs precision, recall and AER. The reference
is checked when training starts, so a bad one stops the run before it trains.
"""
from __future__ import annotations

import logging
from pathlib import Path

from seq2seq.analysis.aer import Reference, score_alignments
from seq2seq.analysis.links import read_links as links_of, word_matrix
from seq2seq.data.links import read_dev_reference, reference_path

log = logging.getLogger(__name__)


class DevAlignment:
    """Forced alignment of the dev split against its reference, once per validation."""

    def __init__(self, path: Path, refs: list[Reference], split, tok, device, precision: str, batch_tokens: int):
        self.path, self.refs, self.split, self.tok = path, refs, split, tok
        self.device, self.precision, self.batch_tokens = device, precision, batch_tokens
        ids = split.ids
        self.pieces = [(tok.src_pieces(ids.src[k]), tok.tgt_pieces(ids.tgt[k])) for k in range(len(refs))]

    @classmethod
    def build(cls, cfg, data, tok, device, precision: str) -> "DevAlignment | None":
        found = reference_path(cfg.data)
        if found is None:
            return None
        path = found[0]
        refs = read_dev_reference(path, data.dev.text, found[1])
        log.info("dev alignment reference: %s (%d pairs with links): valid/aer at every validation", path,
                 sum(not r.empty for r in refs))
        return cls(path, refs, data.dev, tok, device, precision, cfg.trainer.eval_batch_tokens)

    def run(self, model, step: int, writer) -> dict:
        """Log valid/aer, valid/align_precision, valid/align_recall; return them for results.json."""
        from seq2seq.inference.forced import forced_attention

        ids = self.split.ids
        tok = self.tok
        atts = forced_attention(model, ids.src, ids.tgt, pad_id=tok.pad_id, bos_id=tok.bos_id, eos_id=tok.eos_id,
                                device=self.device, precision=self.precision, batch_tokens=self.batch_tokens)
        predicted = [links_of(word_matrix(att, src, tgt), "argmax") for att, (src, tgt) in zip(atts, self.pieces)]
        scores = score_alignments(predicted, self.refs)
        figures = {"aer": scores.aer, "align_precision": scores.precision, "align_recall": scores.recall}
        for name, value in figures.items():
            writer.add_scalar(f"valid/{name}", value, step)
        log.info("step %d: dev AER %.4f, precision %.4f, recall %.4f (argmax links of %d pairs against %s)", step,
                 scores.aer, scores.precision, scores.recall, scores.pairs, self.path.name)
        return {k: round(v, 4) for k, v in figures.items()}
