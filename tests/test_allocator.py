"""The commands re-execute themselves on tcmalloc/jemalloc when available (seq2seq/allocator.py)."""
import os
import subprocess
import sys

import pytest

from seq2seq import allocator
from seq2seq.errors import ConfigError

PROBE = "from seq2seq.allocator import *; use_fast_allocator(); import sys; print(active_allocator(), *sys.argv[1:])"


def test_choice_and_preload_rules(monkeypatch):
    monkeypatch.setattr(allocator, "find_library", lambda name: {"jemalloc": "libjemalloc.so.2"}.get(name))
    env = allocator.preload_env({"LD_PRELOAD": "libfoo.so"})
    assert env["LD_PRELOAD"] == "libjemalloc.so.2:libfoo.so"       # auto falls back to jemalloc, keeps the user's
    assert allocator.preload_env({"SEQ2SEQ_MALLOC": "system"}) is None
    assert allocator.preload_env({"LD_PRELOAD": "/opt/libtcmalloc.so"}) is None  # already on one: no loop
    with pytest.raises(ConfigError, match="apt-get install libtcmalloc-minimal4"):
        allocator.preload_env({"SEQ2SEQ_MALLOC": "tcmalloc"})
    with pytest.raises(ConfigError, match="SEQ2SEQ_MALLOC='tc'"):
        allocator.preload_env({"SEQ2SEQ_MALLOC": "tc"})
    monkeypatch.setattr(allocator, "find_library", lambda name: None)
    assert allocator.preload_env({}) is None                        # nothing installed: glibc, no error


def require_tcmalloc() -> None:
    """Skip where tcmalloc is missing, except under CI (CI set, as .ci/run sets it): there the real part
    must be present, so a missing library fails instead of leaving the suite green without this test."""
    if sys.platform.startswith("linux") and allocator.find_library("tcmalloc") is not None:
        return
    why = "needs tcmalloc (apt-get install libtcmalloc-minimal4)"
    if os.environ.get("CI"):
        pytest.fail(f"CI={os.environ['CI']}: {why}; it is not installed")
    pytest.skip(why)


def test_process_reexecutes_on_tcmalloc_with_its_arguments(monkeypatch):
    require_tcmalloc()
    monkeypatch.delenv("LD_PRELOAD", raising=False)
    monkeypatch.delenv("SEQ2SEQ_MALLOC", raising=False)
    out = subprocess.run([sys.executable, "-c", PROBE, "a b", "c"], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["tcmalloc", "a", "b", "c"]
    monkeypatch.setenv("SEQ2SEQ_MALLOC", "system")
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["glibc"]


def test_bad_choice_is_a_one_line_error():
    env = {**os.environ, "SEQ2SEQ_MALLOC": "fast"}
    exe = os.path.join(os.path.dirname(sys.executable), "seq2seq-translate")
    out = subprocess.run([exe, "run_dir=nowhere"], capture_output=True, text=True, env=env)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == ["seq2seq-translate: error: SEQ2SEQ_MALLOC='fast' is not one of "
                                               "auto, tcmalloc, jemalloc, system"]
