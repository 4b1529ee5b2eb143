"""Training-loop behaviour pinned through the console scripts only (no seq2seq imports), so a refactor of
the loop can be checked against it: budgets (wall clock, early stopping, epochs), the learning-rate
schedule, SIGTERM and resume, forced precisions, Hydra multirun, `| head` and an uncreatable run folder.

Every run here is tiny (a 39k-parameter model on 600 training pairs, 10 dev/test lines, one thread);
a run that several tests read is a module-scoped fixture. Most of a run's ~20 s is start-up (imports,
then about 2-5 s creating the fused AdamW), so the runs are few and short.
"""
import json
import math
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
import torch

from conftest import run_cli, script

TINY = ["experiment=smoke", "data.limit_train=600", "data.limit_eval=10", "tokenizer.vocab_size=500",
        "model.emb_size=16", "model.enc_hidden=16", "model.dec_hidden=32", "model.attention_size=16",
        "model.output_size=16", "trainer.num_heatmaps=0", "trainer.num_threads=1", "trainer.beam_size=1"]
# num_heatmaps=0: drawing costs ~1.4 s a validation here (smoke_run's tests cover heatmaps); one thread:
# two torch threads on 2 shared cores slow these tiny steps down several times over under load.

# A run whose dev BLEU cannot improve after the first validation (the rate is too small to change a
# greedy translation), validated every 2 steps: plateau drops the rate after 2 stale validations,
# early stopping ends it after 3. Forced fp32, logged every step.
LR, WARMUP, FACTOR, EVERY, PATIENCE, PLATEAU_PATIENCE = 1e-9, 4, 0.5, 2, 3, 2
PLATEAU = [*TINY, f"optim.lr={LR}", "optim.min_lr=1e-12", "optim.schedule=plateau", f"optim.warmup_steps={WARMUP}",
           f"optim.plateau_factor={FACTOR}", f"optim.plateau_patience={PLATEAU_PATIENCE}", "trainer.max_steps=1000",
           f"trainer.eval_every={EVERY}", f"trainer.patience={PATIENCE}", "trainer.log_every=1",
           "trainer.precision=fp32"]


def train(run_dir, *args, env, timeout=600):
    proc = run_cli("seq2seq-train", *args, f"hydra.run.dir={run_dir}", env=env, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-3000:] + proc.stdout[-2000:]
    return proc


def results(run_dir) -> dict:
    return json.loads((Path(run_dir) / "results.json").read_text())


def scalars(run_dir, tag) -> dict:
    """{step: value} of a TensorBoard scalar (every event file of the run, later ones win)."""
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    acc = EventAccumulator(str(Path(run_dir) / "tb"), size_guidance={"scalars": 0})
    acc.Reload()
    return {e.step: e.value for e in acc.Scalars(tag)}


def step_lines(run_dir, text=None) -> list[tuple[int, int, float]]:
    """(step, epoch, loss) of each training log line in train.log (or in ``text``)."""
    if text is None:
        log = Path(run_dir) / "train.log"
        text = log.read_text() if log.exists() else ""
    return [(int(m[1]), int(m[2]), float(m[3])) for m in re.finditer(r"\] - step (\d+) epoch (\d+): loss (\S+)", text)]


def last_step(run_dir) -> dict:
    return torch.load(Path(run_dir) / "checkpoints" / "last.pt", weights_only=True)["progress"]


# ---------------------------------------------------------------- wall-clock budget


def test_max_minutes_stops_validates_and_scores(tmp_path, cache_env):
    """Behaviour, not speed: the budget counts from start-up, so a loaded machine may stop after one step;
    what must hold anywhere is that the clock (in minutes) stopped it, at a step it then validated."""
    run_dir, minutes = tmp_path / "run", 0.15
    started = time.perf_counter()
    proc = train(run_dir, *TINY, f"trainer.max_minutes={minutes}", "trainer.max_steps=100000",
                 "trainer.eval_every=100000", "trainer.log_every=1", env=cache_env)
    elapsed = time.perf_counter() - started
    r = results(run_dir)
    assert r["stop_reason"] == f"reached trainer.max_minutes={minutes}"
    assert 1 <= r["steps"] < 100000
    assert [v[0] for v in r["validations"]] == [r["steps"]]  # validated once, at the step it stopped
    assert r["validations"][0][1] >= minutes * 60  # that validation ended after the budget (minutes, not seconds)
    assert minutes * 60 <= r["wall_seconds"] <= elapsed
    assert r["train_seconds"] <= r["wall_seconds"]
    assert 0.0 <= r["test"]["bleu"] <= 100.0 and "test BLEU" in proc.stdout  # the test set was scored
    assert last_step(run_dir)["step"] == r["steps"]
    assert max(s for s, _, _ in step_lines(run_dir)) == r["steps"]


# ---------------------------------------------------------------- early stopping and LR schedule


@pytest.fixture(scope="module")
def plateau_run(tmp_path_factory, cache_env):
    run_dir = tmp_path_factory.mktemp("plateau") / "run"
    train(run_dir, *PLATEAU, env=cache_env)
    r = results(run_dir)
    bleus = [v[2] for v in r["validations"]]
    # precondition of the two tests below: dev BLEU never beats the first validation's
    assert bleus and all(b == bleus[0] for b in bleus), bleus
    return run_dir


def test_early_stopping_after_patience_validations_without_gain(plateau_run):
    r = results(plateau_run)
    assert r["stop_reason"].startswith("early stopping")
    assert str(PATIENCE) in r["stop_reason"]
    # the first validation sets the best; PATIENCE more without a gain stop the run
    assert [v[0] for v in r["validations"]] == [EVERY * k for k in range(1, PATIENCE + 2)]
    assert r["steps"] == EVERY * (PATIENCE + 1)
    assert r["best_step"] == EVERY
    assert sorted(scalars(plateau_run, "valid/bleu")) == [v[0] for v in r["validations"]]
    assert last_step(plateau_run)["step"] == r["steps"]
    assert 0.0 <= r["test"]["bleu"] <= 100.0  # still scored on the test set


def test_lr_warms_up_linearly_then_plateau_lowers_it(plateau_run):
    lr = scalars(plateau_run, "train/lr")
    steps = results(plateau_run)["steps"]
    assert sorted(lr) == list(range(1, steps + 1))  # logged every step
    # Written out independently: linear warm-up over WARMUP steps; validations at 2, 4, 6, ...; the first
    # sets the best, 4 and 6 do not improve, so after step 6 (PLATEAU_PATIENCE stale validations) the
    # rate is multiplied by FACTOR; 8 is stale again (one, fewer than PLATEAU_PATIENCE).
    expected = {}
    for step in range(1, steps + 1):
        warm = min(1.0, step / WARMUP)
        scale = FACTOR if step > 3 * EVERY else 1.0
        expected[step] = LR * warm * scale
    assert expected[1] == LR / 4 and expected[4] == LR and expected[7] == LR / 2
    for step in expected:
        assert lr[step] == pytest.approx(expected[step], rel=1e-6, abs=0), (step, lr[step], expected[step])


# ---------------------------------------------------------------- epochs


def test_max_epochs_one_stops_after_exactly_one_epoch(tmp_path, cache_env):
    run_dir = tmp_path / "run"
    # pairs of at most 40 pieces (94 of the 600) in 800-token batches: a five-step epoch
    train(run_dir, *TINY, "data.max_len=40", "trainer.batch_tokens=800", "trainer.max_epochs=1", "trainer.max_steps=0",
          "trainer.eval_every=100000", "trainer.log_every=1", env=cache_env)
    r = results(run_dir)
    per_epoch = int(re.search(r"batching: (\d+) batches per epoch", (run_dir / "train.log").read_text())[1])
    assert r["stop_reason"] == "reached trainer.max_epochs=1"
    assert r["epochs"] == 1.0
    assert r["steps"] == per_epoch > 1
    lines = step_lines(run_dir)
    assert [s for s, _, _ in lines] == list(range(1, per_epoch + 1))
    assert {e for _, e, _ in lines} == {1}  # every step inside epoch 1
    assert [v[0] for v in r["validations"]] == [per_epoch]  # validated at the end of the epoch
    assert last_step(run_dir)["step"] == per_epoch


# ---------------------------------------------------------------- SIGTERM, then one resume


def test_sigterm_saves_last_then_one_resume_finishes(tmp_path, cache_env):
    run_dir = tmp_path / "run"
    args = [*TINY, "trainer.max_steps=16", "trainer.eval_every=8", "trainer.log_every=2", f"hydra.run.dir={run_dir}"]
    proc = subprocess.Popen([script("seq2seq-train"), *args], env=cache_env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 300
        while not any(s >= 4 for s, _, _ in step_lines(run_dir)):
            assert proc.poll() is None, "training ended before SIGTERM could be sent"
            assert time.time() < deadline, "no training step logged within 300 s"
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 0, err[-3000:]
    assert "Traceback" not in err
    stopped = re.search(r"stopped by SIGTERM at step (\d+)", err)
    assert stopped, err[-2000:]
    step = int(stopped[1])
    assert 4 <= step < 16
    assert last_step(run_dir)["step"] == step
    assert f"hydra.run.dir={run_dir} trainer.resume=auto" in err
    stopped_results = results(run_dir)  # the same keys as a finished run; nothing scored
    assert stopped_results["stop_reason"] == "interrupted by SIGTERM" and stopped_results["test"] is None
    assert stopped_results["steps"] == step
    logged = max(s for s, _, _ in step_lines(run_dir))
    assert max(scalars(run_dir, "train/loss")) == logged  # TensorBoard was flushed up to the last log

    resumed = run_cli("seq2seq-train", *args, "trainer.resume=auto", env=cache_env)
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    marker = f"resuming from {run_dir / 'checkpoints' / 'last.pt'} (step {step})"
    log = (run_dir / "train.log").read_text()
    assert marker in log
    after = [s for s, _, _ in step_lines(None, log.split(marker, 1)[1])]
    assert after and min(after) > step and max(after) == 16  # went on from the saved step, not from 0
    r = results(run_dir)
    assert r["steps"] == 16 and r["stop_reason"] == "reached trainer.max_steps=16"
    assert set(r) == set(stopped_results) and r["test"]["bleu"] >= 0
    assert [v[0] for v in r["validations"]] == [8, 16]
    assert "test BLEU" in resumed.stdout


# ---------------------------------------------------------------- Hydra multirun over forced precisions


@pytest.mark.slow  # two CLI training runs under Hydra multirun (14 s); CI runs it
def test_multirun_of_forced_fp32_and_bf16_writes_one_run_folder_each(tmp_path, cache_env):
    """One sweep, two jobs in one process: each its own folder; the same seed and batches in fp32 and bf16."""
    sweep = tmp_path / "sweep"
    proc = run_cli("seq2seq-train", "-m", *TINY, "trainer.max_steps=2", "trainer.eval_every=2", "trainer.log_every=1",
                   "trainer.precision=fp32,bf16", f"hydra.sweep.dir={sweep}", cwd=tmp_path, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:] + proc.stdout[-2000:]
    jobs = sorted(p.parent for p in sweep.glob("*/results.json"))
    assert len(jobs) == 2, list(sweep.rglob("*"))
    runs = {}
    for job in jobs:
        r = results(job)
        assert r["steps"] == 2 and f"precision {r['precision']}," in (job / "train.log").read_text()
        runs[r["precision"]] = scalars(job, "train/loss")
    assert sorted(runs) == ["bf16", "fp32"]
    assert not (tmp_path / "runs").exists()  # nothing outside the sweep folder
    for step in (1, 2):  # same seed, weights and batches: only the arithmetic differs
        fp32, bf16 = runs["fp32"][step], runs["bf16"][step]
        assert math.isfinite(fp32) and math.isfinite(bf16)
        assert bf16 != fp32, "bf16 gave the fp32 loss bit for bit: autocast did not run"
        assert bf16 == pytest.approx(fp32, rel=0.05)


# ---------------------------------------------------------------- inference output closed early


def test_translate_into_head_exits_cleanly(smoke_run, tmp_path):
    """`seq2seq-translate ... | head -1`: head closes the pipe long before the input is translated."""
    inp = tmp_path / "in.es"
    inp.write_text("En el principio crió Dios los cielos y la tierra, y dijo Dios: sea la luz.\n" * 5000)
    with open(inp) as stdin:
        translate = subprocess.Popen([script("seq2seq-translate"), f"run_dir={smoke_run}", "beam_size=1"],
                                     stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        head = subprocess.Popen(["head", "-1"], stdin=translate.stdout, stdout=subprocess.PIPE)
        translate.stdout.close()  # head alone holds the read end
        try:
            out, _ = head.communicate(timeout=300)
            err = translate.stderr.read().decode()
            translate.wait(timeout=60)
        finally:
            translate.kill()
            head.kill()
    assert "translated 5000 lines" not in err, "the pipe never broke: the test proved nothing"
    assert head.returncode == 0
    assert len(out.decode().splitlines()) == 1
    assert "Traceback" not in err and "BrokenPipeError" not in err, err[-2000:]
    assert translate.returncode == 0, err[-2000:]
