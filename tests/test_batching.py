import numpy as np
import pytest

from seq2seq.rundir import atomic_write
import torch

from seq2seq.data.arrays import ParallelIds, TokenArray
from seq2seq.data.batching import (
    Batch,
    PairDataset,
    TokenBudgetBatchSampler,
    collate,
    make_loader,
    padding_efficiency,
)

PAD, BOS, EOS = 0, 1, 2


def synthetic_lengths(n=5000, seed=0):
    """Correlated src/tgt lengths in 1..120, like a real parallel corpus."""
    rng = np.random.default_rng(seed)
    src = rng.integers(1, 121, size=n)
    tgt = np.clip(src + rng.integers(-6, 7, size=n), 1, 120)
    return src, tgt


def random_ids(lengths, rng, vocab=50):
    return [rng.integers(3, vocab, size=int(n)).tolist() for n in lengths]


def make_sampler(**kw):
    src, tgt = synthetic_lengths()
    args = dict(max_tokens=2000, bucket_size_multiplier=10, seed=3)
    args.update(kw)
    return TokenBudgetBatchSampler(src, tgt, **args)


def epoch_batches(sampler, epoch):
    sampler.set_epoch(epoch)
    return list(sampler)


# ---------------------------------------------------------------- TokenArray


def test_token_array_round_trip(tmp_path):
    seqs = [[5, 6, 7], [], [9], list(range(3, 40))]
    arr = TokenArray.from_lists(seqs)
    assert len(arr) == 4
    assert [arr[i].tolist() for i in range(4)] == seqs
    assert arr[-1].tolist() == seqs[-1]
    assert arr.lengths().tolist() == [3, 0, 1, 37]
    assert arr.data.dtype == np.int32 and arr.data.ndim == 1 and arr.data.size == 41
    assert arr.offsets.dtype == np.int64 and arr.offsets.tolist()[:3] == [0, 3, 3]
    assert arr.nbytes == 41 * 4 + 5 * 8
    with pytest.raises(IndexError):
        arr[4]
    with pytest.raises(ValueError):  # views into shared storage must not be writable
        arr[0][0] = 1

    path = tmp_path / "side.npz"
    with atomic_write(path, "wb") as f:
        arr.save(f)
    assert path.exists()  # exact name, numpy must not append another suffix
    back = TokenArray.load(path)
    assert back.data.dtype == np.int32 and back.offsets.dtype == np.int64
    assert [back[i].tolist() for i in range(len(back))] == seqs
    with np.load(path, allow_pickle=False) as z:
        assert sorted(z.files) == ["data", "offsets"]


def test_token_array_rejects_bad_offsets():
    with pytest.raises(ValueError):
        TokenArray(np.arange(5), np.array([0, 3]))
    with pytest.raises(ValueError):
        TokenArray(np.arange(5), np.array([0, 4, 2, 5]))


def test_parallel_ids_subset_and_length_check():
    rng = np.random.default_rng(1)
    src_l, tgt_l = random_ids(rng.integers(0, 9, 30), rng), random_ids(rng.integers(0, 9, 30), rng)
    ids = ParallelIds(TokenArray.from_lists(src_l), TokenArray.from_lists(tgt_l))
    pick = [7, 0, 29, 7]
    sub = ids.subset(pick)
    assert len(sub) == 4
    assert [sub.src[k].tolist() for k in range(4)] == [src_l[i] for i in pick]
    assert [sub.tgt[k].tolist() for k in range(4)] == [tgt_l[i] for i in pick]
    with pytest.raises(ValueError):
        ParallelIds(TokenArray.from_lists(src_l), TokenArray.from_lists(tgt_l[:-1]))


# ------------------------------------------------------------------- sampler


@pytest.mark.parametrize("max_sentences", [None, 7])
def test_budget_and_coverage(max_sentences):
    src, tgt = synthetic_lengths()
    # a few pairs longer than the whole budget must still be emitted, alone
    src[:3] = 3000
    sampler = TokenBudgetBatchSampler(src, tgt, max_tokens=2000, max_sentences=max_sentences,
                                      bucket_size_multiplier=10)
    for epoch in (0, 1):
        batches = epoch_batches(sampler, epoch)
        assert len(batches) == len(sampler)
        flat = np.concatenate(batches)
        assert np.array_equal(np.sort(flat), np.arange(len(src)))
        for b in batches:
            assert all(isinstance(i, int) for i in b)
            longest = max(max(src[i], tgt[i]) for i in b)
            if len(b) > 1:
                assert len(b) * longest <= 2000
            if max_sentences:
                assert len(b) <= max_sentences
        assert all(len(b) == 1 for b in batches if 0 in b or 1 in b or 2 in b)


def test_determinism_and_variation():
    a0 = epoch_batches(make_sampler(), 0)
    assert a0 == epoch_batches(make_sampler(), 0)
    assert a0 != epoch_batches(make_sampler(), 1)
    assert a0 != epoch_batches(make_sampler(seed=4), 0)
    again = make_sampler()
    epoch_batches(again, 5)
    assert epoch_batches(again, 0) == a0  # no hidden state carried across epochs


def test_batch_order_is_shuffled():
    src, tgt = synthetic_lengths()
    batches = epoch_batches(make_sampler(), 0)
    longest = [max(max(src[i], tgt[i]) for i in b) for b in batches]
    descents = sum(a > b for a, b in zip(longest, longest[1:]))
    # sorted pools emitted in order would give one descent per pool (~15 here)
    assert descents > 0.3 * len(batches)


def test_new_epoch_after_partial_epoch_starts_at_zero():
    s = make_sampler()
    it = iter(s)
    next(it)
    next(it)
    assert epoch_batches(s, 1) == epoch_batches(make_sampler(), 1)


def test_no_shuffle_is_sorted_and_fixed():
    src, tgt = synthetic_lengths()
    s = make_sampler(shuffle=False)
    batches = epoch_batches(s, 0)
    assert batches == epoch_batches(s, 7)
    order = np.concatenate(batches)
    keys = list(zip(tgt[order], src[order]))
    assert keys == sorted(keys)


def test_padding_efficiency_beats_random():
    src, tgt = synthetic_lengths()
    sampler = make_sampler(bucket_size_multiplier=100)  # the default pooling
    batches = epoch_batches(sampler, 0)
    eff = padding_efficiency(batches, src, tgt)
    assert eff == pytest.approx(sampler.padding_efficiency())
    perm = np.random.default_rng(0).permutation(len(src))
    random_batches = np.array_split(perm, len(batches))
    baseline = padding_efficiency(random_batches, src, tgt)
    assert eff > 0.9 and baseline < 0.7, (eff, baseline)
    # hand-checked value: lengths (2,4) and (3,1) -> (2+3 + 4+1) / (2*3 + 2*4)
    hand = padding_efficiency([[0, 1]], np.array([2, 3]), np.array([4, 1]))
    assert hand == pytest.approx(10 / 14)


def test_resume_within_epoch():
    full = epoch_batches(make_sampler(), 2)
    k = 17
    s = make_sampler()
    s.set_epoch(2)
    it = iter(s)
    got = [next(it) for _ in range(k)]
    assert got == full[:k]
    state = s.state_dict()
    assert state == {"epoch": 2, "position": k, "seed": 3}
    assert all(type(v) is int for v in state.values())

    fresh = make_sampler(seed=99)  # seed comes from the checkpoint
    fresh.load_state_dict(state)
    fresh.set_epoch(2)  # a training loop re-announcing the epoch must not restart it
    assert list(fresh) == full[k:]
    assert fresh.state_dict()["position"] == 0
    assert epoch_batches(fresh, 3) == epoch_batches(make_sampler(), 3)


def test_resume_across_epoch_boundary():
    ref = make_sampler()
    e0, e1 = epoch_batches(ref, 0), epoch_batches(ref, 1)

    s = make_sampler()
    assert list(s) == e0  # epoch 0 without an explicit set_epoch
    assert s.state_dict()["position"] == 0
    s.set_epoch(1)
    it = iter(s)
    next(it)
    next(it)
    state = s.state_dict()
    assert state["epoch"] == 1 and state["position"] == 2

    fresh = make_sampler()
    fresh.load_state_dict(state)
    assert list(fresh) == e1[2:]
    assert epoch_batches(fresh, 2) == epoch_batches(ref, 2)

    # a checkpoint taken right after the last batch resumes into an empty rest
    s2 = make_sampler()
    it = iter(s2)
    for _ in range(len(e0)):
        next(it)
    done = make_sampler()
    done.load_state_dict(s2.state_dict())
    assert list(done) == []
    assert list(done) == e0  # then the epoch can be iterated again from the start


def test_position_beyond_epoch_is_an_error():
    s = make_sampler()
    s.load_state_dict({"epoch": 0, "position": len(s) + 1, "seed": 3})
    with pytest.raises(ValueError):
        list(s)


def test_checkpoint_round_trips_through_torch_save(tmp_path):
    s = make_sampler()
    it = iter(s)
    next(it)
    torch.save({"sampler": s.state_dict()}, tmp_path / "ck.pt")
    back = torch.load(tmp_path / "ck.pt", weights_only=True)
    assert back["sampler"] == s.state_dict()


@pytest.mark.parametrize("world_size", [2, 3, 4])
def test_rank_shards_cover_every_pair_once_in_equal_steps(world_size):
    src, tgt = synthetic_lengths()
    for epoch in range(3):
        shards = [epoch_batches(make_sampler(rank=r, world_size=world_size), epoch) for r in range(world_size)]
        counts = {len(sh) for sh in shards}
        assert len(counts) == 1  # the same number of steps on every rank: nobody waits in an all-reduce
        flat = np.concatenate([np.concatenate(sh) for sh in shards])
        assert np.array_equal(np.sort(flat), np.arange(len(src)))  # every pair once per epoch over all ranks
        # similar work per rank: padded target tokens within 10% of each other over an epoch of ~25 steps
        work = [sum(len(b) * (tgt[b].max() + 1) for b in sh) for sh in shards]
        assert max(work) / min(work) < 1.10
        # every batch but the halved ones keeps the single-process budget
        for sh in shards:
            for b in sh:
                assert len(b) == 1 or len(b) * (np.maximum(src, tgt)[b].max()) <= 2000


def test_two_ranks_take_in_pairs_the_batches_one_process_takes():
    """The basis of the DDP equivalence: step k of ranks 0 and 1 = batches 2k and 2k+1 of one process."""
    single = epoch_batches(make_sampler(), 1)
    ranks = [epoch_batches(make_sampler(rank=r, world_size=2), 1) for r in range(2)]
    unsplit = len(single) - 1 if len(single) % 2 else len(single)  # an odd count halves the last batch
    for k in range(unsplit // 2):
        assert np.array_equal(ranks[0][k], single[2 * k]) and np.array_equal(ranks[1][k], single[2 * k + 1])


def test_index_maps_batches_to_corpus_positions():
    src, tgt = synthetic_lengths(n=500)
    index = np.arange(0, 1000, 2)  # e.g. the pairs within max_len of a corpus twice this size
    plain = epoch_batches(TokenBudgetBatchSampler(src, tgt, max_tokens=2000, seed=3), 0)
    mapped = epoch_batches(TokenBudgetBatchSampler(src, tgt, max_tokens=2000, seed=3, index=index), 0)
    assert [list(index[np.asarray(b)]) for b in plain] == [list(b) for b in mapped]


def test_more_ranks_than_pairs_is_an_error():
    with pytest.raises(ValueError, match="cannot be shared by 4 ranks"):
        TokenBudgetBatchSampler(np.ones(3), np.ones(3), max_tokens=10, rank=0, world_size=4)


def test_for_ids_budgets_collated_tensor_size():
    rng = np.random.default_rng(5)
    lens = rng.integers(0, 30, 400)
    ids = ParallelIds(TokenArray.from_lists(random_ids(lens, rng)),
                      TokenArray.from_lists(random_ids(lens[::-1], rng)))
    sampler = TokenBudgetBatchSampler.for_ids(ids, max_tokens=200, seed=1)
    for b in sampler:
        batch = collate([PairDataset(ids)[i] for i in b], PAD, BOS, EOS)
        if len(b) > 1:
            assert max(batch.src.numel(), batch.tgt_in.numel()) <= 200


def test_invalid_sampler_args():
    src, tgt = synthetic_lengths(10)
    with pytest.raises(ValueError):
        TokenBudgetBatchSampler(src, tgt[:-1], max_tokens=100)
    with pytest.raises(ValueError):
        TokenBudgetBatchSampler(src, tgt, max_tokens=0)
    with pytest.raises(ValueError):
        TokenBudgetBatchSampler(src, tgt, max_tokens=100, rank=2, world_size=2)


# ------------------------------------------------------------------- collate


def test_collate_layout():
    pairs = [
        (10, np.array([5, 6, 7], np.int32), np.array([8], np.int32)),
        (3, np.array([9], np.int32), np.array([11, 12, 13, 14], np.int32)),
        (7, np.array([], np.int32), np.array([], np.int32)),
    ]
    b = collate(pairs, PAD, BOS, EOS)
    assert isinstance(b, Batch) and len(b) == 3
    for t in (b.src, b.src_len, b.tgt_in, b.tgt_out, b.tgt_len, b.indices):
        assert t.dtype == torch.long
    assert b.src.tolist() == [[5, 6, 7, EOS], [9, EOS, PAD, PAD], [EOS, PAD, PAD, PAD]]
    assert b.src_len.tolist() == [4, 2, 1]
    assert b.tgt_in.tolist() == [[BOS, 8, PAD, PAD, PAD], [BOS, 11, 12, 13, 14],
                                 [BOS, PAD, PAD, PAD, PAD]]
    assert b.tgt_out.tolist() == [[8, EOS, PAD, PAD, PAD], [11, 12, 13, 14, EOS],
                                  [EOS, PAD, PAD, PAD, PAD]]
    assert b.tgt_len.tolist() == [2, 5, 1]
    assert b.indices.tolist() == [10, 3, 7]
    assert b.ntokens == 8


def test_collate_random_against_reference():
    rng = np.random.default_rng(2)
    pairs = [(i, rng.integers(3, 99, rng.integers(0, 15)).astype(np.int32),
              rng.integers(3, 99, rng.integers(0, 15)).astype(np.int32)) for i in range(40)]
    b = collate(pairs, PAD, BOS, EOS)
    S, T = max(len(p[1]) for p in pairs) + 1, max(len(p[2]) for p in pairs) + 1
    assert b.src.shape == (40, S) and b.tgt_in.shape == (40, T) == b.tgt_out.shape
    for row, (_, s, t) in enumerate(pairs):
        assert b.src[row].tolist() == s.tolist() + [EOS] + [PAD] * (S - len(s) - 1)
        assert b.tgt_in[row].tolist() == [BOS] + t.tolist() + [PAD] * (T - len(t) - 1)
        assert b.tgt_out[row].tolist() == t.tolist() + [EOS] + [PAD] * (T - len(t) - 1)
    assert b.ntokens == int((b.tgt_out != PAD).sum()) == sum(len(p[2]) + 1 for p in pairs)
    assert torch.equal(b.src_len, (b.src != PAD).sum(1))


def test_batch_to_keeps_type():
    b = collate([(0, np.array([4], np.int32), np.array([5], np.int32))], PAD, BOS, EOS)
    moved = b.to("cpu")
    assert isinstance(moved, Batch) and moved.ntokens == b.ntokens
    assert torch.equal(moved.tgt_out, b.tgt_out)


def test_batch_pin_memory_pins_every_tensor(monkeypatch):
    """DataLoader(pin_memory=True) calls Batch.pin_memory: every tensor field is pinned, the rest kept.

    Pinning needs an accelerator, so Tensor.pin_memory is replaced by a stand-in that records its
    inputs and returns a marked copy (test_batch_pin_memory checks real pinning on CUDA)."""
    b = collate([(0, np.array([4, 6], np.int32), np.array([5], np.int32)),
                 (1, np.array([7], np.int32), np.array([8, 9, 10], np.int32))], PAD, BOS, EOS)
    seen, pinned = [], set()

    def fake_pin(self, *args, **kwargs):
        seen.append(self)
        out = self.clone()
        pinned.add(out.data_ptr())
        return out

    monkeypatch.setattr(torch.Tensor, "pin_memory", fake_pin)
    p = b.pin_memory()
    monkeypatch.undo()
    fields = ("src", "src_len", "tgt_in", "tgt_out", "tgt_len", "indices")
    assert isinstance(p, Batch) and p.ntokens == b.ntokens == 6
    assert sorted(id(t) for t in seen) == sorted(id(getattr(b, f)) for f in fields)  # each field once
    for f in fields:
        assert getattr(p, f).data_ptr() in pinned, f  # the pinned copy, not the original
        assert torch.equal(getattr(p, f), getattr(b, f)), f


@pytest.mark.skipif(not torch.cuda.is_available(), reason="pinning needs CUDA")
def test_batch_pin_memory():
    b = collate([(0, np.array([4], np.int32), np.array([5], np.int32))], PAD, BOS, EOS)
    pinned = b.pin_memory()
    assert isinstance(pinned, Batch) and pinned.src.is_pinned()
    assert pinned.to("cuda", non_blocking=True).src.is_cuda


# -------------------------------------------------------------------- loader


def corpus(n=600, seed=0):
    rng = np.random.default_rng(seed)
    src_l = rng.integers(0, 40, n)
    tgt_l = np.clip(src_l + rng.integers(-3, 4, n), 0, None)
    src, tgt = random_ids(src_l, rng), random_ids(tgt_l, rng)
    return ParallelIds(TokenArray.from_lists(src), TokenArray.from_lists(tgt)), src, tgt


@pytest.mark.parametrize("num_workers", [0, 2])
def test_make_loader_yields_batches(num_workers):
    ids, src, tgt = corpus()
    sampler = TokenBudgetBatchSampler.for_ids(ids, max_tokens=300, seed=0)
    loader = make_loader(ids, sampler, PAD, BOS, EOS, num_workers=num_workers)
    seen = []
    for batch in loader:
        assert isinstance(batch, Batch)
        for row, i in enumerate(batch.indices.tolist()):
            n = len(src[i])
            assert batch.src[row, :n].tolist() == src[i]
            assert batch.tgt_out[row, : len(tgt[i])].tolist() == tgt[i]
        seen += batch.indices.tolist()
    assert sorted(seen) == list(range(len(src)))


def test_resume_with_workers_using_consumed_count():
    """Workers prefetch index lists, so the trainer records what it consumed."""
    ids, _, _ = corpus()
    ref = TokenBudgetBatchSampler.for_ids(ids, max_tokens=300, seed=0)
    expected = [b.indices.tolist() for b in make_loader(ids, ref, PAD, BOS, EOS)]

    sampler = TokenBudgetBatchSampler.for_ids(ids, max_tokens=300, seed=0)
    loader = make_loader(ids, sampler, PAD, BOS, EOS, num_workers=2)
    consumed = 0
    for _ in loader:
        consumed += 1
        if consumed == 5:
            break
    state = {**sampler.state_dict(), "position": consumed}
    resumed = TokenBudgetBatchSampler.for_ids(ids, max_tokens=300, seed=0)
    resumed.load_state_dict(state)
    rest = [b.indices.tolist() for b in make_loader(ids, resumed, PAD, BOS, EOS, num_workers=2)]
    assert rest == expected[5:]
