"""An export's check against the PyTorch model it came from, run before the folder is kept.

- float32 graphs: the largest absolute difference over every output of both graphs, given the same
  inputs; ONNX Runtime and PyTorch only round differently, so the tolerance is about 1e-4.
- int8 graphs (``quantize=int8``): quantised weights move every number, so no such bound holds. What is
  checked instead is what a search reads, the step's ranked scores (log-probabilities plus the running
  score), with the int8 encoder's own outputs fed to the int8 step: end to end as the search runs it. The
  k-th largest of a set moves by at most the largest move of its members, so this bounds the change of
  any hypothesis's score per step whatever the ranking. Beside it, the share of a sample's translations
  (greedy and beam 5) that come out the same as PyTorch's is recorded, not required.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import torch

from seq2seq.data.arrays import TokenArray
from seq2seq.export.decoder_step import DecoderStep, sample, step_args
from seq2seq.search.options import SearchOptions

SENTENCES, BEAM = 32, 5  # the translation sample of the int8 check, and its beam search's width


def _fresh_sample(tok):
    return sample(tok.src_vocab_size, tok.pad_id, tok.eos_id, batch=10, src_len=13, seed=1)


def float_diff(model, folder: Path, tok) -> float:
    """Largest absolute difference between ONNX Runtime and PyTorch over both graphs on a fresh sample."""
    from seq2seq.export.ort_model import OrtModel

    ort = OrtModel.load(folder, 1)
    src, lens = _fresh_sample(tok)
    with torch.no_grad():
        mem = model.encode(src, lens)
        want = [mem.values, mem.keys, mem.init]
        args = step_args(model, src, lens, 5)
        want_step = DecoderStep(model)(*args)
    got = ort.encode(src.numpy(), lens.numpy())
    got_step = ort.step(*(a.numpy() for a in args))
    diffs = [float(np.abs(w.numpy().astype(np.float64) - g).max()) for w, g in zip(want, got)]
    diffs.append(float(np.abs(want_step[0].numpy() - got_step[0]).max()))
    diffs += [float(np.abs(w.numpy() - g).max()) for w, g in zip(want_step[2:], got_step[2:])]
    return max(diffs)


def int8_scores(translator, folder: Path) -> dict:
    """``max_score_diff``: the largest difference of the step's ranked scores, int8 ONNX Runtime end to end
    against PyTorch; ``equal_translations``: the share of ``SENTENCES`` random sources whose best
    translation is the same token for token, per search."""
    from seq2seq.export.ort_model import OrtModel

    model, tok = translator.model, translator.tokenizer
    ort = OrtModel.load(folder, 1)
    src, lens = _fresh_sample(tok)
    args = step_args(model, src, lens, 5)
    with torch.no_grad():
        want = DecoderStep(model)(*args)[0].numpy()
    values, keys, init = ort.encode(src.numpy(), lens.numpy())
    prev, _, context, _, _, mask, scores = (a.numpy() for a in args)
    got = ort.step(prev, init, context, keys, values, mask, scores)[0]
    return {"max_score_diff": float(np.abs(want - got).max()), "sentences": SENTENCES,
            "equal_translations": _equal_share(translator, ort, tok)}


def _equal_share(translator, ort, tok) -> dict[str, float]:
    src, lens = sample(tok.src_vocab_size, tok.pad_id, tok.eos_id, batch=SENTENCES, src_len=20, seed=2)
    ids = TokenArray.from_lists([row[:n].tolist() for row, n in zip(src, lens)])
    shares = {}
    for name, beam in (("greedy", 1), (f"beam{BEAM}", BEAM)):
        opts = SearchOptions(beam_size=beam, n_best=1)
        want = translator.translate_ids(ids, opts, batch_tokens=4000)
        got = ort.translate_ids(ids, opts, batch_tokens=4000)
        same = sum(w[0].tokens == g[0].tokens for w, g in zip(want, got))
        shares[name] = same / SENTENCES
    return shares
