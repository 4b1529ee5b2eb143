"""Process-wide runtime settings made before the first matrix product."""
import os
import subprocess
import sys
import textwrap

import pytest

from seq2seq.runtime import bound_kernel_caches, cpu_has_bf16

KEYS = ("ONEDNN_PRIMITIVE_CACHE_CAPACITY", "LRU_CACHE_CAPACITY")

# Live heap growth (MB) over bf16 matrix products of 400 distinct row counts, in a fresh process.
GROWTH = textwrap.dedent("""
    import ctypes, sys
    if sys.argv[1] == "bounded":
        from seq2seq.runtime import bound_kernel_caches
        bound_kernel_caches()
    import torch
    torch.set_num_threads(1)
    libc = ctypes.CDLL("libc.so.6")
    class Info(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in
                    "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]
    libc.mallinfo2.restype = Info
    def live():
        m = libc.mallinfo2()
        return (m.uordblks + m.hblkhd) / 2**20
    w = torch.randn(512, 1536).bfloat16()
    for n in range(1, 9):
        torch.mm(torch.randn(n, 512).bfloat16(), w)
    base = live()
    for n in range(9, 409):
        torch.mm(torch.randn(n, 512).bfloat16(), w)
    print(live() - base)
""")


def test_caches_are_bounded_when_the_user_set_nothing(monkeypatch):
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    bound_kernel_caches()
    assert int(os.environ["ONEDNN_PRIMITIVE_CACHE_CAPACITY"]) == 256
    assert int(os.environ["LRU_CACHE_CAPACITY"]) == 1


def test_users_own_cache_settings_win(monkeypatch):
    monkeypatch.setenv("ONEDNN_PRIMITIVE_CACHE_CAPACITY", "17")
    monkeypatch.setenv("LRU_CACHE_CAPACITY", "5")
    bound_kernel_caches()
    assert os.environ["ONEDNN_PRIMITIVE_CACHE_CAPACITY"] == "17"
    assert os.environ["LRU_CACHE_CAPACITY"] == "5"


@pytest.mark.skipif(not cpu_has_bf16() or not sys.platform.startswith("linux"),
                    reason="needs glibc and a CPU with native bf16 (oneDNN's bf16 path)")
def test_bounded_caches_stop_memory_growing_with_each_new_shape():
    """Every batch has new shapes: with the libraries' defaults each one keeps memory for good."""
    env = {k: v for k, v in os.environ.items() if k not in KEYS}

    def growth(mode: str) -> float:
        out = subprocess.run([sys.executable, "-c", GROWTH, mode], env=env, capture_output=True, text=True,
                             check=True, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        return float(out.stdout.strip().splitlines()[-1])

    default, bounded = growth("default"), growth("bounded")
    assert default > 100, f"the unbounded caches grew only {default:.0f} MB: is oneDNN not in use?"
    assert bounded < default / 2, f"bounded caches grew {bounded:.0f} MB vs {default:.0f} MB unbounded"
