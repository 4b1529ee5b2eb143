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

    One process and two one-way pipes, not a ``ProcessPoolExecutor``: stopping the worker while it is
    sending a draw left the executor's manager thread blocked for ever on the half-read message (the
    parent holds the result pipe's other end, so no EOF comes), and ``shutdown`` waited on that thread.
    Here the parent alone reads, only in ``get``, and ``close`` just stops the process.
    """

    def __init__(self, spec: SubwordDrawSpec, ids: ParallelIds) -> None:
        # spawn, not fork: the trainer's process holds torch's thread pools, which do not survive a fork
        ctx = multiprocessing.get_context("spawn")
        requests_in, self._requests = ctx.Pipe(duplex=False)
        self._results, results_out = ctx.Pipe(duplex=False)
        self._process = ctx.Process(target=_serve, args=(spec, _portable(ids), requests_in, results_out),
                                    daemon=True, name="subword-draws")
        self._process.start()
        requests_in.close()  # the worker's ends: closed here so a dead worker reads as EOF, not silence
        results_out.close()
        self._asked: list[int] = []  # epochs requested and not yet read back, in order

    def _start(self, epoch: int) -> None:
        if epoch not in self._asked:
            self._requests.send(epoch)
            self._asked.append(epoch)

    def get(self, epoch: int) -> ParallelIds:
        self._start(epoch)
        while True:  # draws come back in the order asked; one asked earlier and no longer wanted is dropped
            done = self._asked.pop(0)
            try:
                ok, data = self._results.recv()
            except EOFError:
                raise RuntimeError(f"the subword-draw worker stopped (exit code {self._process.exitcode})") from None
            if not ok:
                raise data
            if done == epoch:
                break
        self._start(epoch + 1)
        return ParallelIds(*(TokenArray(d, o) for d, o in data))

    def close(self) -> None:
        """Stop the worker and wait until it has exited (idempotent).

        The draw it may be running (the next epoch's) is wanted by no one once training ends, so it is
        stopped, not awaited: for a big corpus it takes minutes.
        """
        process, self._process = self._process, None
        if process is None:
            return
        process.terminate()
        process.join()
        self._requests.close()
        self._results.close()


def _portable(ids: ParallelIds) -> tuple:
    """What the worker needs to see ``ids``: the files of a memory-mapped side, the arrays of another."""
    def side(arr):
        if hasattr(arr, "ids_path"):  # data.ondisk.DiskTokenArray: the worker maps the same files
            return ("disk", str(arr.ids_path), str(arr.offsets_path))
        return ("mem", np.asarray(arr.data), np.asarray(arr.offsets))
    return side(ids.src), side(ids.tgt)


def _load(sides: tuple) -> ParallelIds:
    """The worker's copy of the best ids, from ``_portable``'s description."""
    def load(kind, a, b):
        if kind == "disk":
            return TokenArray(np.load(a, mmap_mode="r"), np.load(b, mmap_mode="r"))
        return TokenArray(a, b)
    return ParallelIds(*(load(*s) for s in sides))


def _serve(spec: SubwordDrawSpec, sides: tuple, requests, results) -> None:
    """The worker: keep the corpus, then answer each requested epoch with ``(True, arrays)`` (or
    ``(False, exception)``) until the request pipe closes."""
    corpus = _load(sides)
    while True:
        try:
            epoch = requests.recv()
        except EOFError:
            return
        try:
            out = draw_epoch(spec, corpus, epoch)
            results.send((True, ((out.src.data, out.src.offsets), (out.tgt.data, out.tgt.offsets))))
        except Exception as e:  # noqa: BLE001 (handed to the trainer, which raises it)
            results.send((False, e))
