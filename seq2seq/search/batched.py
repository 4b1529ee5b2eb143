"""Decoding sets on the PyTorch model: training's validation, ``Translator`` and the benchmark go through
``translate_ids``, so they all batch and choose between greedy and beam search the same way."""

from __future__ import annotations

from typing import Sequence

import numpy as np
import torch

from seq2seq.data.arrays import TokenArray
from seq2seq.runtime import autocast
from seq2seq.search.beam import beam_search
from seq2seq.search.finish import Hypothesis
from seq2seq.search.greedy import greedy_search
from seq2seq.search.options import SearchOptions
from seq2seq.search.translate_set import collate_sources, translate_set


def collate_src(seqs: Sequence[np.ndarray], pad_id: int, eos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    """``translate_set.collate_sources`` as tensors: -> src (B, S), src_len (B,) long."""
    src, lens = collate_sources(seqs, pad_id, eos_id)
    return torch.from_numpy(src), torch.from_numpy(lens)


@torch.no_grad()
def translate_ids(model, src: TokenArray, *, pad_id: int, bos_id: int, eos_id: int, device: torch.device,
                  precision: str, batch_tokens: int, opts: SearchOptions,
                  prefix: TokenArray | None = None) -> list[list[Hypothesis]]:
    """Translate every sequence of ``src`` with the model in eval mode (``translate_set``); returns
    n-best lists in input order. ``prefix``: target prefixes to force (``search.prefix``). The model's
    train/eval mode is restored afterwards."""
    run = greedy_search if opts.greedy else beam_search

    def decode_batch(ids: np.ndarray, ids_len: np.ndarray, forced: np.ndarray | None):
        src_t, len_t = torch.from_numpy(ids).to(device), torch.from_numpy(ids_len).to(device)
        forced_t = None if forced is None else torch.from_numpy(forced).to(device)
        with autocast(device, precision):
            return run(model, src_t, len_t, opts, bos_id=bos_id, eos_id=eos_id, prefix=forced_t)

    was_training = model.training
    model.eval()
    try:
        return translate_set(decode_batch, src, opts, batch_tokens, pad_id=pad_id, eos_id=eos_id, prefix=prefix)
    finally:
        model.train(was_training)
