"""The PyTorch searches' shared pieces: batched output limits, encoding, cropping a decoded row.

Lengths and scores are defined in ``options`` (torch-free, shared with the ONNX Runtime search).
"""

from __future__ import annotations

import torch

from seq2seq.search.options import Hypothesis, Scoring, check_sizes, length_penalty  # noqa: F401 (re-exported)


def max_output_len(src_len: torch.Tensor, a: float, b: int) -> torch.Tensor:
    """Maximum number of generated tokens (EOS included) per sentence.

    src_len: (B,) long source lengths. Returns (B,) long ``floor(a * src_len + b)``, at least
    1 so every sentence can at least emit EOS. Computed in float64 so e.g. ``1.5 * 7`` floors
    exactly.
    """
    lens = torch.as_tensor(src_len)
    out = torch.floor(lens.to(torch.float64) * a + b).to(torch.long)
    return out.clamp_min(1)


def prepare(model, src: torch.Tensor, src_len: torch.Tensor, max_len_a: float, max_len_b: int):
    """Encode and compute per-sentence limits.

    src: (B, S) long, src_len: (B,) long. Returns memory, state, max_lens (B,) long on src's
    device, and T = max(max_lens) (one host sync, needed to bound the Python loop).
    """
    device = src.device
    max_lens = max_output_len(src_len, max_len_a, max_len_b).to(device)
    memory = model.encode(src, src_len)
    state = model.init_state(memory)
    return memory, state, max_lens, int(max_lens.max())


def coverage_term(coverage: torch.Tensor, mask: torch.Tensor | None, beta: float) -> torch.Tensor:
    """GNMT's coverage penalty ``beta * sum_j log(min(cov_j, 1))`` per row, over real positions only.

    coverage: (R, S) float32 attention summed over each hypothesis's steps; mask: (R, S) bool, True at
    real source positions (None: all real). Returns (R,) float32, <= 0 (0 when every source position
    received a total attention of at least 1).
    """
    logs = coverage.clamp(max=1.0).log()
    if mask is not None:
        logs = logs.masked_fill(~mask, 0.0)  # padding gets no attention: log 0 would be -inf
    return beta * logs.sum(-1)


def hypothesis_from(tokens: torch.Tensor, attention: torch.Tensor, score: float, length: int,
                    finished: bool, src_len: int, scoring: Scoring) -> Hypothesis:
    """Crop one decoded row to its own length and source length.

    tokens: (T,) long CPU, attention: (T, S) float32 CPU, both valid up to ``length`` (generated
    tokens incl. EOS). The EOS token is dropped from ``tokens`` but its attention row is kept: it
    shows where the model looked when it decided to stop.
    """
    attention = attention[:length, :src_len].clone()
    norm = score / scoring.penalty(length)
    if scoring.uses_coverage:
        norm += float(coverage_term(attention.sum(0, keepdim=True), None, scoring.coverage_beta)[0])
    return Hypothesis(tokens=tokens[: length - int(finished)].tolist(), score=score, norm_score=norm,
                      attention=attention, finished=finished)
