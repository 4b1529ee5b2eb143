"""Encoded corpora in flat memory: a ragged ``TokenArray`` per side, ``ParallelIds`` for a pair of them.

A million encoded pairs held as Python lists of lists cost gigabytes; here each side of a corpus is one
flat int32 array plus offsets, so workers and checkpoints only ever move small arrays and ints.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


class TokenArray:
    """Ragged array of token ids: sequence ``i`` is ``data[offsets[i]:offsets[i+1]]``.

    ``data`` is flat int32 (total_tokens,), ``offsets`` int64 (n + 1,).
    """

    def __init__(self, data: np.ndarray, offsets: np.ndarray) -> None:
        self.data = np.ascontiguousarray(data, dtype=np.int32)
        self.offsets = np.ascontiguousarray(offsets, dtype=np.int64)
        o = self.offsets
        if self.data.ndim != 1 or o.ndim != 1 or len(o) < 1 or o[0] != 0 \
                or o[-1] != len(self.data) or np.any(np.diff(o) < 0):
            raise ValueError("need 1-D data and non-decreasing offsets from 0 to len(data)")

    @classmethod
    def from_lists(cls, seqs: Sequence[Sequence[int]]) -> TokenArray:
        lengths = np.fromiter(map(len, seqs), dtype=np.int64, count=len(seqs))
        offsets = np.zeros(len(seqs) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        flat = itertools.chain.from_iterable(seqs)
        return cls(np.fromiter(flat, dtype=np.int32, count=int(offsets[-1])), offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, i: int) -> np.ndarray:
        """Returns a read-only view (len_i,) int32; copy it before modifying."""
        n, i = len(self), int(i)
        if not -n <= i < n:
            raise IndexError(f"index {i} out of range for {n} sequences")
        i %= n
        view = self.data[self.offsets[i] : self.offsets[i + 1]]
        view.flags.writeable = False
        return view

    def lengths(self) -> np.ndarray:
        """(n,) int64 token counts, without any BOS/EOS."""
        return np.diff(self.offsets)

    def take(self, indices: Sequence[int] | np.ndarray) -> TokenArray:
        # One fancy-index gather instead of a Python loop over sequences.
        idx = np.asarray(indices, dtype=np.int64).reshape(-1)
        lens = self.lengths()[idx]
        offsets = np.zeros(len(idx) + 1, dtype=np.int64)
        np.cumsum(lens, out=offsets[1:])
        shift = np.repeat(self.offsets[idx] - offsets[:-1], lens)
        return TokenArray(self.data[np.arange(offsets[-1]) + shift], offsets)

    @property
    def nbytes(self) -> int:
        return self.data.nbytes + self.offsets.nbytes

    def save(self, f) -> None:
        """Write to an open binary file (``rundir.atomic_write``); a file object keeps numpy from
        appending ".npz" to the name."""
        np.savez(f, data=self.data, offsets=self.offsets)

    @classmethod
    def load(cls, path) -> TokenArray:
        with np.load(path, allow_pickle=False) as z:
            return cls(z["data"], z["offsets"])


@dataclass
class ParallelIds:
    """Both sides of an encoded parallel corpus; pair ``i`` is ``(src[i], tgt[i])``."""

    src: TokenArray
    tgt: TokenArray

    def __post_init__(self) -> None:
        if len(self.src) != len(self.tgt):
            raise ValueError(f"src has {len(self.src)} sequences, tgt {len(self.tgt)}")

    def __len__(self) -> int:
        return len(self.src)

    def subset(self, indices: Sequence[int] | np.ndarray) -> ParallelIds:
        return ParallelIds(self.src.take(indices), self.tgt.take(indices))
