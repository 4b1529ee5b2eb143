"""Token-budget batching and collation over the flat id arrays of ``arrays.py``.

Batches are index lists over the arrays, so workers and checkpoints only ever move small arrays and ints.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, Sampler

from seq2seq.data.arrays import ParallelIds
from seq2seq.data.buckets import split_batches

def _divisible(batches: list[np.ndarray], world_size: int) -> list[np.ndarray]:
    """Halve the last splittable batches until ``world_size`` divides their number (see the sampler)."""
    batches = list(batches)
    k = len(batches) - 1
    while len(batches) % world_size and k >= 0:
        if len(batches[k]) >= 2:
            half = len(batches[k]) // 2
            batches[k : k + 1] = [batches[k][:half], batches[k][half:]]
        else:
            k -= 1
    if len(batches) % world_size:
        raise ValueError(f"cannot share {len(batches)} batches evenly among {world_size} ranks")
    return batches


def padding_efficiency(batches: Sequence[Sequence[int]], src_lengths: np.ndarray,
                       tgt_lengths: np.ndarray) -> float:
    """Real tokens / padded tensor cells, summed over both sides and all batches.

    1.0 means no padding; each side of a batch costs ``B * max_len`` cells.
    """
    real = padded = 0
    for lengths in (np.asarray(src_lengths), np.asarray(tgt_lengths)):
        for b in batches:
            lens = lengths[np.asarray(b, dtype=np.int64)]
            real += int(lens.sum())
            padded += len(lens) * int(lens.max(initial=0))
    return real / padded if padded else 1.0


class TokenBudgetBatchSampler(Sampler[list[int]]):
    """Length-bucketed batches of corpus indices under a padded-token budget.

    A "sampler" by torch's protocol only (``DataLoader(batch_sampler=...)`` takes it): it draws no random
    sample of the corpus, it orders all of it and cuts it into batches.

    Budget: B pairs fit while ``B * max(max_src_len, max_tgt_len) <= max_tokens``, the padded size of the
    larger side with the lengths given (``for_ids`` gives the collated ones); one pair over budget is a
    batch of its own.

    shuffle=True, per epoch: permute with a generator seeded by (seed, epoch), sort pools of about
    ``bucket_size_multiplier`` batches by (tgt_len, src_len), cut them, shuffle the batch order: pools keep
    randomness while sorting keeps padding low. shuffle=False: one stable length sort, no randomness
    (dev/test; ``Batch.indices`` restores corpus order). The number of batches may vary between epochs.

    Sharding: every rank builds the same batch list and rank r takes batches r, r + world_size, ... The
    last batches of two or more pairs are halved until world_size divides their count, so every pair is
    trained on once per epoch and every rank takes the same number of steps (none waits in an all-reduce
    that another has left). The batches before the halved ones are those a single process would take.

    ``index``: the corpus positions the lengths belong to (e.g. the pairs within ``data.max_len`` of a
    memory-mapped corpus); batches then hold those positions.

    Resume: ``position`` counts batches handed out this epoch on this rank. DataLoader workers pull
    ``prefetch_factor * num_workers`` batches ahead, so checkpoint ``{**state_dict(), "position":
    batches_consumed}`` with workers. ``set_epoch`` with the current epoch keeps the position (so calling
    it after ``load_state_dict`` resumes); a new epoch resets it to 0.
    """

    def __init__(self, src_lengths: np.ndarray, tgt_lengths: np.ndarray, max_tokens: int,
                 max_sentences: int | None = None, shuffle: bool = True, seed: int = 0,
                 bucket_size_multiplier: int = 100, rank: int = 0, world_size: int = 1,
                 index: np.ndarray | None = None) -> None:
        # int32 throughout: four arrays of the corpus's length are the sampler's whole memory.
        src = np.asarray(src_lengths, dtype=np.int32)
        tgt = np.asarray(tgt_lengths, dtype=np.int32)
        if src.ndim != 1 or src.shape != tgt.shape:
            raise ValueError(f"length arrays must be 1-D and equal: {src.shape} vs {tgt.shape}")
        if (len(src) and min(src.min(), tgt.min()) < 0) or max_tokens < 1 \
                or (max_sentences is not None and max_sentences < 1) or seed < 0 \
                or bucket_size_multiplier < 1 or not 0 <= rank < world_size:
            raise ValueError("need lengths >= 0, max_tokens, max_sentences, bucket_size_multiplier"
                             " >= 1, seed >= 0 and 0 <= rank < world_size")
        if index is not None and (np.shape(index) != src.shape
                                  or not np.issubdtype(np.asarray(index).dtype, np.integer)):
            raise ValueError(f"index {np.shape(index)} must be integers matching the lengths {src.shape}")
        if world_size > 1 and len(src) < world_size:
            raise ValueError(f"{len(src)} training pairs cannot be shared by {world_size} ranks")
        self.src_lengths, self.tgt_lengths = src, tgt
        self.index = None if index is None else np.asarray(index)  # the caller's integer type (int32 from prepare_data)
        self.longest = np.maximum(src, tgt)
        self.max_tokens, self.max_sentences = int(max_tokens), max_sentences
        self.shuffle, self.seed = shuffle, int(seed)
        self.rank, self.world_size = int(rank), int(world_size)
        # Pool of ~bucket_size_multiplier batches of average-length pairs.
        mean_len = max(1.0, float(self.longest.mean())) if len(src) else 1.0
        per_batch = min(max(1, int(max_tokens // mean_len)), max_sentences or max_tokens)
        self.pool_size = per_batch * int(bucket_size_multiplier)
        self.epoch, self.position = 0, 0
        self._cache: tuple[tuple[int, int], list[np.ndarray]] | None = None

    @classmethod
    def for_ids(cls, ids: ParallelIds, max_tokens: int, index: np.ndarray | None = None,
                **kwargs) -> TokenBudgetBatchSampler:
        """Budget against collated sizes: src + EOS and BOS/EOS + tgt are len + 1.

        ``index``: train on these positions of ``ids`` only (None: all pairs).
        """
        src, tgt = ids.src.lengths(), ids.tgt.lengths()
        if index is not None:
            src, tgt = src[index], tgt[index]
        return cls(src + 1, tgt + 1, max_tokens, index=index, **kwargs)

    def _all_batches(self) -> list[np.ndarray]:
        """Every rank's batches for the current epoch, identical on all ranks, as positions in the
        lengths arrays (``__iter__`` turns them into corpus positions through ``index``)."""
        key = (self.seed, self.epoch if self.shuffle else -1)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        src, tgt = self.src_lengths, self.tgt_lengths
        if not self.shuffle:
            order = np.lexsort((src, tgt))  # stable: ties keep corpus order
            batches = split_batches(order, self.longest, self.max_tokens, self.max_sentences)
        else:
            seq = np.random.SeedSequence([self.seed, self.epoch])
            rng = np.random.Generator(np.random.PCG64(seq))
            perm, batches = rng.permutation(len(src)), []
            for start in range(0, len(perm), self.pool_size):
                pool = perm[start : start + self.pool_size]
                pool = pool[np.lexsort((src[pool], tgt[pool]))]
                batches += split_batches(pool, self.longest, self.max_tokens, self.max_sentences)
            batches = [batches[i] for i in rng.permutation(len(batches))]
        batches = _divisible(batches, self.world_size)
        self._cache = (key, batches)
        return batches

    def set_lengths(self, src_lengths: np.ndarray, tgt_lengths: np.ndarray) -> None:
        """New per-pair sizes (as given to ``__init__``) for the batches of this epoch on: subword sampling
        re-segments the corpus every epoch. The position is kept, so call it before iterating a resumed
        epoch with that epoch's sizes."""
        src, tgt = np.asarray(src_lengths, dtype=np.int32), np.asarray(tgt_lengths, dtype=np.int32)
        if src.shape != self.src_lengths.shape or tgt.shape != src.shape:
            raise ValueError(f"new lengths {src.shape}/{tgt.shape} must match {self.src_lengths.shape}")
        self.src_lengths, self.tgt_lengths, self.longest = src, tgt, np.maximum(src, tgt)
        self._cache = None

    def _rank_batches(self) -> list[np.ndarray]:
        return self._all_batches()[self.rank :: self.world_size]

    def set_epoch(self, epoch: int) -> None:
        if int(epoch) != self.epoch:
            self.epoch, self.position = int(epoch), 0

    def __iter__(self) -> Iterator[list[int]]:
        batches = self._rank_batches()
        if self.position > len(batches):
            raise ValueError(f"resume position {self.position} beyond {len(batches)} batches; "
                             "were lengths, budget or world_size changed?")
        for batch in batches[self.position :]:
            self.position += 1  # before yielding: a checkpoint after batch k says k done
            yield (batch if self.index is None else self.index[batch]).tolist()
        self.position = 0

    def __len__(self) -> int:
        """Batches of the current epoch on this rank (including any already yielded)."""
        return len(self._rank_batches())

    def padding_efficiency(self) -> float:
        """``padding_efficiency`` of this rank's batches for the current epoch."""
        return padding_efficiency(self._rank_batches(), self.src_lengths, self.tgt_lengths)

    def state_dict(self) -> dict[str, int]:
        return {"epoch": self.epoch, "position": self.position, "seed": self.seed}

    def load_state_dict(self, state: dict[str, int]) -> None:
        keys = ("epoch", "position", "seed")
        self.epoch, self.position, self.seed = (int(state[k]) for k in keys)


@dataclass
class Batch:
    """Padded tensors for one batch; rows follow the sampler's order, not sorted.

    src (B, S): ids + EOS, so the encoder sees an explicit end of sentence.
    tgt_in (B, T): BOS + ids (teacher-forcing input); tgt_out (B, T): ids + EOS
    (prediction targets); T = max target length + 1. Padding is ``pad_id``.
    src_len, tgt_len (B,): unpadded lengths including the added EOS / BOS.
    indices (B,): corpus positions, to put translations back in corpus order.
    ntokens: non-pad cells of ``tgt_out`` (for per-token loss normalisation).
    """

    src: torch.Tensor
    src_len: torch.Tensor
    tgt_in: torch.Tensor
    tgt_out: torch.Tensor
    tgt_len: torch.Tensor
    indices: torch.Tensor
    ntokens: int

    def __len__(self) -> int:
        return self.src.shape[0]

    def _map(self, fn) -> Batch:
        changes = {f.name: fn(getattr(self, f.name)) for f in dataclasses.fields(self)
                   if isinstance(getattr(self, f.name), torch.Tensor)}
        return dataclasses.replace(self, **changes)

    def to(self, device: torch.device | str, non_blocking: bool = False) -> Batch:
        return self._map(lambda t: t.to(device, non_blocking=non_blocking))

    def pin_memory(self) -> Batch:
        """Called by DataLoader(pin_memory=True), which does not know this type."""
        return self._map(lambda t: t.pin_memory())


def _pad(seqs: list[np.ndarray], width: int, pad_id: int, offset: int) -> np.ndarray:
    """(B, width) int64 with seq k at columns offset .. offset+len-1, pad elsewhere."""
    out = np.full((len(seqs), width), pad_id, dtype=np.int64)
    lens = np.fromiter(map(len, seqs), dtype=np.int64, count=len(seqs))
    cols = np.arange(width)
    mask = (cols >= offset) & (cols < (lens + offset)[:, None])
    out[mask] = np.concatenate(seqs)  # row-major mask order matches concat order
    return out


def collate(batch_pairs: Sequence[tuple[int, np.ndarray, np.ndarray]], pad_id: int,
            bos_id: int, eos_id: int) -> Batch:
    """Pads ``(index, src_ids, tgt_ids)`` triples into a ``Batch``."""
    if not batch_pairs:
        raise ValueError("cannot collate an empty batch")
    idx, srcs, tgts = zip(*batch_pairs)
    src_len = np.fromiter(map(len, srcs), dtype=np.int64, count=len(srcs)) + 1
    tgt_len = np.fromiter(map(len, tgts), dtype=np.int64, count=len(tgts)) + 1
    rows = np.arange(len(srcs))
    src = _pad(list(srcs), int(src_len.max()), pad_id, 0)
    src[rows, src_len - 1] = eos_id
    width = int(tgt_len.max())
    tgt_in = _pad(list(tgts), width, pad_id, 1)
    tgt_in[:, 0] = bos_id
    tgt_out = _pad(list(tgts), width, pad_id, 0)
    tgt_out[rows, tgt_len - 1] = eos_id
    return Batch(src=torch.from_numpy(src), src_len=torch.from_numpy(src_len),
                 tgt_in=torch.from_numpy(tgt_in), tgt_out=torch.from_numpy(tgt_out),
                 tgt_len=torch.from_numpy(tgt_len),
                 indices=torch.tensor(idx, dtype=torch.long), ntokens=int(tgt_len.sum()))


class PairDataset(Dataset):
    """Map-style view of ``ParallelIds`` yielding ``(index, src_ids, tgt_ids)``."""

    def __init__(self, ids: ParallelIds) -> None:
        self.ids = ids

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, i: int) -> tuple[int, np.ndarray, np.ndarray]:
        return int(i), self.ids.src[i], self.ids.tgt[i]


def make_loader(ids: ParallelIds, sampler: Sampler[list[int]], pad_id: int, bos_id: int,
                eos_id: int, num_workers: int = 0, pin_memory: bool = False) -> DataLoader:
    """DataLoader yielding ``Batch``; the partial over a module-level function pickles."""
    fn = functools.partial(collate, pad_id=pad_id, bos_id=bos_id, eos_id=eos_id)
    # A private generator: DataLoader draws a base seed from the global torch RNG each time an epoch's
    # iterator starts, which would shift the dropout masks of a resumed run against an uninterrupted one.
    return DataLoader(PairDataset(ids), batch_sampler=sampler, collate_fn=fn,
                      num_workers=num_workers, pin_memory=pin_memory, generator=torch.Generator().manual_seed(0))
