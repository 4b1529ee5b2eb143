"""Shared fixtures: one small real training run per test session, trained through the console script."""
import gzip
import os
import re
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
    """`seq2seq-train experiment=smoke` on the bundled corpus, from an unrelated working directory.

    Trained in fp32 on every host (precision=auto would be bf16 where the CPU has it), so the model the
    tests read is the same everywhere; tests that compare decodings exactly force precision=fp32 too.
    """
    work = tmp_path_factory.mktemp("work")
    run_dir = work / "run"
    proc = run_cli("seq2seq-train", "experiment=smoke", f"hydra.run.dir={run_dir}", "trainer.max_steps=100",
                   "trainer.eval_every=50", "trainer.precision=fp32", cwd=work, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:] + proc.stdout[-2000:]
    return run_dir


class Server:
    """A real `seq2seq-serve` subprocess on 127.0.0.1, started with ``port=0``; ``url`` once /health answers.

    The server binds any free port and logs the address it got; the port is read from that line, so no
    other process can take it between the choice and the bind.
    """

    LISTENING = re.compile(r"\bserving .* on http://127\.0\.0\.1:(\d+)/ \(explorer")

    def __init__(self, run_dir: Path | None, *options: str, env=None, timeout: float = 90):
        """``run_dir=None``: the options name the model instead (``export_dir=DIR``)."""
        import threading

        self.proc = subprocess.Popen([script("seq2seq-serve"), *([f"run_dir={run_dir}"] if run_dir else []),
                                      "port=0", *options],
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.stderr: list[str] = []
        found, self._port = threading.Event(), None

        def drain():  # always read stderr, so a chatty server never blocks on a full pipe
            for line in self.proc.stderr:
                self.stderr.append(line)
                m = self.LISTENING.search(line)
                if m and self._port is None:
                    self._port = int(m.group(1))
                    found.set()
            found.set()

        self._reader = threading.Thread(target=drain, daemon=True)
        self._reader.start()
        if not found.wait(timeout) or self._port is None:
            self.stop()
            raise AssertionError(f"seq2seq-serve never logged its address (exit {self.proc.returncode}): "
                                 f"{''.join(self.stderr)[-2000:]}")
        self.port = self._port
        self.url = f"http://127.0.0.1:{self.port}"
        self._wait_healthy(timeout)

    def _wait_healthy(self, timeout: float) -> None:
        import time
        import urllib.request

        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                self.stop()
                raise AssertionError(f"seq2seq-serve exited {self.proc.returncode}: {''.join(self.stderr)[-2000:]}")
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
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        out = self.proc.stdout.read()
        self._reader.join(timeout=30)
        return out, "".join(self.stderr)
