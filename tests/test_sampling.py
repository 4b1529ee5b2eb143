"""Scheduled sampling: the schedules, the two-pass input mixing, and that p=0 is plain training."""
import math

import pytest
import torch

from seq2seq.config import TrainerConfig
from seq2seq.errors import ConfigError
from seq2seq.training.scheduled_sampling import ScheduledSampling, mix_inputs, teacher_forcing_prob
from seq2seq.training.trainer import Trainer
from test_trainer import tiny


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


def test_schedules_match_bengio_formulas():
    lin = TrainerConfig(scheduled_sampling="linear", ss_k=0.9, ss_c=0.01, ss_min=0.2)
    assert [teacher_forcing_prob(lin, i) for i in (0, 10, 50, 1000)] == pytest.approx([0.9, 0.8, 0.4, 0.2])
    exp = TrainerConfig(scheduled_sampling="exponential", ss_k=0.99)
    for i in (0, 1, 100, 5000):
        assert teacher_forcing_prob(exp, i) == pytest.approx(0.99 ** i)
    sig = TrainerConfig(scheduled_sampling="inverse_sigmoid", ss_k=100.0, ss_min=0.05)
    for i in (0, 300, 460, 2000):
        assert teacher_forcing_prob(sig, i) == pytest.approx(max(0.05, 100 / (100 + math.exp(i / 100))))
    assert teacher_forcing_prob(sig, 10 ** 6) == 0.05  # exp(10^4) overflows: the floor, not an error
    assert teacher_forcing_prob(TrainerConfig(), 10 ** 6) == 1.0
    assert ScheduledSampling(lin, 0).model_prob(50) == pytest.approx(0.6)


@pytest.mark.parametrize("kind,k,key", [("exponential", 1.0, "trainer.ss_k"), ("linear", 1.5, "trainer.ss_k"),
                                        ("inverse_sigmoid", 0.5, "trainer.ss_k"), ("none", 1.0, "trainer.ss_min")])
def test_bad_schedule_parameters_are_refused(kind, k, key):
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        TrainerConfig(scheduled_sampling=kind, ss_k=k, ss_min=2.0 if key.endswith("min") else 0.0)


def test_mix_with_probability_one_is_the_shifted_prediction_and_keeps_bos_and_pad():
    pad, bos = 0, 1
    tgt_in = torch.tensor([[bos, 5, 6, 7], [bos, 8, pad, pad]])
    predicted = torch.tensor([[11, 12, 13, 14], [15, 16, 17, 18]])
    mixed = mix_inputs(tgt_in, predicted, pad, 1.0)
    assert mixed.tolist() == [[bos, 11, 12, 13], [bos, 15, pad, pad]]
    assert torch.equal(mix_inputs(tgt_in, predicted, pad, 0.0), tgt_in)
    torch.manual_seed(0)
    half = mix_inputs(torch.full((64, 50), 3).index_fill_(1, torch.tensor([0]), bos), torch.full((64, 50), 9), pad, 0.5)
    assert (half[:, 0] == bos).all() and 0.45 < (half[:, 1:] == 9).float().mean() < 0.55


def test_second_pass_reads_the_first_pass_argmax(tmp_path, cache):
    trainer = Trainer(tiny(cache, scheduled_sampling="linear", ss_k=0.0, ss_c=0.0), tmp_path / "run")
    batch = next(iter(trainer.loader))
    model = trainer.model.eval()  # no dropout: the first pass is then reproducible here
    with torch.no_grad():
        logits, _ = model(batch.src, batch.src_len, batch.tgt_in)
    mixed = trainer.sampling.apply(model, batch, step=1)
    real = batch.tgt_in[:, 1:] != trainer.tok.pad_id
    assert torch.equal(mixed.tgt_in[:, 0], batch.tgt_in[:, 0])
    assert torch.equal(mixed.tgt_in[:, 1:][real], logits.argmax(-1)[:, :-1][real])
    assert torch.equal(mixed.tgt_in[:, 1:][~real], batch.tgt_in[:, 1:][~real])


def _params_after(cfg, run_dir):
    trainer = Trainer(cfg, run_dir)
    trainer.fit()
    return {k: v.clone() for k, v in trainer.model.state_dict().items()}


def test_probability_zero_is_plain_training_and_own_predictions_change_it(tmp_path, cache):
    common = dict(max_steps=6, eval_every=6, deterministic=True, num_threads=1)
    plain = _params_after(tiny(cache, **common), tmp_path / "plain")
    never = _params_after(tiny(cache, scheduled_sampling="linear", ss_k=1.0, ss_c=0.0, **common), tmp_path / "never")
    always = _params_after(tiny(cache, scheduled_sampling="linear", ss_k=0.0, **common), tmp_path / "always")
    assert all(torch.equal(plain[k], never[k]) for k in plain)
    assert not all(torch.equal(plain[k], always[k]) for k in plain)
