"""EMA of the weights: the update rule, the trainer's average after N steps, ema.pt, and resume."""
import pytest
import torch

from seq2seq import checkpoint
from seq2seq.config import TrainerConfig
from seq2seq.errors import ConfigError
from seq2seq.inference.translator import Translator
from seq2seq.training.ema import WeightEMA
from seq2seq.training.trainer import Trainer
from conftest import real_lines, run_cli
from test_trainer import tiny

DECAY = 0.8


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


def test_update_is_the_exponential_moving_average():
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 2)
    ema = WeightEMA(model, 0.9)
    expected = {k: v.detach().clone().double() for k, v in model.named_parameters()}
    for n in range(100):  # d_n reaches 0.9 at n = 71: both the warm-up and the plain decay are checked
        with torch.no_grad():
            for p in model.parameters():
                p.add_(torch.randn_like(p))
        ema.update(model)
        d = min(0.9, (1 + n) / (10 + n))
        for k, p in model.named_parameters():
            expected[k] = d * expected[k] + (1 - d) * p.detach().double()
    for k, p in ema.model.named_parameters():
        torch.testing.assert_close(p.double(), expected[k], rtol=1e-6, atol=1e-6)
        assert not torch.equal(p, dict(model.named_parameters())[k])


def test_decay_out_of_range_is_refused():
    with pytest.raises(ConfigError, match=r"trainer\.ema_decay=1\.0"):
        TrainerConfig(ema_decay=1.0)


def test_trainer_average_after_n_steps_and_ema_checkpoint(tmp_path, cache):
    trainer = Trainer(tiny(cache, ema_decay=DECAY, max_steps=8, eval_every=4), tmp_path / "run")
    expected = {k: v.detach().clone().double() for k, v in trainer.model.named_parameters()}
    real_step = trainer.step
    n = [0]

    def watched(batches):
        stats = real_step(batches)
        d = min(DECAY, (1 + n[0]) / (10 + n[0]))
        n[0] += 1
        for k, p in trainer.model.named_parameters():
            expected[k] = d * expected[k] + (1 - d) * p.detach().double()
        return stats

    trainer.step = watched
    trainer.fit()  # the final test loads best.pt into trainer.model; the average is kept apart
    for k, p in trainer.ema.model.named_parameters():
        torch.testing.assert_close(p.double(), expected[k], rtol=1e-5, atol=1e-6)
    last = checkpoint.load(tmp_path / "run" / "checkpoints" / "last.pt")
    assert all(torch.equal(last["ema"]["model"][k], v) for k, v in trainer.ema.model.state_dict().items())
    ema_pt = checkpoint.load(tmp_path / "run" / "checkpoints" / "ema.pt")
    assert ema_pt["progress"]["step"] == trainer.ema.best_step in (4, 8) and "optimizer" not in ema_pt
    translator = Translator.from_run(tmp_path / "run", "ema", device="cpu", precision="fp32")
    assert translator.step == trainer.ema.best_step
    assert all(torch.equal(translator.model.state_dict()[k], v) for k, v in ema_pt["model"].items())
    assert checkpoint.newest_valid(tmp_path / "run" / "checkpoints").name == "last.pt"  # never ema.pt
    # through the command line: checkpoint=ema decodes the average, not best.pt (their n-best scores differ)
    lines = real_lines("dev.es", 4)
    proc = run_cli("seq2seq-translate", f"run_dir={tmp_path / 'run'}", "checkpoint=ema", "beam_size=2", "n_best=2",
                   "precision=fp32", input="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.splitlines() == nbest_lines(translator, lines)
    best = Translator.from_run(tmp_path / "run", "best", device="cpu", precision="fp32")
    assert proc.stdout.splitlines() != nbest_lines(best, lines)


def nbest_lines(translator, lines: list[str]) -> list[str]:
    """What `seq2seq-translate beam_size=2 n_best=2` prints for ``lines``, computed in this process."""
    out = translator.translate(lines, beam_size=2, n_best=2)
    return [f"{i} ||| {h.text} ||| {h.score:.4f}" for i, r in enumerate(out) for h in r.nbest]


def test_resume_keeps_the_average_bit_identical(tmp_path, cache):
    common = dict(ema_decay=DECAY, eval_every=5, deterministic=True, num_threads=1)
    Trainer(tiny(cache, max_steps=10, **common), tmp_path / "whole").fit()
    Trainer(tiny(cache, max_steps=5, **common), tmp_path / "cut").fit()
    Trainer(tiny(cache, max_steps=10, resume="auto", **common), tmp_path / "cut").fit()
    whole, cut = (checkpoint.load(tmp_path / r / "checkpoints" / "last.pt") for r in ("whole", "cut"))
    assert cut["progress"]["step"] == 10
    for k, v in whole["ema"]["model"].items():
        assert torch.equal(v, cut["ema"]["model"][k]), k
        assert torch.equal(whole["model"][k], cut["model"][k]), k
    assert not torch.equal(whole["ema"]["model"]["decoder.out_proj.weight"], whole["model"]["decoder.out_proj.weight"])
