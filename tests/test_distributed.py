"""DDP with real torchrun processes (gloo on CPU): equivalence with one process, one run folder, resume."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch

from conftest import BIN, run_cli

ENTRY = Path(__file__).with_name("ddp_entry.py")
# Deterministic and dropout-free, so two runs can be compared weight for weight.
EXACT = ["experiment=smoke", "data.limit_eval=10", "trainer.beam_size=1",
         "model.dropout=0", "trainer.deterministic=true", "trainer.num_threads=1"]


def torchrun(*args: str, cwd, env, nproc: int = 2, timeout: int = 600) -> subprocess.CompletedProcess:
    cmd = [str(BIN / "torchrun"), "--standalone", f"--nproc-per-node={nproc}", str(ENTRY), *args]
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def weights(run: Path) -> dict:
    return torch.load(run / "checkpoints" / "last.pt", weights_only=True)["model"]


def max_difference(a: dict, b: dict) -> float:
    assert a.keys() == b.keys()
    return max((a[k].float() - b[k].float()).abs().max().item() for k in a)


def assert_one_run_folder(run: Path, processes: int, launches: int = 1) -> dict:
    """The layout of a single-process run: one .hydra, one writer in tb/ and one log per launch (a resumed
    run is launched twice), one results.json."""
    assert sorted(p.name for p in (run / ".hydra").iterdir()) == ["config.yaml", "hydra.yaml", "overrides.yaml"]
    events = list((run / "tb").rglob("events.out.tfevents.*"))
    assert len({e.name.split(".")[-2] for e in events}) == launches  # one process (pid) wrote each launch's
    results = json.loads((run / "results.json").read_text())
    assert results["processes"] == processes and results["test"] is not None
    log = (run / "train.log").read_text()
    assert log.count("data: ") == launches and log.count("stopped: ") == launches  # rank 0's log alone
    assert (run / "spm.model").exists()
    ckpt = torch.load(run / "checkpoints" / "last.pt", weights_only=True)
    assert ckpt["sampler"]["world_size"] == processes
    return results


@pytest.fixture(scope="module")
def env(cache_env):
    return {**cache_env, "OMP_NUM_THREADS": "1"}


@pytest.mark.parametrize("precision,packed", [("fp32", "0"), pytest.param("bf16", "1", marks=pytest.mark.slow)])
def test_two_ranks_reach_the_weights_of_one_process_on_their_union(tmp_path, env, precision, packed):
    """K=10 steps of 2 ranks against one process that accumulates the same two batches per step
    (``trainer.accum_steps=2``: the sampler gives rank r batch 2k + r at step k, see test_batching).
    bf16 with packed sequences is the GPU recipe, run here on CPU through the same code."""
    env = {**env, "SEQ2SEQ_TEST_PACKED": packed}
    common = [*EXACT, "trainer.max_steps=10", "trainer.eval_every=10", f"trainer.precision={precision}"]
    ddp = torchrun(*common, f"hydra.run.dir={tmp_path / 'ddp'}", cwd=tmp_path, env=env)
    assert ddp.returncode == 0, ddp.stderr[-3000:]
    one = subprocess.run([sys.executable, str(ENTRY), *common, "trainer.accum_steps=2",
                          f"hydra.run.dir={tmp_path / 'one'}"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=600)
    assert one.returncode == 0, one.stderr[-3000:]
    difference = max_difference(weights(tmp_path / "ddp"), weights(tmp_path / "one"))
    print(f"DDP {precision} packed={packed}: max |parameter difference| after 10 steps = {difference:.3g}")
    assert difference <= 1e-6  # measured 0.0: DDP's mean of two rank gradients scaled by 2 is exact
    assert difference == 0.0 or precision != "fp32"
    results = assert_one_run_folder(tmp_path / "ddp", processes=2)
    single = json.loads((tmp_path / "one" / "results.json").read_text())
    assert results["data"]["train_tgt_tokens"] == single["data"]["train_tgt_tokens"]
    assert results["dev"]["bleu"] == single["dev"]["bleu"]  # the same weights translate the same


@pytest.mark.slow
def test_torchrun_without_a_run_folder_gives_one_timestamped_folder(tmp_path, env):
    proc = torchrun("experiment=smoke", "trainer.max_steps=20", "data.limit_eval=10", "trainer.beam_size=1",
                    cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    runs = list((tmp_path / "runs" / "smoke").iterdir())
    assert len(runs) == 1, runs  # rank 0 named it; rank 1 trained in it
    assert_one_run_folder(runs[0], processes=2)
    assert proc.stdout.count("run folder: ") == 1  # rank 0 reports; rank 1 is silent


@pytest.mark.slow
def test_sigterm_stops_every_rank_and_resume_continues_with_the_same_world(tmp_path, env):
    run = tmp_path / "run"
    args = [*EXACT, "trainer.eval_every=5", "trainer.log_every=5", f"hydra.run.dir={run}"]
    cmd = [str(BIN / "torchrun"), "--standalone", "--nproc-per-node=2", str(ENTRY), *args, "trainer.max_steps=400"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    deadline = time.time() + 300
    while not (run / "checkpoints" / "last.pt").exists() and time.time() < deadline and proc.poll() is None:
        time.sleep(0.5)
    assert proc.poll() is None, proc.communicate()[1][-3000:]
    os.killpg(proc.pid, signal.SIGTERM)  # as a cluster scheduler does: every process of the job
    _, err = proc.communicate(timeout=300)
    results = json.loads((run / "results.json").read_text())
    assert results["stop_reason"].startswith("interrupted by SIGTERM"), results["stop_reason"]
    assert results["test"] is None
    stopped = torch.load(run / "checkpoints" / "last.pt", weights_only=True)
    step = stopped["progress"]["step"]
    assert 5 <= step < 400 and len(stopped["rng_ranks"]) == 2

    # A different number of processes is refused with one line naming the checkpoint.
    single = run_cli("seq2seq-train", *args, "trainer.max_steps=400", "trainer.resume=auto", cwd=tmp_path, env=env)
    assert single.returncode == 2 and "written by 2 training process(es), resumed with 1" in single.stderr
    assert "Traceback" not in single.stderr

    resumed = torchrun(*args, f"trainer.max_steps={step + 10}", "trainer.resume=auto", cwd=tmp_path, env=env)
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    results = json.loads((run / "results.json").read_text())
    assert results["steps"] == step + 10 and results["test"] is not None
    assert_one_run_folder(run, processes=2, launches=2)
