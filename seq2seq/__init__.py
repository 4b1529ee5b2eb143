"""GRU + attention neural machine translation: a Hydra-configured trainer and its inference commands.

Nothing heavy is imported here (no torch, no Hydra): ``pyproject.toml`` reads ``__version__`` from this
file when it builds, and every console script imports this package before it knows what it will need.
"""

# The one place the version is written; pyproject.toml reads it ([tool.setuptools.dynamic]).
__version__ = "0.2.0"
