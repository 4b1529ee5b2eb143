"""seq2seq-train end to end through the console script, and its config errors."""
import json
import os

import pytest
import torch

from conftest import run_cli


def test_run_folder_is_complete(smoke_run):
    for rel in (".hydra/config.yaml", "train.log", "spm.model", "checkpoints/best.pt", "checkpoints/last.pt",
                "results.json"):
        assert (smoke_run / rel).is_file(), rel
    assert list((smoke_run / "tb").glob("events.out.tfevents.*"))
    results = json.loads((smoke_run / "results.json").read_text())
    assert results["steps"] == 100
    for split in ("dev", "test"):
        assert 0.0 <= results[split]["bleu"] <= 100.0
        assert results[split]["bleu_signature"].startswith("nrefs:1|")
    assert results["test"]["multiref_bleu_signature"].startswith("nrefs:2|")
    assert results["train_tokens_per_sec"] > 0
    assert 100 < results["peak_rss_mb"] < 64 * 1024  # a torch process, in MB (not KiB or bytes)
    # the command re-executed itself on tcmalloc where it is installed (SEQ2SEQ_MALLOC unset in tests)
    from seq2seq.allocator import find_library

    want = "tcmalloc" if find_library("tcmalloc") else "jemalloc" if find_library("jemalloc") else "glibc"
    if os.environ.get("CI"):  # CI installs tcmalloc (.ci/run): without it this check would pass on glibc
        assert want == "tcmalloc", "CI must have tcmalloc (apt-get install libtcmalloc-minimal4)"
    assert results["allocator"] == want
    assert f"{want} malloc" in (smoke_run / "train.log").read_text()
    assert "step 100" in (smoke_run / "train.log").read_text()


def test_checkpoints_load_weights_only(smoke_run):
    for name in ("best", "last"):
        state = torch.load(smoke_run / "checkpoints" / f"{name}.pt", weights_only=True)
        assert state["format"] == "seq2seq-checkpoint"
        assert state["config"]["model"]["emb_size"] == 64  # the smoke experiment's size, not the default
        assert any(k.startswith("decoder.") for k in state["model"])
    assert torch.load(smoke_run / "checkpoints" / "last.pt", weights_only=True)["progress"]["step"] == 100


def test_tensorboard_events_hold_every_tag(smoke_run):
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    acc = EventAccumulator(str(smoke_run / "tb"), size_guidance={"images": 0, "scalars": 0, "tensors": 0})
    acc.Reload()
    tags = acc.Tags()
    for tag in ("train/loss", "train/ppl", "train/lr", "train/grad_norm", "train/tokens_per_sec", "valid/loss",
                "valid/ppl", "valid/bleu", "valid/chrf"):
        assert tag in tags["scalars"], tag
    assert len(acc.Scalars("valid/bleu")) == 2  # validations at steps 50 and 100
    assert {"attention/dev_0", "attention/dev_1"} <= set(tags["images"])
    assert any(t.startswith("samples") for t in tags["tensors"])  # add_text is stored as a tensor summary


@pytest.mark.parametrize("override,needle", [
    ("trainer.max_stepz=3", "max_stepz"),
    ("trainer.max_steps=abc", "max_steps"),
    ("model.attention=bogus", "model.attention"),
    ("trainer.max_minutes=-1", "trainer.max_minutes"),
])
def test_config_errors_are_one_clear_message(tmp_path, override, needle, cache_env):
    proc = run_cli("seq2seq-train", override, f"hydra.run.dir={tmp_path / 'run'}", cwd=tmp_path, env=cache_env)
    assert proc.returncode != 0
    assert needle in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout


def test_missing_data_file_is_reported(tmp_path, cache_env):
    proc = run_cli("seq2seq-train", f"data.train={tmp_path}/nope", f"hydra.run.dir={tmp_path / 'run'}",
                   cwd=tmp_path, env=cache_env)
    assert proc.returncode == 2
    assert f"{tmp_path}/nope.es: no such file" in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout


def test_cfg_job_prints_config_without_training(tmp_path):
    proc = run_cli("seq2seq-train", "--cfg", "job", "experiment=smoke", cwd=tmp_path)
    assert proc.returncode == 0
    assert "max_steps: 120" in proc.stdout and "emb_size: 64" in proc.stdout
    assert not (tmp_path / "runs").exists()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_tensorboard_server_reads_scalars_and_heatmaps(smoke_run):
    """The real TensorBoard server, on loopback, serves our scalars and heatmap PNGs over its HTTP API."""
    import subprocess
    import time
    import urllib.parse
    import urllib.request

    from conftest import script

    port = _free_port()
    server = subprocess.Popen([script("tensorboard"), "--logdir", str(smoke_run / "tb"), "--host", "127.0.0.1",
                               "--port", str(port), "--load_fast", "false"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"

    def get(path):
        with urllib.request.urlopen(base + path, timeout=10) as r:
            return r.read()

    try:
        deadline = time.time() + 90
        while True:
            try:
                tags = json.loads(get("/data/plugin/scalars/tags"))
                if tags and any("valid/bleu" in t for t in next(iter(tags.values()))):
                    break
            except OSError:
                pass
            assert time.time() < deadline, "TensorBoard did not serve the run within 90 s"
            time.sleep(1)
        run = next(iter(tags))
        q = urllib.parse.urlencode({"run": run, "tag": "valid/bleu"})
        points = json.loads(get(f"/data/plugin/scalars/scalars?{q}"))
        assert [p[1] for p in points] == [50, 100]
        images = json.loads(get("/data/plugin/images/tags"))
        assert "attention/dev_0" in images[run]
        q = urllib.parse.urlencode({"run": run, "tag": "attention/dev_0", "sample": 0})
        entries = json.loads(get(f"/data/plugin/images/images?{q}"))
        assert [e["step"] for e in entries] == [50, 100]
        png = get("/data/plugin/images/" + entries[-1]["query"].join(["individualImage?", ""]))
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 2000
    finally:
        server.terminate()
        server.wait(timeout=20)
