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
               "validations", "processes"}


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


def test_accumulated_step_is_one_update_on_the_union_of_the_batches(tmp_path, cache):
    """accum_steps: the gradient of the summed loss over all batches / all their target pieces, computed
    here independently (one backward of the summed loss, clipping and AdamW by hand)."""
    cfg = tiny(cache, max_steps=2, accum_steps=2)
    cfg.model.dropout = 0.0
    trainer = Trainer(cfg, tmp_path / "run")
    it = iter(trainer.loader)
    batches = [next(it), next(it)]
    start = {k: v.clone() for k, v in trainer.model.state_dict().items()}
    lr = trainer.schedule.lr(1)
    trainer.step(batches)

    ref = Trainer(cfg, tmp_path / "ref").model
    ref.load_state_dict(start)
    total = sum(b.ntokens for b in batches)
    loss = sum(ref.batch_loss(b, cfg.optim.label_smoothing) for b in batches) / total
    loss.backward()
    params = [p for p in ref.parameters()]
    norm = torch.sqrt(sum((p.grad.double() ** 2).sum() for p in params))
    scale = min(1.0, cfg.optim.clip_norm / (float(norm) + 1e-6))
    b1, b2 = cfg.optim.betas
    with torch.no_grad():
        for p in params:  # AdamW's first step: m = (1-b1) g, v = (1-b2) g^2, bias-corrected
            g = p.grad * scale
            m_hat, v_hat = g, g * g
            p -= lr * m_hat / (v_hat.sqrt() + 1e-8)
    for (name, p), q in zip(trainer.model.named_parameters(), params):
        assert torch.allclose(p, q, rtol=1e-4, atol=1e-6), name
    assert not torch.equal(trainer.model.state_dict()["decoder.out_proj.weight"], start["decoder.out_proj.weight"])


def test_ddp_all_reduces_only_on_the_last_accumulated_batch(tmp_path, cache, monkeypatch):
    """Under DDP the accumulation batches run in no_sync: one all-reduce round per optimizer step."""
    import torch.distributed as dist

    monkeypatch.setenv("WORLD_SIZE", "1")
    monkeypatch.setenv("RANK", "0")
    monkeypatch.setenv("LOCAL_RANK", "0")
    monkeypatch.setenv("MASTER_ADDR", "127.0.0.1")
    monkeypatch.setenv("MASTER_PORT", str(_free_port()))
    dist.init_process_group("gloo", rank=0, world_size=1)
    try:
        from seq2seq.distributed import World, data_parallel

        trainer = Trainer(tiny(cache, max_steps=2, accum_steps=3), tmp_path / "run")
        trainer.world = World(rank=0, size=1)  # a group of one: DDP's hooks run, the ranks are trivial
        trainer.ddp = data_parallel(trainer.model, World(rank=0, size=2), trainer.device)
        calls = []

        def hook(state, bucket):
            calls.append(trainer.progress.step)
            fut = torch.futures.Future()
            fut.set_result(bucket.buffer())
            return fut

        trainer.ddp.register_comm_hook(None, hook)
        it = iter(trainer.loader)
        stats = trainer.step([next(it), next(it), next(it)])
        assert bool(stats.finite)
        buckets = len(calls)
        assert buckets >= 1
        calls.clear()
        trainer.step([next(it)])
        assert len(calls) == buckets  # the same all-reduce rounds for 1 batch as for 3: none while accumulating
    finally:
        dist.destroy_process_group()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_wall_clock_budget_is_the_runs_and_a_resume_gets_what_is_left(tmp_path, cache):
    Trainer(tiny(cache, max_steps=3, eval_every=50), tmp_path / "run").fit()
    saved = torch.load(tmp_path / "run" / "checkpoints" / "last.pt", weights_only=True)
    spent = saved["progress"]["wall_seconds"]
    assert spent > 0
    # a budget smaller than what the run already spent: the resumed session stops after its first step
    results = Trainer(tiny(cache, max_steps=50, eval_every=50, resume="auto", max_minutes=spent / 120),
                      tmp_path / "run").fit()
    assert results["steps"] == 4 and results["stop_reason"].startswith("reached trainer.max_minutes")
    assert results["wall_seconds"] >= spent
