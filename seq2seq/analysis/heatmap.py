"""Attention heatmaps (matplotlib, Agg backend): source pieces across, output pieces down."""
from __future__ import annotations

from typing import Sequence

import matplotlib

matplotlib.use("Agg")  # no display on servers; must precede pyplot
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def attention_figure(weights: np.ndarray, src_pieces: Sequence[str], out_pieces: Sequence[str],
                     title: str = "") -> "matplotlib.figure.Figure":
    """Draw one sentence's attention.

    Args:
        weights: (T, S) rows = output pieces, columns = source pieces, each row summing to 1.
        src_pieces: S labels (columns); out_pieces: T labels (rows).
    Labels stay readable up to about 60 pieces a side: the figure grows with the matrix and the font
    shrinks for long sentences.
    """
    weights = np.asarray(weights, dtype=np.float32)
    t, s = weights.shape
    if len(src_pieces) != s or len(out_pieces) != t:
        raise ValueError(f"labels {len(out_pieces)}x{len(src_pieces)} do not match weights {t}x{s}")
    cell = 0.28 if max(t, s) <= 30 else 0.2
    fig, ax = plt.subplots(figsize=(max(4.0, 1.8 + cell * s), max(3.0, 1.2 + cell * t)), dpi=100)
    image = ax.imshow(weights, cmap="viridis", vmin=0.0, vmax=1.0, aspect="auto", interpolation="nearest")
    font = 9 if max(t, s) <= 30 else 7
    ax.set_xticks(range(s))
    ax.set_xticklabels(src_pieces, rotation=90, fontsize=font)
    ax.set_yticks(range(t))
    ax.set_yticklabels(out_pieces, fontsize=font)
    ax.set_xlabel("source pieces")
    ax.set_ylabel("output pieces")
    if title:
        ax.set_title(title, fontsize=9)
    fig.colorbar(image, ax=ax, fraction=0.04, pad=0.02, label="attention weight")
    fig.tight_layout()
    return fig


def close(fig) -> None:
    plt.close(fig)


def save_png(fig, path) -> None:
    """Write a figure as PNG through the one atomic writer, then free it."""
    from seq2seq.rundir import atomic_write

    with atomic_write(path, "wb") as f:
        fig.savefig(f, format="png")
    close(fig)
