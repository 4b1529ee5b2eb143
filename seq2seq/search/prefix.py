"""Prefix-constrained decoding, the part both backends share (no torch).

A target prefix (interactive MT: the start of a translation a user typed) is forced: at step ``t`` below
its length the prefix's piece ``t`` is fed and scored (its log-prob counts in the hypothesis's score) and
nothing else may be chosen; the search goes on freely from there. Each loop asks ``forced_at`` which token
is forced at its step for each of its rows and overrides its ranking with ``force_rank``: the loops differ
only in how they get the forced piece's log-prob (a gather in torch, a log-prob output on ONNX Runtime).

A batch whose prefixes are all empty is given no prefix array at all, so it decodes through exactly the
code (and arithmetic) of plain decoding.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

import numpy as np

from seq2seq.errors import ConfigError
from seq2seq.search.options import SearchOptions, output_limit

FREE = -1  # no forced token at this step


def prefix_array(prefixes: Sequence[np.ndarray]) -> Optional[np.ndarray]:
    """(B, P) int64, row i the ids of prefix i then ``FREE``; None when every prefix is empty (plain decoding)."""
    P = max((len(p) for p in prefixes), default=0)
    if P == 0:
        return None
    out = np.full((len(prefixes), P), FREE, dtype=np.int64)
    for i, p in enumerate(prefixes):
        out[i, : len(p)] = p
    return out


def forced_at(prefix, rows, t: int):
    """(b,) token forced at step ``t`` for each of ``rows`` (b,) (original batch rows), ``FREE`` where the
    search is free; None past the longest prefix (the loop then skips the override: plain decoding).

    prefix: ``prefix_array``'s (B, P), as a numpy array or a tensor on the loop's device (no host sync).
    """
    if prefix is None or t >= prefix.shape[1]:
        return None
    return prefix[rows, t]


def force_rank(where: Callable, top_val, top_idx, forced, forced_lp, first):
    """A ranking overridden where a token is forced: the forced sentence keeps one candidate, extension
    ``forced`` of beam 0 (``top_idx`` = beam * V + token, so the token itself) scored ``forced_lp`` (its
    beam's score plus the piece's log-prob), the rest ``-inf``; free sentences keep theirs.

    top_val (b, 2k) float32, top_idx (b, 2k) int64, forced (b,) (``FREE`` where free), forced_lp (b,),
    first (1, 2k) bool, True in column 0. ``where`` is ``torch.where`` or ``np.where``: the same rule serves
    tensors and numpy arrays. Only beam 0 is live while a prefix is forced (the search starts from one
    beam), so the forced extension's beam is always 0.
    """
    on = (forced != FREE)[:, None]
    val = where(on, where(first, forced_lp[:, None], float("-inf")), top_val)
    idx = where(on & first, forced[:, None], top_idx)
    return val.astype(top_val.dtype) if isinstance(val, np.ndarray) else val, idx


def check_prefixes(prefixes: Sequence[np.ndarray], src_lengths: Sequence[int], opts: SearchOptions,
                   eos_id: int) -> None:
    """Refuse, in one line, a prefix longer than its sentence's output limit (``output_limit`` of the source
    length, cut at ``opts.max_src_len`` as the search cuts it, + EOS) or holding EOS: the forced part would
    not fit, or would end the output early."""
    for p, n in zip(prefixes, src_lengths):
        if len(p) == 0:
            continue
        limit = output_limit(min(int(n), opts.max_src_len) + 1, opts.max_len_a, opts.max_len_b)
        if len(p) > limit:
            raise ConfigError(f"a prefix of {len(p)} pieces is longer than the {limit} its source line "
                              "allows (max_len_a * source pieces + max_len_b); shorten it or raise max_len_b")
        if (np.asarray(p) == eos_id).any():
            raise ConfigError("a prefix holds the end-of-sentence piece; leave it out")
