"""Subword regularisation: every epoch trains on a freshly drawn segmentation of the training corpus.

Kudo (2018) trains on segmentations drawn from a unigram tokenizer instead of its single best one. Here
each training sentence's ``nbest`` best segmentations (sentencepiece's n-best search) are weighed by
``P(x) ~ exp(alpha * log p(x))``, the unigram log-likelihood of segmentation x sharpened by ``alpha``,
and one is drawn. Training side only: dev and test keep the best segmentation, as decoding does.

The draw uses numpy's generator seeded by (seed, epoch, side), not sentencepiece's own sampler:
sentencepiece's draws differ from process to process even after ``set_random_generator_seed`` (measured:
two fresh processes with seed 1 drew different segmentations), and a resumed run must see the very ids
the killed one saw. The corpus keeps no text: each pair's best ids are decoded back to its (normalised)
text and searched again, about 80 us a line for 16-best on this machine. That runs in one worker
process, an epoch ahead of training (``SubwordDrawer``), so the training step never waits for it after
the first epoch. This module imports no torch: the worker stays small.
"""
from __future__ import annotations

import concurrent.futures
import multiprocessing
from dataclasses import dataclass

import numpy as np
import sentencepiece as spm

from seq2seq.data.arrays import ParallelIds, TokenArray


@dataclass(frozen=True)
class SubwordDrawSpec:
    """What one epoch's draw needs: the two sentencepiece model files and trainer.subword_* settings."""

    src_model: str
    tgt_model: str
    alpha: float
    nbest: int
    seed: int


def _draw_side(model_file: str, data: np.ndarray, offsets: np.ndarray, alpha: float, nbest: int,
               rng: np.random.Generator) -> TokenArray:
    """Every line of one side, decoded and segmented again by a draw among its ``nbest`` best
    segmentations, in order."""
    sp = spm.SentencePieceProcessor(model_file=model_file)
    piece_score = np.array([sp.GetScore(i) for i in range(sp.GetPieceSize())], dtype=np.float64)  # log p(piece)
    seqs = []
    for i in range(len(offsets) - 1):
        ids = data[offsets[i]:offsets[i + 1]].tolist()
        if not ids:
            seqs.append([])
            continue
        cands = sp.nbest_encode(sp.decode(ids), nbest_size=nbest, out_type=int)
        logp = alpha * np.array([piece_score[c].sum() for c in cands])
        p = np.exp(logp - logp.max())
        seqs.append(cands[int(rng.choice(len(cands), p=p / p.sum()))])
    return TokenArray.from_lists(seqs)


def draw_epoch(spec: SubwordDrawSpec, ids: ParallelIds, epoch: int) -> ParallelIds:
    """The whole corpus ``ids`` (best segmentations) re-segmented by the draw of ``epoch``; same positions.

    Each (seed, epoch, side) seeds its own generator: independent, reproducible draws."""
    sides = []
    for k, (model, arr) in enumerate(((spec.src_model, ids.src), (spec.tgt_model, ids.tgt))):
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([spec.seed, epoch, k, 0x5EB])))
        sides.append(_draw_side(model, np.asarray(arr.data), np.asarray(arr.offsets), spec.alpha, spec.nbest, rng))
    return ParallelIds(*sides)


class SubwordDrawer:
    """Draws epoch ``e + 1`` in a worker process while epoch ``e`` trains.

    ``get(epoch)`` returns that epoch's ids (waiting only if the draw is not ready: the first epoch, or a
    resumed one) and starts the next draw. The worker maps a cached corpus's files itself; an in-memory
    one is copied to it once, when it starts. Each epoch's draw comes back whole, in memory (4 bytes a
    piece): fine for the bundled corpus, a cost to weigh for corpora of millions of pairs.
    """

    def __init__(self, spec: SubwordDrawSpec, ids: ParallelIds) -> None:
        self.spec = spec
        # spawn, not fork: the trainer's process holds torch's thread pools, which do not survive a fork
        self._pool = concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                            initializer=_keep, initargs=(_portable(ids),))
        self._ahead: dict[int, concurrent.futures.Future] = {}

    def _start(self, epoch: int) -> None:
        if epoch not in self._ahead:
            self._ahead[epoch] = self._pool.submit(_draw_in_worker, self.spec, epoch)

    def get(self, epoch: int) -> ParallelIds:
        self._start(epoch)
        data = self._ahead.pop(epoch).result()
        for stale in [e for e in self._ahead if e < epoch]:
            self._ahead.pop(stale).cancel()
        self._start(epoch + 1)
        return ParallelIds(*(TokenArray(d, o) for d, o in data))

    def close(self) -> None:
        """Stop the worker and wait until it has exited (idempotent).

        The draw it may be running (the next epoch's) is wanted by no one once training ends, so it is
        stopped, not awaited: for a big corpus it takes minutes. Not waiting at all, as ``shutdown(wait=False)``
        does, would leave a child process and the executor's thread alive into the interpreter's exit.
        """
        pool, self._pool = self._pool, None
        if pool is None:
            return
        self._ahead.clear()
        workers = list((getattr(pool, "_processes", None) or {}).values())  # 3.14 has terminate_workers()
        for process in workers:
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        for process in workers:
            process.join()


_corpus: ParallelIds | None = None  # the worker's copy of the best ids


def _portable(ids: ParallelIds) -> tuple:
    """What the worker needs to see ``ids``: the files of a memory-mapped side, the arrays of another."""
    def side(arr):
        if hasattr(arr, "ids_path"):  # data.ondisk.DiskTokenArray: the worker maps the same files
            return ("disk", str(arr.ids_path), str(arr.offsets_path))
        return ("mem", np.asarray(arr.data), np.asarray(arr.offsets))
    return side(ids.src), side(ids.tgt)


def _keep(sides: tuple) -> None:
    global _corpus

    def load(kind, a, b):
        if kind == "disk":
            return TokenArray(np.load(a, mmap_mode="r"), np.load(b, mmap_mode="r"))
        return TokenArray(a, b)
    _corpus = ParallelIds(*(load(*s) for s in sides))


def _draw_in_worker(spec: SubwordDrawSpec, epoch: int):
    out = draw_epoch(spec, _corpus, epoch)
    return (out.src.data, out.src.offsets), (out.tgt.data, out.tgt.offsets)
