#!/usr/bin/env python
"""Count 2-rank torchrun launches that abort at exit (issue 34: ``terminate called without an active exception``).

    python scripts/ddp_teardown_loop.py                  # 10 launches of 16 steps (~4 minutes on 2 cores)
    python scripts/ddp_teardown_loop.py --launches 20 --sigterm

Each launch is ``torchrun --standalone --nproc-per-node 2 seq2seq-train experiment=smoke`` with a short
step budget, one validation at its end and rank 0's final test on the smoke test set, in a run folder of
its own; the launches share one SEQ2SEQ_CACHE, so only the first prepares the corpus. ``--sigterm`` makes
each launch a long run that gets SIGTERM (to every process, as a scheduler does) after its first
checkpoint, then a resume of 10 more steps with the same world: both exits are checked.

A launch is an abort when torchrun exits non-zero or any rank's stderr holds ``terminate called`` (the
C++ runtime's words before SIGABRT) or ``Fatal Python error`` (``PYTHONFAULTHANDLER=1``: a fatal signal,
with the Python stacks). The SIGTERM'd launch is judged by its stderr alone: torchrun answers its own
SIGTERM with a traceback and exit code 1 whatever its workers did. The last lines of every abort's
stderr are printed.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
ARGS = ["experiment=smoke", "data.limit_eval=40", "trainer.log_every=4", "trainer.num_heatmaps=0"]


def launch_env(cache: Path) -> dict:
    return {**os.environ, "SEQ2SEQ_CACHE": str(cache), "OMP_NUM_THREADS": "1", "PYTHONFAULTHANDLER": "1"}


def torchrun_cmd(run: Path, *extra: str) -> list[str]:
    return [str(BIN / "torchrun"), "--standalone", "--nproc-per-node=2", str(BIN / "seq2seq-train"), *ARGS,
            f"hydra.run.dir={run}", *extra]


def aborted(returncode: int | None, stderr: str) -> bool:
    """``returncode`` None: not judged (torchrun itself exits 1 with a traceback when it gets SIGTERM)."""
    crashed = "terminate called" in stderr or "Fatal Python error" in stderr  # the latter: faulthandler
    return crashed or returncode not in (0, None)


def short_launch(run: Path, env: dict, steps: int) -> list[tuple[int, str]]:
    """One launch that trains ``steps`` steps, validates once and tests; its (exit code, stderr)."""
    p = subprocess.run(torchrun_cmd(run, f"trainer.max_steps={steps}", f"trainer.eval_every={steps}"),
                       env=env, capture_output=True, text=True, timeout=900)
    return [(p.returncode, p.stderr)]


def sigterm_launch(run: Path, env: dict, steps: int) -> list[tuple[int, str]]:
    """SIGTERM after the first checkpoint, then a resume of ``steps`` more steps; both (exit code, stderr)."""
    p = subprocess.Popen(torchrun_cmd(run, "trainer.max_steps=400", f"trainer.eval_every={steps}"), env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.time() + 600
    while not (run / "checkpoints" / "last.pt").exists() and time.time() < deadline and p.poll() is None:
        time.sleep(0.5)
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGTERM)
    _, err = p.communicate(timeout=600)
    out = [(None, err)]
    if (run / "checkpoints" / "last.pt").exists():
        import torch

        step = torch.load(run / "checkpoints" / "last.pt", weights_only=True)["progress"]["step"]
        r = subprocess.run(torchrun_cmd(run, f"trainer.max_steps={step + steps}", f"trainer.eval_every={steps}",
                                        "trainer.resume=auto"), env=env, capture_output=True, text=True, timeout=900)
        out.append((r.returncode, r.stderr))
    return out


def loop(launches: int, steps: int, sigterm: bool, work: Path, cache: Path) -> int:
    """Run the launches; print one line each and return how many aborted."""
    env, bad = launch_env(cache), 0
    for k in range(launches):
        started = time.perf_counter()
        exits = (sigterm_launch if sigterm else short_launch)(work / f"run{k}", env, steps)
        failed = [(rc, err) for rc, err in exits if aborted(rc, err)]
        bad += bool(failed)
        print(f"launch {k + 1}/{launches}: exit codes {[rc for rc, _ in exits]} (None: SIGTERM'd), "
              f"{'ABORT' if failed else 'clean'} ({time.perf_counter() - started:.0f} s)", flush=True)
        for rc, err in failed:
            print("\n".join("    " + line for line in err.splitlines()[-40:]), flush=True)
    return bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--launches", type=int, default=10)
    ap.add_argument("--steps", type=int, default=16)
    ap.add_argument("--sigterm", action="store_true", help="SIGTERM each launch mid-run, then resume it")
    ap.add_argument("--work", type=Path, help="folder for the run folders and the cache (default: a temporary one)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="ddp-teardown-") as tmp:
        work = a.work or Path(tmp)
        bad = loop(a.launches, a.steps, a.sigterm, work, work / "cache")
    print(f"{bad}/{a.launches} launches aborted")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
