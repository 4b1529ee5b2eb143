"""What every search returns and the limits every search shares.

Lengths. The "length" of a hypothesis counts generated tokens including EOS (BOS is never
generated). Sentence ``i`` may generate at most ``max_output_len(src_len, a, b)[i]`` tokens,
EOS included; a hypothesis that reaches that length without EOS is returned as unfinished.

Scores. ``score`` is the sum of the float32 token log-probs (the EOS log-prob included when
finished); ``norm_score = score / length_penalty(length, alpha)``, the GNMT penalty
``((5 + length) / 6) ** alpha``. Greedy reports the same ``norm_score`` so both searches'
outputs can be compared or mixed.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch


@dataclass
class Hypothesis:
    """One output sentence.

    tokens: output ids, without BOS and without EOS.
    score: sum of the token log-probs, including the EOS log-prob if ``finished``.
    norm_score: ``score / length_penalty(len(tokens) + finished, alpha)``.
    attention: float32 CPU tensor (T, src_len_i), one row per generated step including the
        EOS step if finished (so T = len(tokens) + finished), columns cropped to this
        sentence's true source length (padding columns dropped).
    finished: True if it ended with EOS, False if it hit the maximum length.
    """

    tokens: list[int]
    score: float
    norm_score: float
    attention: torch.Tensor
    finished: bool


def max_output_len(src_len: torch.Tensor, a: float, b: int) -> torch.Tensor:
    """Maximum number of generated tokens (EOS included) per sentence.

    src_len: (B,) long source lengths. Returns (B,) long ``floor(a * src_len + b)``, at least
    1 so every sentence can at least emit EOS. Computed in float64 so e.g. ``1.5 * 7`` floors
    exactly.
    """
    lens = torch.as_tensor(src_len)
    out = torch.floor(lens.to(torch.float64) * a + b).to(torch.long)
    return out.clamp_min(1)


def length_penalty(length, alpha: float):
    """GNMT length penalty ``((5 + length) / 6) ** alpha``.

    length counts generated tokens including EOS; works on Python numbers and on tensors
    (any shape; an integer tensor gives a float tensor).
    """
    return ((5 + length) / 6) ** alpha


def check_sizes(beam_size: int, n_best: int) -> None:
    """Raise ValueError unless ``beam_size >= 1`` and ``1 <= n_best <= beam_size``.

    A beam can only return as many distinct hypotheses as it keeps, so asking for more is a
    caller's mistake, reported before any decoding work.
    """
    if beam_size < 1:
        raise ValueError(f"beam_size must be >= 1, got {beam_size}")
    if n_best < 1 or n_best > beam_size:
        raise ValueError(f"n_best must be between 1 and beam_size={beam_size}, got {n_best}")


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


def hypothesis_from(tokens: torch.Tensor, attention: torch.Tensor, score: float, length: int,
                    finished: bool, src_len: int, alpha: float) -> Hypothesis:
    """Crop one decoded row to its own length and source length.

    tokens: (T,) long CPU, attention: (T, S) float32 CPU, both valid up to ``length`` (generated
    tokens incl. EOS). The EOS token is dropped from ``tokens`` but its attention row is kept: it
    shows where the model looked when it decided to stop.
    """
    return Hypothesis(
        tokens=tokens[: length - int(finished)].tolist(),
        score=score,
        norm_score=score / length_penalty(length, alpha),
        attention=attention[:length, :src_len].clone(),
        finished=finished,
    )
