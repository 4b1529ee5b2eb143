"""Length-bucketed batches under a padded-token budget, in numpy (no torch).

The training sampler (``batching.TokenBudgetBatchSampler``) and every set translation
(``seq2seq.search.translate_set``, on PyTorch and on ONNX Runtime) cut their batches here.
"""

from __future__ import annotations

import numpy as np


def split_batches(order: np.ndarray, longest: np.ndarray, max_tokens: int,
                  max_sentences: int | None) -> list[np.ndarray]:
    """Cut ``order`` (positions, in the order they are batched) into consecutive batches.

    A batch of B positions is allowed while ``B * max(longest[p] for p in it) <= max_tokens`` and
    ``B <= max_sentences`` (None: no cap); one position over budget forms its own batch.
    """
    cap = max_sentences or len(order) + 1
    batches, start, cur = [], 0, 0
    for k, length in enumerate(longest[order].tolist()):
        size, m = k - start, max(cur, length)
        if size and ((size + 1) * m > max_tokens or size >= cap):
            batches.append(order[start:k])
            start, m = k, length
        cur = m
    if start < len(order):
        batches.append(order[start:])
    return batches


def length_sorted_batches(sizes: np.ndarray, max_tokens: int) -> list[np.ndarray]:
    """Positions of ``sizes`` ((n,) padded size of each item) sorted by size (ties keep their order),
    cut into batches under ``max_tokens``: the batches of a set translation."""
    sizes = np.asarray(sizes)
    return split_batches(np.argsort(sizes, kind="stable"), sizes, max_tokens, None)
