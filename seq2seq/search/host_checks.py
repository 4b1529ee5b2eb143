"""When the decoding loops look at their own progress, and what they do then (no torch).

The PyTorch searches run on the device without reading their results back: the host is consulted only
every ``_DONE_CHECK_EVERY`` steps (one ``.sum()``), never per sentence inside the loop. Between checks,
finished or over-length rows keep being computed but are masked out. The numpy loops on ONNX Runtime
(``seq2seq.export.ort_search``) have no device to keep busy and check after every step. At a check, once
at most ``_COMPACT_BELOW`` of the batch still runs, the done rows (greedy) or done sentences (beam) leave
the batch.

The two knobs are module globals read at call time, so a test can change them with
``monkeypatch.setattr``.
"""

from __future__ import annotations

import enum

# Ask the device whether every sentence is done only every this many steps: a host sync per
# step stalls the GPU queue, and the few extra (masked) steps at the end cost less.
_DONE_CHECK_EVERY = 4
# At a done check, drop finished rows (greedy) or finished sentences (beam) once at most this
# share of the batch still runs: index_select of state and memory costs about one step.
_COMPACT_BELOW = 0.75


class Next(enum.Enum):
    """What a decoding loop does after a check."""

    GO_ON = enum.auto()
    STOP = enum.auto()  # nothing runs any more
    COMPACT = enum.auto()  # drop what is done, then go on


def is_check_step(steps: int) -> bool:
    """Whether a PyTorch loop should look at its progress after ``steps`` steps (no sync)."""
    return steps % _DONE_CHECK_EVERY == 0


def next_action(running) -> Next:
    """Stop, compact or go on, from ``running`` (b,) bool (a tensor or a numpy array): which of the
    batch's b units (rows for greedy, sentences for beam) still search. On a device tensor this costs
    the one host sync of a check."""
    n_run = int(running.sum())
    if n_run == 0:
        return Next.STOP
    if n_run <= _COMPACT_BELOW * len(running):
        return Next.COMPACT
    return Next.GO_ON
