"""Subword regularisation (trainer.subword_sampling): sampled segmentations, fresh each epoch, resumable."""
import numpy as np
import pytest
import sentencepiece as spm
import torch

from seq2seq import checkpoint
from seq2seq.config import Config, TrainerConfig, check
from seq2seq.data.arrays import ParallelIds, TokenArray
from seq2seq.data.subword_draws import SubwordDrawer, SubwordDrawSpec, draw_epoch
from seq2seq.errors import ConfigError
from seq2seq.training.trainer import Trainer
from test_trainer import tiny


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def prepared(cache, tmp_path_factory):
    """A tiny run's tokenizer and best-segmentation training ids (the real bundled corpus)."""
    trainer = Trainer(tiny(cache, max_steps=1), tmp_path_factory.mktemp("run") / "run")
    return trainer.tok, trainer.data.train


def spec_of(tok, **kw):
    return SubwordDrawSpec(str(tok.src_model_path), str(tok.tgt_model_path), kw.get("alpha", 0.2), kw.get("nbest", 16),
                           kw.get("seed", 7))


def rows(arr, n=None):
    return [arr[i].tolist() for i in range(n or len(arr))]


def test_a_draw_keeps_the_text_changes_the_pieces_and_repeats_per_seed_and_epoch(prepared):
    tok, ids = prepared
    sp = spm.SentencePieceProcessor(model_file=str(tok.tgt_model_path))
    best = ParallelIds(ids.src.take(np.arange(200)), ids.tgt.take(np.arange(200)))
    spec = spec_of(tok)
    e0, e0_again, e1 = draw_epoch(spec, best, 0), draw_epoch(spec, best, 0), draw_epoch(spec, best, 1)
    for side in ("src", "tgt"):
        b, s0 = getattr(best, side), getattr(e0, side)
        # the same sentence, cut differently: decoding a draw gives back the text of the best segmentation
        assert [sp.decode(r) for r in rows(s0)] == [sp.decode(r) for r in rows(b)]
        changed = sum(x != y for x, y in zip(rows(s0), rows(b)))
        assert changed > 100, changed
        assert s0.lengths().sum() > b.lengths().sum()  # sampling takes shorter, rarer pieces on average
        assert rows(s0) == rows(getattr(e0_again, side))  # (seed, epoch) decides the draw
        assert sum(x != y for x, y in zip(rows(s0), rows(getattr(e1, side)))) > 100  # a new epoch, a new draw
    other_seed = draw_epoch(spec_of(tok, seed=8), best, 0)
    assert rows(other_seed.tgt) != rows(e0.tgt)
    assert all(len(r) for r in rows(e0.src)) and not any(len(r) == 0 for r in rows(e0.tgt))


def test_the_worker_draws_what_the_function_draws(prepared):
    tok, ids = prepared
    small = ParallelIds(TokenArray.from_lists(rows(ids.src, 50)), TokenArray.from_lists(rows(ids.tgt, 50)))
    spec = spec_of(tok, alpha=0.3, nbest=8)
    worker = SubwordDrawer(spec, small)
    try:
        for epoch in (0, 1, 3):
            got = worker.get(epoch)
            ref = draw_epoch(spec, small, epoch)
            assert rows(got.src) == rows(ref.src) and rows(got.tgt) == rows(ref.tgt)
    finally:
        worker.close()


@pytest.mark.slow  # keeps the default suite under 5 minutes; CI runs it with -m slow
def test_training_sees_a_new_segmentation_each_epoch_and_resumes_bit_identically(tmp_path, cache):
    common = dict(subword_sampling=True, eval_every=50, deterministic=True, num_threads=1)
    trainer = Trainer(tiny(cache, max_steps=1, **common), tmp_path / "peek")
    seen = {}
    for epoch in (0, 1):
        trainer._segment_epoch(epoch)
        seen[epoch] = {int(i): s.tolist() for b in trainer.loader for i, s in zip(b.indices, b.tgt_out)}
    trainer.subword_drawer.close()
    common_pairs = sorted(set(seen[0]) & set(seen[1]))
    assert common_pairs and sum(seen[0][i] != seen[1][i] for i in common_pairs) > len(common_pairs) // 2
    best_tgt = trainer.data.train.tgt
    assert any(np.trim_zeros(np.array(seen[0][i]))[:-1].tolist() != best_tgt[i].tolist() for i in common_pairs)

    per_epoch = len(trainer.sampler)
    total, cut = per_epoch + 6, per_epoch + 2  # the cut falls inside the second epoch
    Trainer(tiny(cache, max_steps=total, **common), tmp_path / "whole").fit()
    Trainer(tiny(cache, max_steps=cut, **common), tmp_path / "cut").fit()
    Trainer(tiny(cache, max_steps=total, resume="auto", **common), tmp_path / "cut").fit()
    whole, resumed = (checkpoint.load(tmp_path / r / "checkpoints" / "last.pt") for r in ("whole", "cut"))
    assert resumed["progress"]["step"] == total and resumed["progress"]["epoch"] == 1
    for k, v in whole["model"].items():
        assert torch.equal(v, resumed["model"][k]), k


@pytest.mark.parametrize("field,value,needle", [("subword_alpha", 0.0, "trainer.subword_alpha"),
                                                ("subword_nbest", 1, "trainer.subword_nbest")])
def test_bad_sampling_settings_are_refused(field, value, needle):
    with pytest.raises(ConfigError, match=needle):
        TrainerConfig(**{field: value})


def test_sampling_with_a_bpe_tokenizer_is_refused_in_one_line():
    cfg = Config()
    cfg.trainer.subword_sampling, cfg.tokenizer.type = True, "bpe"
    with pytest.raises(ConfigError, match="trainer.subword_sampling=true needs tokenizer.type=unigram"):
        check(cfg)
