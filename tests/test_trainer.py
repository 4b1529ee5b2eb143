"""The Trainer's contract: a step never reads the host, results keep their keys on every way out."""
import os
import signal
from pathlib import Path

import pytest
import torch

from seq2seq.config import Config
from seq2seq.training.trainer import Trainer

CORPUS = Path(__file__).resolve().parents[1] / "data" / "bible-es-en"
RESULT_KEYS = {"stop_reason", "steps", "epochs", "best_step", "wall_seconds", "train_seconds", "train_tokens_per_sec",
               "skipped_steps", "device", "precision", "peak_rss_mb", "allocator", "parameters", "data", "dev", "test",
               "validations"}


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """One tokenizer/id cache for the module: each test then skips training sentencepiece."""
    return tmp_path_factory.mktemp("cache")


def tiny(cache_dir, **trainer) -> Config:
    cfg = Config()
    cfg.data.train, cfg.data.dev, cfg.data.test = (str(CORPUS / s) for s in ("train", "dev", "test"))
    cfg.data.limit_train, cfg.data.limit_eval = 600, 10
    cfg.tokenizer.vocab_size, cfg.tokenizer.cache_dir = 500, str(cache_dir)
    for k, v in dict(emb_size=16, enc_hidden=16, dec_hidden=32, attention_size=16, output_size=16).items():
        setattr(cfg.model, k, v)
    cfg.trainer.num_heatmaps, cfg.trainer.precision, cfg.trainer.beam_size = 1, "fp32", 1
    for k, v in trainer.items():
        setattr(cfg.trainer, k, v)
    return cfg


class HostReads:
    """Counts every way Python can pull a tensor's value to the host (each one a GPU stall on CUDA)."""

    NAMES = ("item", "tolist", "__float__", "__int__", "__bool__", "numpy", "__index__")

    def __init__(self, monkeypatch):
        self.count, self.active = 0, False
        for name in self.NAMES:
            real = getattr(torch.Tensor, name)

            def counted(t, *a, _real=real, **k):
                if self.active:
                    self.count += 1
                return _real(t, *a, **k)

            monkeypatch.setattr(torch.Tensor, name, counted)


def test_step_reads_nothing_and_the_host_reads_once_per_interval(tmp_path, cache, monkeypatch):
    trainer = Trainer(tiny(cache, max_steps=24, log_every=8, max_bad_steps=12, eval_every=24), tmp_path / "run")
    reads = HostReads(monkeypatch)
    real_step = trainer.step

    def watched(batch):
        reads.active = True
        try:
            return real_step(batch)
        finally:
            reads.active = False

    trainer.step = watched
    results = trainer.fit()
    assert results["steps"] == 24
    assert reads.count == 0
    # reads at steps 8, 16, 24 (log) and 12 (NaN guard), and one before the validation's checkpoint
    assert trainer.meter.reads == 5
    assert set(results) == RESULT_KEYS


def test_masked_update_leaves_weights_and_optimizer_untouched(tmp_path, cache):
    trainer = Trainer(tiny(cache, max_steps=2), tmp_path / "run")
    batch = next(iter(trainer.loader))
    trainer.step(batch)  # one good step so the optimizer has moments
    before = {k: v.clone() for k, v in trainer.model.state_dict().items()}
    moments = {k: v["exp_avg"].clone() for k, v in trainer.optimizer.state_dict()["state"].items()}
    real = trainer.model.batch_loss
    trainer.model.batch_loss = lambda *a: real(*a) * float("nan")
    stats = trainer.step(batch)
    assert not bool(stats.finite)
    for k, v in trainer.model.state_dict().items():
        assert torch.equal(v, before[k]), k
    for k, v in trainer.optimizer.state_dict()["state"].items():
        assert torch.equal(v["exp_avg"], moments[k]) and int(v["step"]) == 1


def test_sigterm_results_have_the_same_keys_and_no_test(tmp_path, cache):
    trainer = Trainer(tiny(cache, max_steps=50, eval_every=4), tmp_path / "run")
    real_step = trainer.step

    def step(batch):
        if trainer.progress.step == 5:
            os.kill(os.getpid(), signal.SIGTERM)
        return real_step(batch)

    trainer.step = step
    results = trainer.fit()
    assert set(results) == RESULT_KEYS
    assert results["stop_reason"] == "interrupted by SIGTERM" and results["test"] is None
    assert results["steps"] == 6
    saved = torch.load(tmp_path / "run" / "checkpoints" / "last.pt", weights_only=True)
    assert saved["progress"]["step"] == 6


def test_a_config_changed_in_code_is_checked(tmp_path, cache):
    from seq2seq.errors import ConfigError

    cfg = tiny(cache)
    cfg.trainer.log_every = 0
    with pytest.raises(ConfigError, match="trainer.log_every=0 must be positive"):
        Trainer(cfg, tmp_path / "run")
    assert not (tmp_path / "run").exists()
