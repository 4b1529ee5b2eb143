"""An exported model on ONNX Runtime: the two sessions behind ``Translator.from_export``, with no torch.

``OrtModel`` implements the engine protocol of ``ort_search`` (``encode``, ``step``) and translates whole
sets of id sequences through ``seq2seq.search.translate_set``, as the PyTorch model does.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from seq2seq.data.arrays import TokenArray
from seq2seq.errors import CheckpointError
from seq2seq.export import ort_search
from seq2seq.export.manifest import DECODER_STEP, ENCODER, Manifest
from seq2seq.search.finish import Hypothesis
from seq2seq.search.options import SearchOptions
from seq2seq.search.translate_set import translate_set


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
        run = ort_search.greedy_search if opts.greedy else ort_search.beam_search

        def decode_batch(ids: np.ndarray, ids_len: np.ndarray) -> list[list[Hypothesis]]:
            return run(self, ids, ids_len, opts, bos_id=self.bos_id, eos_id=self.eos_id)

        return translate_set(decode_batch, src, opts, batch_tokens, pad_id=self.pad_id, eos_id=self.eos_id)
