"""trainer.init_from: a new run from another run's weights, its tokenizer and model config; the refusals."""
import gzip
import hashlib
import json
import shutil

import pytest
import torch

from conftest import CORPUS, run_cli
from seq2seq.config import Config, DataConfig, TokenizerConfig, TrainerConfig


@pytest.fixture(scope="module")
def parent(smoke_run, tmp_path_factory):
    """A copy of the session's smoke run (so nothing here can write into the shared one)."""
    copy = tmp_path_factory.mktemp("parent") / "run"
    shutil.copytree(smoke_run, copy)
    return copy


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """A small new-domain corpus: the last 200 training pairs (Revelation), 20 dev lines as dev and test."""
    out = tmp_path_factory.mktemp("corpus")
    for lang in ("es", "en"):
        with gzip.open(CORPUS / f"train.{lang}.gz", "rt", encoding="utf-8") as f:
            lines = f.read().splitlines()[-200:]
        (out / f"small.{lang}").write_text("\n".join(lines) + "\n", encoding="utf-8")
        dev = (CORPUS / f"dev.{lang}").read_text(encoding="utf-8").splitlines()[:20]
        (out / f"dev.{lang}").write_text("\n".join(dev) + "\n", encoding="utf-8")
    return out


def _child_args(parent, corpus, run_dir, *extra):
    return ("experiment=smoke", f"trainer.init_from={parent}", f"hydra.run.dir={run_dir}",
            f"data.train={corpus}/small", f"data.dev={corpus}/dev", f"data.test={corpus}/dev", "data.refs=[]",
            "trainer.max_steps=3", "trainer.eval_every=3", "trainer.precision=fp32", *extra)


def test_trainer_starts_from_parent_weights(parent, corpus, tmp_path, cache_env, monkeypatch):
    """Before the first update the model is the parent's best.pt, the model config is the parent's (not
    this Config's defaults), and with init_keep_optimizer the Adam moments are the parent's last.pt's."""
    from seq2seq.training.trainer import Trainer

    monkeypatch.setenv("SEQ2SEQ_CACHE", cache_env["SEQ2SEQ_CACHE"])
    cfg = Config(data=DataConfig(train=f"{corpus}/small", dev=f"{corpus}/dev", test=f"{corpus}/dev", refs=[]),
                 tokenizer=TokenizerConfig(), trainer=TrainerConfig(init_from=str(parent), device="cpu",
                                                                    precision="fp32", init_checkpoint="last",
                                                                    init_keep_optimizer=True))
    tr = Trainer(cfg, tmp_path / "run")
    try:
        saved = torch.load(parent / "checkpoints" / "last.pt", weights_only=True)
        assert tr.cfg.model.emb_size == 64 != Config().model.emb_size  # adopted from the parent
        assert tr.cfg.tokenizer.vocab_size == 1000
        model = tr.model.state_dict()
        assert model.keys() == saved["model"].keys()
        for k, v in saved["model"].items():
            assert torch.equal(model[k], v), k
        moments = tr.optimizer.state_dict()["state"]
        assert moments and all(torch.equal(moments[i]["exp_avg"], s["exp_avg"])
                               for i, s in saved["optimizer"]["state"].items())
        assert tr.progress.step == 0  # a new run: counters start afresh
    finally:
        tr.close()
        tr.writer.close()
    assert (tmp_path / "run" / "spm.model").read_bytes() == (parent / "spm.model").read_bytes()


@pytest.mark.slow
def test_fine_tuned_run_records_its_parent(parent, corpus, tmp_path, cache_env):
    run_dir = tmp_path / "child"
    proc = run_cli("seq2seq-train", *_child_args(parent, corpus, run_dir), cwd=tmp_path, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    best = parent / "checkpoints" / "best.pt"
    want = hashlib.sha256(best.read_bytes()).hexdigest()
    results = json.loads((run_dir / "results.json").read_text())
    step = torch.load(best, weights_only=True)["progress"]["step"]
    assert results["parent"] == {"path": str(best.resolve()), "step": step, "sha256": want}
    assert results["steps"] == 3  # its own budget, not the parent's 100 steps
    assert (run_dir / "spm.model").read_bytes() == (parent / "spm.model").read_bytes()
    child = torch.load(run_dir / "checkpoints" / "last.pt", weights_only=True)
    assert child["config"]["model"] == torch.load(best, weights_only=True)["config"]["model"]
    events = b"".join(p.read_bytes() for p in (run_dir / "tb").glob("events.out.tfevents.*"))
    assert want.encode() in events  # the TensorBoard text "parent"


@pytest.mark.parametrize("override, needle", [
    ("model.emb_size=128", "model.emb_size: 64 -> 128 changes the parent's architecture"),
    ("tokenizer.vocab_size=2000", "tokenizer.vocab_size: 1000 -> 2000 changes the parent's tokenizer"),
    ("trainer.resume=auto", "trainer.init_from starts a new run and trainer.resume continues one"),
    ("trainer.init_checkpoint=ema", "no checkpoints/ema.pt in that run folder"),
])
@pytest.mark.slow
def test_refusals_before_a_run_folder(parent, corpus, tmp_path, cache_env, override, needle):
    run_dir = tmp_path / "refused"
    proc = run_cli("seq2seq-train", *_child_args(parent, corpus, run_dir, override), cwd=tmp_path, env=cache_env)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("seq2seq-train: error: ")
    assert needle in proc.stderr
    assert not run_dir.exists()


def test_missing_parent_refused(tmp_path, cache_env):
    proc = run_cli("seq2seq-train", f"trainer.init_from={tmp_path / 'nowhere'}", f"hydra.run.dir={tmp_path / 'r'}",
                   cwd=tmp_path, env=cache_env)
    assert proc.returncode == 2
    assert "no such run folder or checkpoint file" in proc.stderr and proc.stderr.count("\n") == 1
    assert not (tmp_path / "r").exists()


def test_domain_split_by_book(tmp_path):
    """scripts/domain_split.py: verses go to ot-/nt- files by their key's book, in order, every suffix alike."""
    import subprocess
    import sys

    from conftest import ROOT

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    keys = ["Genesis 1:1", "Matthew 1:1", "I Samuel 3:4", "Revelation of John 22:21", "Malachi 4:6"]
    for name in ("train", "dev", "test"):
        (corpus / f"{name}.key").write_text("".join(f"{k}\n" for k in keys))
        (corpus / f"{name}.es").write_text("".join(f"es {i}\n" for i in range(5)))
        with gzip.open(corpus / f"{name}.en.gz", "wt") as f:
            f.write("".join(f"en {i}\n" for i in range(5)))
    (corpus / "dev.align").write_text("0-0\n\n1-1\n\n2-2\n")  # an empty line: a verse without links
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "domain_split.py"), "--corpus", str(corpus),
                           "--out", str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert (out / "ot-train.es").read_text() == "es 0\nes 2\nes 4\n"
    assert (out / "nt-train.en").read_text() == "en 1\nen 3\n"
    assert (out / "nt-test.key").read_text() == "Matthew 1:1\nRevelation of John 22:21\n"
    assert (out / "ot-dev.align").read_text() == "0-0\n1-1\n2-2\n" and (out / "nt-dev.align").read_text() == "\n\n"
    (corpus / "test.key").write_text("Genesis 1:1\nTobit 1:1\n" + "Genesis 1:2\n" * 3)
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "domain_split.py"), "--corpus", str(corpus),
                           "--out", str(out)], capture_output=True, text=True)
    assert proc.returncode != 0 and "test.key line 2: unknown book 'Tobit'" in proc.stderr
