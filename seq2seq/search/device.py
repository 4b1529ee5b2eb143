"""The PyTorch loops' device pieces: output limits as a tensor, encoding, the coverage penalty in torch
(lengths and scores are defined in ``options``), forcing a prefix's pieces (the rule is ``prefix``'s)."""

from __future__ import annotations

import numpy as np
import torch

from seq2seq.search.prefix import force_rank


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


def force_token(logp: torch.Tensor, top_val: torch.Tensor, top_idx: torch.Tensor, forced: torch.Tensor,
                scores: torch.Tensor | None = None):
    """``prefix.force_rank`` for the PyTorch loops. logp: (b*k, V) float32 log-probs of this step; forced:
    (b,) long. Beam: top_val, top_idx (b, 2k) the ranking, scores (b, k) the live beams' scores; greedy:
    top_val, top_idx (b,) its log-prob and choice, scores None. The forced piece's log-prob is read from
    beam 0's row and added to beam 0's score, as the rank adds them."""
    lp = logp.view(forced.numel(), -1, logp.size(-1))[:, 0].gather(1, forced.clamp_min(0)[:, None]).squeeze(1)
    if scores is None:  # greedy: one column, its step log-prob alone
        val, idx = force_rank(torch.where, top_val[:, None], top_idx[:, None], forced, lp, _first(1, lp))
        return val[:, 0], idx[:, 0]
    return force_rank(torch.where, top_val, top_idx, forced, scores[:, 0] + lp, _first(top_val.size(1), lp))


def _first(width: int, like: torch.Tensor) -> torch.Tensor:
    """(1, width) bool, True in column 0 only."""
    return (torch.arange(width, device=like.device) == 0)[None, :]
