"""Exact resume after SIGKILL, graceful stops, refused resumes, corrupt checkpoints, NaN steps."""
import signal
import subprocess
import time
from pathlib import Path

import pytest
import torch

from conftest import run_cli, script

ARGS = ["experiment=smoke", "trainer.max_steps=60", "trainer.eval_every=20", "trainer.log_every=5",
        "trainer.deterministic=true", "trainer.num_threads=1", "data.limit_train=1500", "data.limit_eval=20",
        "trainer.num_heatmaps=1"]


def train(run_dir, *extra, env, **kw):
    return run_cli("seq2seq-train", *ARGS, f"hydra.run.dir={run_dir}", *extra, env=env, **kw)


def start(run_dir, env, *extra):
    return subprocess.Popen([script("seq2seq-train"), *ARGS, f"hydra.run.dir={run_dir}", *extra], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(predicate, proc, timeout=180):
    deadline = time.time() + timeout
    while not predicate():
        assert proc.poll() is None, "training ended before the fault could be injected"
        assert time.time() < deadline
        time.sleep(0.05)


def logged_step(run_dir):
    log = Path(run_dir) / "train.log"
    steps = [int(line.split("step ")[1].split()[0]) for line in (log.read_text().splitlines() if log.exists() else [])
             if "] - step " in line and " epoch " in line]
    return max(steps, default=0)


def params(run_dir):
    state = torch.load(Path(run_dir) / "checkpoints" / "last.pt", weights_only=True)
    return state["progress"]["step"], state["model"], state["optimizer"]["state"]


def assert_identical(a, b):
    step_a, model_a, opt_a = params(a)
    step_b, model_b, opt_b = params(b)
    assert step_a == step_b == 60
    for k in model_a:
        assert torch.equal(model_a[k], model_b[k]), k
    for k in opt_a:
        for name in ("exp_avg", "exp_avg_sq"):
            assert torch.equal(opt_a[k][name], opt_b[k][name])


@pytest.fixture(scope="module")
def reference_run(tmp_path_factory, cache_env):
    run_dir = tmp_path_factory.mktemp("ref") / "run"
    # resume=auto on a new folder starts a new run: the interrupted runs, started without it, must equal this one
    proc = train(run_dir, "trainer.resume=auto", env=cache_env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "no checkpoint in" in proc.stderr and "starting a new run" in proc.stderr
    return run_dir


@pytest.mark.slow
def test_sigkill_between_checkpoints_then_resume_is_bit_identical(reference_run, tmp_path, cache_env):
    run_dir = tmp_path / "run"
    proc = start(run_dir, cache_env)
    wait_for(lambda: logged_step(run_dir) >= 30, proc)  # past the step-20 checkpoint, before step 40
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert torch.load(run_dir / "checkpoints" / "last.pt", weights_only=True)["progress"]["step"] == 20
    resumed = train(run_dir, "trainer.resume=auto", env=cache_env)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert_identical(reference_run, run_dir)


@pytest.mark.slow
def test_sigkill_during_checkpoint_write_keeps_previous_and_resumes(reference_run, tmp_path, cache_env):
    run_dir = tmp_path / "run"
    env = {**cache_env, "SEQ2SEQ_FAULT_SAVE_DELAY": "3"}
    proc = start(run_dir, env)
    ckpts = run_dir / "checkpoints"
    # the second write of last.pt (step 40) is in progress once a temporary file exists and last.pt says 20
    wait_for(lambda: (ckpts / "last.pt").exists() and any(ckpts.glob(".last.pt.*.tmp")) and logged_step(run_dir) >= 40,
             proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    state = torch.load(ckpts / "last.pt", weights_only=True)  # intact, the previous one
    assert state["progress"]["step"] == 20
    resumed = train(run_dir, "trainer.resume=auto", env=cache_env)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert_identical(reference_run, run_dir)


@pytest.mark.slow
def test_sigint_saves_last_and_exits_zero_then_resume_is_identical(reference_run, tmp_path, cache_env):
    run_dir = tmp_path / "run"
    proc = start(run_dir, cache_env)
    wait_for(lambda: logged_step(run_dir) >= 25, proc)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err[-2000:]
    assert "trainer.resume=auto" in err and "Traceback" not in err
    step = torch.load(run_dir / "checkpoints" / "last.pt", weights_only=True)["progress"]["step"]
    assert 25 <= step < 60
    resumed = train(run_dir, "trainer.resume=auto", env=cache_env)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert_identical(reference_run, run_dir)


def test_resume_with_changed_model_is_refused(smoke_run, tmp_path, cache_env):
    before = (smoke_run / "checkpoints" / "last.pt").stat().st_mtime_ns
    proc = train(tmp_path / "run", f"trainer.resume={smoke_run}", "model.dec_hidden=96", env=cache_env)
    assert proc.returncode == 2
    assert "model.dec_hidden: 128 -> 96" in proc.stderr and "Traceback" not in proc.stderr
    assert (smoke_run / "checkpoints" / "last.pt").stat().st_mtime_ns == before


def test_corrupt_checkpoint_detected_and_auto_falls_back(smoke_run, tmp_path):
    from seq2seq import checkpoint
    from seq2seq.errors import CheckpointError
    from seq2seq.training.resume import find_checkpoint

    folder = tmp_path / "run" / "checkpoints"
    folder.mkdir(parents=True)
    good = smoke_run / "checkpoints" / "best.pt"
    (folder / "best.pt").write_bytes(good.read_bytes())
    data = (smoke_run / "checkpoints" / "last.pt").read_bytes()
    (folder / "last.pt").write_bytes(data[: len(data) // 2])  # truncated, as by a full disk
    with pytest.raises(CheckpointError, match="last.pt: not a readable checkpoint"):
        checkpoint.load(folder / "last.pt")
    assert find_checkpoint("auto", tmp_path / "run") == folder / "best.pt"


def test_auto_starts_fresh_only_where_no_checkpoint_file_exists(smoke_run, tmp_path):
    from seq2seq.errors import CheckpointError
    from seq2seq.training.resume import find_checkpoint

    run = tmp_path / "run"
    assert find_checkpoint("auto", run) is None  # Hydra has not even made the folder
    (run / "checkpoints").mkdir(parents=True)
    assert find_checkpoint("auto", run) is None
    with pytest.raises(CheckpointError, match="no valid checkpoint"):  # naming a folder asks for a checkpoint in it
        find_checkpoint(str(run), tmp_path / "new")
    data = (smoke_run / "checkpoints" / "last.pt").read_bytes()
    (run / "checkpoints" / "last.pt").write_bytes(data[:100])  # only a broken one: do not train over it
    with pytest.raises(CheckpointError, match="no valid checkpoint to resume from"):
        find_checkpoint("auto", run)


@pytest.mark.slow  # ~20 s: a 24-step run with four validations
def test_keep_last_rotation_keeps_best_and_newest(tmp_path, cache_env):
    run_dir = tmp_path / "run"
    proc = train(run_dir, "trainer.keep_last=2", "trainer.max_steps=24", "trainer.eval_every=6",
                 "trainer.num_heatmaps=0", "trainer.beam_size=1", env=cache_env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = sorted(p.name for p in (run_dir / "checkpoints").glob("*.pt"))
    assert names == ["best.pt", "last.pt", "step-00000018.pt", "step-00000024.pt"]


def test_full_disk_keeps_previous_checkpoint(tmp_path, monkeypatch):
    from seq2seq import checkpoint
    from seq2seq.errors import CheckpointError

    path = tmp_path / "last.pt"
    checkpoint.save({"progress": {"step": 1}, "w": torch.ones(3)}, path)

    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(torch, "save", full)
    with pytest.raises(CheckpointError, match="No space left on device.*previous checkpoint is intact"):
        checkpoint.save({"progress": {"step": 2}, "w": torch.zeros(3)}, path)
    monkeypatch.undo()
    assert checkpoint.load(path)["progress"]["step"] == 1
    assert [p.name for p in tmp_path.iterdir()] == ["last.pt"]  # no temporary file left behind


def test_unwritable_checkpoint_folder_is_a_clear_error(tmp_path):
    from seq2seq import checkpoint
    from seq2seq.errors import CheckpointError

    (tmp_path / "checkpoints").write_text("a file where the folder should be")
    with pytest.raises(CheckpointError, match="cannot write checkpoints"):
        checkpoint.save({"x": 1}, tmp_path / "checkpoints" / "last.pt")


def smoke_config(tmp_path, **trainer):
    from seq2seq.config import Config

    cfg = Config()
    root = Path(__file__).resolve().parents[1] / "data" / "bible-es-en"
    cfg.data.train, cfg.data.dev, cfg.data.test = (str(root / s) for s in ("train", "dev", "test"))
    cfg.data.limit_train, cfg.data.limit_eval = 600, 10
    cfg.tokenizer.vocab_size, cfg.tokenizer.cache_dir = 500, str(tmp_path / "cache")
    for k, v in dict(emb_size=16, enc_hidden=16, dec_hidden=32, attention_size=16, output_size=16).items():
        setattr(cfg.model, k, v)
    cfg.trainer.num_heatmaps = 1
    for k, v in trainer.items():
        setattr(cfg.trainer, k, v)
    return cfg


def nan_loss_on(monkeypatch, bad_calls):
    """Make the training loss NaN on the given (1-based) training calls; validation is untouched."""
    from seq2seq.model.seq2seq import Seq2Seq

    real, calls = Seq2Seq.batch_loss, [0]

    def patched(*args):
        loss = real(*args)
        if torch.is_grad_enabled():
            calls[0] += 1
            if calls[0] in bad_calls:
                return loss * float("nan")
        return loss

    monkeypatch.setattr(Seq2Seq, "batch_loss", patched)


def test_nan_steps_are_skipped_and_counted(tmp_path, monkeypatch):
    from seq2seq.training.trainer import train as run_train

    nan_loss_on(monkeypatch, {5, 6, 9})
    cfg = smoke_config(tmp_path, max_steps=12, eval_every=12, log_every=4)
    results = run_train(cfg, tmp_path / "run")
    assert results["skipped_steps"] == 3 and results["steps"] == 12
    state = torch.load(tmp_path / "run" / "checkpoints" / "last.pt", weights_only=True)
    assert all(torch.isfinite(v).all() for v in state["model"].values())


def test_too_many_nan_steps_stop_with_usable_last(tmp_path, monkeypatch):
    from seq2seq.errors import TrainingError
    from seq2seq.training.trainer import train as run_train

    nan_loss_on(monkeypatch, set(range(4, 100)))
    cfg = smoke_config(tmp_path, max_steps=50, eval_every=50, log_every=5, max_bad_steps=3)
    with pytest.raises(TrainingError, match="3 non-finite steps in a row at step 6"):
        run_train(cfg, tmp_path / "run")
    state = torch.load(tmp_path / "run" / "checkpoints" / "last.pt", weights_only=True)
    assert state["progress"]["skipped_steps"] == 3
    assert all(torch.isfinite(v).all() for v in state["model"].values())


@pytest.mark.slow
def test_second_sigint_exits_at_once_without_corrupting(tmp_path, cache_env):
    run_dir = tmp_path / "run"
    env = {**cache_env, "SEQ2SEQ_FAULT_SAVE_DELAY": "10"}  # every save takes 10 s: room for the 2nd SIGINT
    proc = start(run_dir, env)
    ckpts = run_dir / "checkpoints"
    wait_for(lambda: logged_step(run_dir) >= 25, proc)  # past the step-20 checkpoint
    proc.send_signal(signal.SIGINT)
    wait_for(lambda: any(ckpts.glob(".last.pt.*.tmp")), proc, timeout=30)  # first SIGINT's save under way
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=120)
    assert proc.returncode != 0
    assert not list(ckpts.glob(".*.tmp"))  # the interrupted write cleaned up after itself
    # it did not wait for the slow save to finish: that save (step >= 25) never replaced last.pt, which is
    # still the step-20 checkpoint, whole (no timing: a loaded machine may take any time to exit)
    assert torch.load(ckpts / "last.pt", weights_only=True)["progress"]["step"] == 20
