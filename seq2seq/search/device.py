"""The PyTorch loops' device pieces: output limits as a tensor, encoding, the coverage penalty in torch
(lengths and scores are defined in ``options``)."""

from __future__ import annotations

import numpy as np
import torch


def max_output_len(src_len: torch.Tensor, a: float, b: int) -> torch.Tensor:
    """``options.output_limit`` of every sentence: src_len (B,) long -> (B,) long, in float64 as there."""
    return torch.floor(torch.as_tensor(src_len).to(torch.float64) * a + b).to(torch.long).clamp_min(1)


def prepare(model, src: torch.Tensor, src_len: torch.Tensor, max_len_a: float, max_len_b: int):
    """src: (B, S) long, src_len: (B,) long -> memory, state, max_lens (B,) long on src's device, and
    T = max(max_lens) (one host sync, needed to bound the Python loop)."""
    device = src.device
    max_lens = max_output_len(src_len, max_len_a, max_len_b).to(device)
    memory = model.encode(src, src_len)
    state = model.init_state(memory)
    return memory, state, max_lens, int(max_lens.max())


def coverage_term(coverage: torch.Tensor, mask: torch.Tensor | None, beta: float) -> torch.Tensor:
    """``finish.coverage_term`` on the device, same shapes: beam search ranks every step's extensions by it."""
    logs = coverage.clamp(max=1.0).log()
    if mask is not None:
        logs = logs.masked_fill(~mask, 0.0)  # padding gets no attention: log 0 would be -inf
    return beta * logs.sum(-1)


def torch_coverage(attention: np.ndarray, beta: float) -> float:
    """The coverage term of one finished hypothesis's (T, S) attention rows, in torch's arithmetic on the
    host (``finish.hypothesis``'s ``coverage_of`` for the PyTorch loops): numpy's rounds differently."""
    return float(coverage_term(torch.from_numpy(attention).sum(0, keepdim=True), None, beta)[0])
