"""An exported model on ONNX Runtime: the two sessions behind ``Translator.from_export``, with no torch.

``OrtModel`` implements the engine protocol of ``ort_search`` (``encode``, ``step``, ``log_probs``) and
translates whole sets of id sequences through ``seq2seq.search.translate_set``, as the PyTorch model does.

``log_probs`` serves prefix-constrained decoding only: the exported step hands back its 2k best extensions,
not the log-prob of a piece a prefix forces. A second session of the same step graph, with the graph's
log-softmax also made an output, reads it; it is built on first use (it needs the ``onnx`` package, like
``seq2seq-export``), so plain decoding runs exactly the one session it always did.
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


def _session(path: Path, threads: int, graph: bytes | None = None):
    """A CPU session of the graph at ``path`` (or of ``graph``, a serialised edit of it; ``path`` names it)."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.intra_op_num_threads = threads  # 0: one per physical core (ONNX Runtime's default)
    opts.inter_op_num_threads = 1
    try:
        return ort.InferenceSession(str(path) if graph is None else graph, opts, providers=["CPUExecutionProvider"])
    except Exception as e:  # onnxruntime raises its own Fail/InvalidGraph types for a bad file
        raise CheckpointError(f"{path}: ONNX Runtime cannot load it ({str(e).splitlines()[0][:160]}); "
                              "export the run again") from None


def _log_prob_session(path: Path, threads: int):
    """The step graph at ``path`` with its log-softmax ((N, V) float32) added as output ``log_softmax``."""
    try:
        import onnx
    except ImportError:
        raise CheckpointError("decoding with a prefix on an ONNX export needs the onnx package "
                              "(pip install onnx), or load the run with run_dir=") from None
    graph = onnx.load(str(path))
    found = [n.output[0] for n in graph.graph.node if n.op_type == "LogSoftmax"]
    if len(found) != 1:
        raise CheckpointError(f"{path}: no single LogSoftmax in the step graph; export the run again")
    graph.graph.output.append(onnx.helper.make_tensor_value_info(found[0], onnx.TensorProto.FLOAT, None))
    return _session(path, threads, graph.SerializeToString()), found[0]


class OrtModel:
    def __init__(self, manifest: Manifest, encoder, decoder_step, folder: Path | None = None, threads: int = 0):
        self.manifest, self.encoder, self.decoder_step = manifest, encoder, decoder_step
        self.folder, self.threads, self._log_probs = folder, threads, None
        tok = manifest.tokenizer
        self.tgt_vocab, self.pad_id, self.bos_id, self.eos_id = (int(tok[k]) for k in
                                                                  ("tgt_vocab", "pad_id", "bos_id", "eos_id"))

    @classmethod
    def load(cls, folder: Path | str, num_threads: int = 0) -> "OrtModel":
        folder = Path(folder)
        manifest = Manifest.read(folder)
        return cls(manifest, _session(folder / ENCODER, num_threads), _session(folder / DECODER_STEP, num_threads),
                   folder, num_threads)

    def encode(self, src: np.ndarray, src_len: np.ndarray):
        """src (B, S) int64, src_len (B,) int64 -> values (B, S, C), keys (B, S, K), init (B, H), float32."""
        return self.encoder.run(None, {"src": src, "src_len": src_len})

    def step(self, prev, hidden, context, keys, values, mask, scores):
        """One decoder step with its ranking; see ``ort_search`` for the shapes."""
        return self.decoder_step.run(None, {"prev": prev, "hidden": hidden, "context": context, "keys": keys,
                                            "values": values, "mask": mask, "scores": scores})

    def log_probs(self, prev, hidden, context, keys, values, mask, scores) -> np.ndarray:
        """(N, V) float32 log-probs of the step ``step`` takes on the same inputs (module docstring)."""
        if self._log_probs is None:
            if self.folder is None:
                raise CheckpointError("this OrtModel was not loaded from a folder: no step graph to read log-probs")
            self._log_probs = _log_prob_session(self.folder / DECODER_STEP, self.threads)
        session, name = self._log_probs
        return session.run([name], {"prev": prev, "hidden": hidden, "context": context, "keys": keys,
                                    "values": values, "mask": mask, "scores": scores})[0]

    def translate_ids(self, src: TokenArray, opts: SearchOptions, batch_tokens: int,
                      prefix: TokenArray | None = None) -> list[list[Hypothesis]]:
        """n-best lists for every source id sequence, in input order; ``prefix``: target prefixes to force."""
        run = ort_search.greedy_search if opts.greedy else ort_search.beam_search

        def decode_batch(ids: np.ndarray, ids_len: np.ndarray, forced: np.ndarray | None):
            return run(self, ids, ids_len, opts, bos_id=self.bos_id, eos_id=self.eos_id, prefix=forced)

        return translate_set(decode_batch, src, opts, batch_tokens, pad_id=self.pad_id, eos_id=self.eos_id,
                             prefix=prefix)
