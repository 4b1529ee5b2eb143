"""seq2seq-average: the mean of a run's step checkpoints, chosen by recency or dev BLEU, and its refusals."""
import pytest
import torch

from seq2seq import checkpoint
from seq2seq.averaging import run_average, select
from seq2seq.config import AverageConfig
from seq2seq.errors import CheckpointError, ConfigError
from seq2seq.inference.translator import Translator
from seq2seq.rundir import RunDir
from seq2seq.training.trainer import Trainer
from conftest import real_lines, run_cli
from test_ema import nbest_lines
from test_trainer import tiny


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")
    root = tmp_path_factory.mktemp("avg") / "run"
    Trainer(tiny(cache, max_steps=8, eval_every=2, keep_last=3), root).fit()
    return root


def test_last_k_is_the_elementwise_mean_of_the_newest_k(run):
    out, paths = run_average(AverageConfig(run_dir=str(run), last=3))
    assert [p.name for p in paths] == ["step-00000004.pt", "step-00000006.pt", "step-00000008.pt"]
    states = [checkpoint.load(p) for p in paths]
    averaged = checkpoint.load(out)
    expected = {k: sum(s["model"][k].double() for s in states) / 3  # summed here, not by the code under test
                for k in states[0]["model"]}
    assert averaged["model"].keys() == expected.keys()
    for k, v in averaged["model"].items():
        torch.testing.assert_close(v.double(), expected[k], rtol=0, atol=1e-6)
    assert not torch.equal(averaged["model"]["decoder.out_proj.weight"], states[-1]["model"]["decoder.out_proj.weight"])
    assert "optimizer" not in averaged and checkpoint.newest_valid(run / "checkpoints").name == "last.pt"
    # checkpoint=averaged decodes with exactly those means, in this process and through the command line
    translator = Translator.from_run(run, "averaged", device="cpu", precision="fp32")
    assert translator.step == 8
    for k, v in translator.model.state_dict().items():
        torch.testing.assert_close(v.double(), expected[k], rtol=0, atol=1e-6)
    lines = real_lines("dev.es", 4)
    proc = run_cli("seq2seq-translate", f"run_dir={run}", "checkpoint=averaged", "beam_size=2", "n_best=2",
                   "precision=fp32", input="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.splitlines() == nbest_lines(translator, lines)
    newest = Translator.from_run(run, str(paths[-1]), device="cpu", precision="fp32")
    assert proc.stdout.splitlines() != nbest_lines(newest, lines)  # not the step-8 weights alone


def test_best_k_picks_the_highest_dev_bleu(run):
    kept = RunDir(run).step_checkpoints()
    bleu = {p.name: checkpoint.load(p)["progress"]["history"][-1][2] for p in kept}
    chosen = select(RunDir(run), best=2)
    top = sorted(bleu, key=bleu.get, reverse=True)[:2]
    assert sorted(p.name for p in chosen) == sorted(top)


def test_refusals(run, tmp_path):
    with pytest.raises(CheckpointError, match=r"3 step checkpoint\(s\) kept, 5 asked for; train with trainer.keep_last=5"):
        select(RunDir(run), last=5)
    with pytest.raises(ConfigError, match="exactly one of last=K or best=K"):
        AverageConfig(run_dir=str(run), last=2, best=2)
    with pytest.raises(ConfigError, match="name=best"):
        AverageConfig(run_dir=str(run), last=2, name="best")
    proc = run_cli("seq2seq-average", f"run_dir={tmp_path}", "last=2")
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert "no checkpoints folder" in proc.stderr.strip().splitlines()[-1]
    ok = run_cli("seq2seq-average", f"run_dir={run}", "last=2", "name=avg2")
    assert ok.returncode == 0, ok.stderr[-2000:]
    assert (run / "checkpoints" / "avg2.pt").is_file() and "the mean of 2 checkpoints" in ok.stdout
