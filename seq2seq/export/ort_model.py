"""An exported model on ONNX Runtime: the two sessions behind ``Translator.from_export``, with no torch.

``OrtModel`` implements the engine protocol of ``ort_search`` (``encode``, ``step``) and translates whole
sets of id sequences the way ``seq2seq.search.batched.translate_ids`` does: length-sorted batches under
a token budget, empty sources answered without running the model, results put back in input order.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from seq2seq.data.arrays import TokenArray
from seq2seq.errors import CheckpointError
from seq2seq.export import ort_search
from seq2seq.export.manifest import DECODER_STEP, ENCODER, Manifest
from seq2seq.search.options import Hypothesis, SearchOptions


def _session(path: Path, threads: int):
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.intra_op_num_threads = threads  # 0: one per physical core (ONNX Runtime's default)
    opts.inter_op_num_threads = 1
    try:
        return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    except Exception as e:  # onnxruntime raises its own Fail/InvalidGraph types for a bad file
        raise CheckpointError(f"{path}: ONNX Runtime cannot load it ({str(e).splitlines()[0][:160]}); "
                              "export the run again") from None


class OrtModel:
    def __init__(self, manifest: Manifest, encoder, decoder_step):
        self.manifest, self.encoder, self.decoder_step = manifest, encoder, decoder_step
        tok = manifest.tokenizer
        self.tgt_vocab, self.pad_id, self.bos_id, self.eos_id = (int(tok[k]) for k in
                                                                  ("tgt_vocab", "pad_id", "bos_id", "eos_id"))

    @classmethod
    def load(cls, folder: Path | str, num_threads: int = 0) -> "OrtModel":
        folder = Path(folder)
        manifest = Manifest.read(folder)
        return cls(manifest, _session(folder / ENCODER, num_threads), _session(folder / DECODER_STEP, num_threads))

    def encode(self, src: np.ndarray, src_len: np.ndarray):
        """src (B, S) int64, src_len (B,) int64 -> values (B, S, C), keys (B, S, K), init (B, H), float32."""
        return self.encoder.run(None, {"src": src, "src_len": src_len})

    def step(self, prev, hidden, context, keys, values, mask, scores):
        """One decoder step with its ranking; see ``ort_search`` for the shapes."""
        return self.decoder_step.run(None, {"prev": prev, "hidden": hidden, "context": context, "keys": keys,
                                            "values": values, "mask": mask, "scores": scores})

    def translate_ids(self, src: TokenArray, opts: SearchOptions, batch_tokens: int) -> list[list[Hypothesis]]:
        """n-best lists for every source id sequence, in input order."""
        lengths = np.minimum(src.lengths(), opts.max_src_len)
        results: list[list[Hypothesis] | None] = [None] * len(src)
        for i in np.flatnonzero(lengths == 0):
            results[i] = [Hypothesis(tokens=[], score=0.0, norm_score=0.0, attention=np.zeros((0, 0), np.float32),
                                     finished=True)]
        budget = max(1, batch_tokens // opts.beam_size)  # beam search holds beam_size rows per sentence
        for rows in _batches(lengths, budget):
            seqs = [np.asarray(src[int(i)][: opts.max_src_len], dtype=np.int64) for i in rows]
            batch, batch_len = _collate(seqs, self.pad_id, self.eos_id)
            hyps = ort_search.search(self, batch, batch_len, opts, bos_id=self.bos_id, eos_id=self.eos_id)
            for i, h in zip(rows, hyps):
                results[int(i)] = h
        return results  # type: ignore[return-value]


def _batches(lengths: np.ndarray, budget: int):
    """Non-empty sentences in length order, grouped while sentences x (longest + EOS) fits ``budget``."""
    order = [int(i) for i in np.argsort(lengths, kind="stable") if lengths[i] > 0]
    batch: list[int] = []
    for i in order:
        if batch and (len(batch) + 1) * (int(lengths[i]) + 1) > budget:
            yield batch
            batch = []
        batch.append(i)
    if batch:
        yield batch


def _collate(seqs: list[np.ndarray], pad_id: int, eos_id: int) -> tuple[np.ndarray, np.ndarray]:
    """Source ids + EOS, padded, as in training: -> src (B, S) int64, src_len (B,) int64."""
    lens = np.array([len(s) + 1 for s in seqs], dtype=np.int64)
    out = np.full((len(seqs), int(lens.max())), pad_id, dtype=np.int64)
    for i, s in enumerate(seqs):
        out[i, : len(s)] = s
        out[i, len(s)] = eos_id
    return out, lens
