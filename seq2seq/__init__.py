"""GRU + attention neural machine translation: a Hydra-configured trainer and its inference commands.

Nothing heavy is imported here (no torch, no Hydra): ``pyproject.toml`` reads ``__version__`` from this
file when it builds, and every console script imports this package before it knows what it will need.
"""

# The one place the version is written; pyproject.toml reads it ([tool.setuptools.dynamic]).
__version__ = "0.2.0"

__all__ = ["Translator", "Translation", "__version__"]


def __getattr__(name: str):
    """``from seq2seq import Translator`` without importing torch on ``import seq2seq`` (PEP 562)."""
    if name in ("Translator", "Translation"):
        from seq2seq.inference import translator

        return getattr(translator, name)
    raise AttributeError(f"module 'seq2seq' has no attribute {name!r}")
