"""Guided alignment training (``trainer.guided_alignment``): word links expanded into attention targets.

The decoder's attention is over source pieces, one row per target piece; the links join whitespace
words. For target piece t of word j the reference row spreads its mass evenly over every source piece of
the source words linked to j; a target word without links, the EOS row and a pair without links add no
loss. Word boundaries come from the piece ids themselves ("▁" starts a word, a table built once per
vocabulary), so subword sampling's changing segmentations are expanded just as well. A pair whose pieces
make another number of words than its whitespace tokens (sentencepiece normalisation) gets no guided
loss: its word indices would point at the wrong pieces; they are counted and logged once.

The loss is added to the translation loss as ``weight * guided`` before the trainer divides by the
target pieces of all ranks, and it is computed in the same DDP forward (``Seq2Seq.loss(..., guide)``),
so its gradient is all-reduced with the rest.
"""
from __future__ import annotations

import logging

import numpy as np
import torch

from seq2seq.config import Config
from seq2seq.data.links import TrainingLinks, load_links, usable_lines, word_of_pieces, word_start_table
from seq2seq.errors import CheckpointError
from seq2seq.model.guided_loss import GuideTarget

log = logging.getLogger(__name__)

def reference_rows(src_ids: np.ndarray, tgt_ids: np.ndarray, pairs: np.ndarray, src_starts: np.ndarray,
                   tgt_starts: np.ndarray, words: tuple[int, int]) -> np.ndarray | None:
    """(T, S) float32 reference attention of one pair: rows the T target pieces, columns the S source
    pieces (no EOS on either side); a row sums to 1, or is all 0 where its word has no link.

    pairs: (L, 2) links (source word, target word); words: (source, target) whitespace word counts.
    None when the pieces make other word counts than ``words``.
    """
    sw, tw = word_of_pieces(src_ids, src_starts), word_of_pieces(tgt_ids, tgt_starts)
    if (len(sw) and int(sw[-1]) + 1, len(tw) and int(tw[-1]) + 1) != tuple(int(w) for w in words):
        return None
    linked = np.zeros((words[1], words[0]), dtype=np.float32)   # (target words, source words)
    linked[pairs[:, 1], pairs[:, 0]] = 1.0
    ref = linked[tw][:, sw]
    total = ref.sum(1, keepdims=True)
    return np.divide(ref, total, out=ref, where=total > 0)


def batch_target(batch, links: TrainingLinks, usable: np.ndarray, src_starts: np.ndarray,
                 tgt_starts: np.ndarray) -> GuideTarget:
    """The reference rows of a collated batch (CPU tensors) as flat cells of its (B, T, S) attention."""
    src, tgt = batch.src.numpy(), batch.tgt_out.numpy()
    n_src, n_tgt = batch.src_len.numpy() - 1, batch.tgt_len.numpy() - 1   # without EOS
    width_s, cells = src.shape[1], tgt.shape[1] * src.shape[1]
    index, weight, rows = [], [], 0
    for b, line in enumerate(batch.indices.tolist()):
        if line >= len(usable) or not usable[line]:
            continue
        ref = reference_rows(src[b, :n_src[b]], tgt[b, :n_tgt[b]], links.of(line), src_starts, tgt_starts,
                             (links.src_words[line], links.tgt_words[line]))
        if ref is None:   # a sampled segmentation that merged words (rare): no guidance this time
            continue
        t, s = np.nonzero(ref)
        index.append(b * cells + t * width_s + s)
        weight.append(ref[t, s])
        rows += int((ref.sum(1) > 0).sum())
    if not index:
        return GuideTarget(torch.zeros(0, dtype=torch.long), torch.zeros(0), 0)
    return GuideTarget(torch.from_numpy(np.concatenate(index).astype(np.int64)),
                       torch.from_numpy(np.concatenate(weight).astype(np.float32)), rows)


class Guide:
    """Guided alignment for one run; without a link file every method passes its input through."""

    def __init__(self, weight: float = 0.0, links: TrainingLinks | None = None, usable=None, starts=None,
                 device: torch.device | str = "cpu"):
        self.weight, self.links, self.usable = float(weight), links, usable
        self.src_starts, self.tgt_starts = starts or (None, None)
        self.window = torch.zeros(1, dtype=torch.float64, device=device)   # guided loss since the last log

    @property
    def enabled(self) -> bool:
        return self.links is not None

    @classmethod
    def build(cls, cfg: Config, data, tok, device: torch.device, resumed: dict | None) -> "Guide":
        """From ``trainer.guided_alignment``; refuses to resume a run trained on other links (they are
        training data: a different file gives a different run)."""
        t = cfg.trainer
        links = load_links(cfg) if t.guided_alignment else None
        if resumed is not None:
            saved = (resumed.get("guided_alignment") or {}).get("sha256")
            if saved != (links.sha256 if links else None):
                what = f"links with sha256 {saved[:12]}..." if saved else "no guided alignment"
                now = f"{links.path} (sha256 {links.sha256[:12]}...)" if links else "none"
                raise CheckpointError(f"trainer.resume: the checkpoint was trained with {what}, this run gives {now}; "
                                      "resume with the same trainer.guided_alignment file, or start a new run")
        if links is None:
            return cls(device=device)
        starts = (word_start_table([tok.src.id_to_piece(i) for i in range(tok.src_vocab_size)]),
                  word_start_table([tok.tgt.id_to_piece(i) for i in range(tok.tgt_vocab_size)]))
        usable, mismatched = usable_lines(links, data.train, *starts)
        guide = cls(t.guided_alignment_weight, links, usable, starts, device)
        with_links = int((np.diff(links.offsets) > 0).sum())
        data.report["guided_alignment"] = {  # results.json's "data" section
            "file": str(links.path), "sha256": links.sha256, "weight": guide.weight, "lines_with_links": with_links,
            "lines_guided": int(usable.sum()), "lines_word_count_differs": mismatched}
        log.info("guided alignment: %d of %d training lines have links in %s, weight %g; %d of them left out: "
                 "their pieces make another word count than their whitespace tokens (text normalisation)",
                 with_links, len(links), links.path, guide.weight, mismatched)
        if not usable.any():
            log.warning("guided alignment: no training pair can be guided (see the line above)")
        return guide

    def targets(self, batches) -> list[GuideTarget | None]:
        """Each batch's reference rows (before the batches move to the device)."""
        if not self.enabled:
            return [None] * len(batches)
        return [batch_target(b, self.links, self.usable, self.src_starts, self.tgt_starts) for b in batches]

    def objective(self, out) -> tuple[torch.Tensor, torch.Tensor]:
        """The model's loss output -> (translation loss, what to differentiate: + weight * guided loss)."""
        if not isinstance(out, tuple):
            return out, out
        loss, guided = out
        guided_sum = guided.detach().to(torch.float64)
        self.window += torch.where(torch.isfinite(guided_sum), guided_sum, 0.0)
        return loss, (loss + self.weight * guided) if self.weight else loss

    def log_window(self, writer, step: int, tokens: int, world) -> None:
        """``train/guided_loss``: the guided loss per target piece (the figure the weight multiplies) over
        the logged window; under DDP a collective (called by every rank)."""
        if not self.enabled:
            return
        total = world.sum_(self.window.clone())
        if writer is not None:
            writer.add_scalar("train/guided_loss", total.item() / max(tokens, 1), step)
        self.window.zero_()

    def state(self) -> dict | None:
        """What a checkpoint records of the links: resume compares it."""
        return {"file": str(self.links.path), "sha256": self.links.sha256} if self.enabled else None

