"""Shared fixtures: one small real training run per test session, trained through the console script."""
import gzip
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CORPUS = ROOT / "data" / "bible-es-en"


def real_lines(name: str, n: int) -> list[str]:
    """The first ``n`` lines of a bundled corpus file (``.gz`` read transparently)."""
    path = CORPUS / name
    assert path.exists(), f"bundled corpus file missing: {path}"
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8", newline="\n") as f:
        lines = [line.rstrip("\n") for _, line in zip(range(n), f)]
    assert len(lines) == n
    return lines


def script(name: str) -> str:
    path = BIN / name
    return str(path) if path.exists() else shutil.which(name) or name


def run_cli(name: str, *args: str, cwd=None, env=None, input=None, timeout=600) -> subprocess.CompletedProcess:
    return subprocess.run([script(name), *args], cwd=cwd, env=env, input=input, capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture(scope="session")
def cache_env(tmp_path_factory):
    env = dict(os.environ)
    env["SEQ2SEQ_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    return env


@pytest.fixture(scope="session")
def smoke_run(tmp_path_factory, cache_env) -> Path:
    """`seq2seq-train experiment=smoke` on the bundled corpus, from an unrelated working directory."""
    work = tmp_path_factory.mktemp("work")
    run_dir = work / "run"
    proc = run_cli("seq2seq-train", "experiment=smoke", f"hydra.run.dir={run_dir}", "trainer.max_steps=100",
                   "trainer.eval_every=50", cwd=work, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:] + proc.stdout[-2000:]
    return run_dir


def free_port() -> int:
    """A loopback port nobody listens on now (the server binds it a moment later)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A real `seq2seq-serve` subprocess on 127.0.0.1; ``url`` once /health answers."""

    def __init__(self, run_dir: Path | None, *options: str, env=None, timeout: float = 90):
        """``run_dir=None``: the options name the model instead (``export_dir=DIR``)."""
        import time
        import urllib.request

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([script("seq2seq-serve"), *([f"run_dir={run_dir}"] if run_dir else []),
                                      f"port={self.port}", *options],
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise AssertionError(f"seq2seq-serve exited {self.proc.returncode}: {self.proc.stderr.read()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=5) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError("seq2seq-serve did not answer /health in time")
            time.sleep(0.2)

    def stop(self) -> tuple[str, str]:
        """SIGINT, as a user's Ctrl-C; returns (stdout, stderr)."""
        import signal

        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.communicate()
