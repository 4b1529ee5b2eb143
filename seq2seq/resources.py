"""Where the Hydra configs and the bundled corpus are, in a checkout and in an installed wheel.

The repository keeps ``configs/`` and ``data/`` beside the ``seq2seq`` package (the layout the README
promises and people edit). A wheel cannot put anything beside the package in site-packages, so
``pyproject.toml`` maps the two folders into it (``seq2seq/_configs``, ``seq2seq/_data``). This module
looks in the package first (an installed wheel), then in the checkout: an editable install or
``PYTHONPATH=.``, whose package has no ``_configs``, uses the repository's folders (edits show at once).

Only the standard library is imported here: ``seq2seq --help`` and the resolvers stay cheap.
"""
from __future__ import annotations

import pathlib
from importlib import resources

__all__ = ["config_dir", "data_root", "corpus_dir", "DATA_RESOLVER"]

# The OmegaConf resolver that configs/data/*.yaml use to name the bundled corpus: ${s2s_data:}/bible-es-en/...
DATA_RESOLVER = "s2s_data"

_PACKAGE = "seq2seq"
# Names inside the package; they must match [tool.setuptools.package-dir] in pyproject.toml.
_PACKAGED = {"configs": "_configs", "data": "_data"}


def _locate(top: str, marker: str) -> pathlib.Path:
    """The folder ``top`` (``configs`` or ``data``): inside the installed package, else in the checkout.

    ``marker`` is a path below it that must exist, so that an empty or half-copied folder is not taken.
    """
    # importlib.resources rather than __file__ arithmetic: it asks the import system where the package
    # really is (an editable finder, a wheel, a venv), which is what a console script run from any folder needs.
    package = resources.files(_PACKAGE)
    candidates = []
    if isinstance(package, pathlib.Path):  # pip installs wheels unpacked; a zipped package has no real paths
        candidates = [package / _PACKAGED[top], package.parent / top]
    for folder in candidates:
        if (folder / marker).exists():
            return folder.resolve()
    raise FileNotFoundError(
        f"seq2seq: cannot find its {top}/ folder (looked in {', '.join(map(str, candidates)) or package}); "
        "reinstall it (a wheel built from the repository, or `make setup` in a checkout)")


def config_dir() -> str:
    """Absolute path of the Hydra config folder (the one holding ``config.yaml``), for ``hydra.main``.

    An absolute file path, not ``pkg://seq2seq._configs``: Hydra's ``pkg://`` source only accepts a folder
    with an ``__init__.py`` (ImportlibResourcesConfigSource.available), and ``configs/`` is a plain data folder
    in the checkout. An absolute path also serves the editable install, where the folder is outside the package.
    """
    return str(_locate("configs", "config.yaml"))


def data_root() -> pathlib.Path:
    """The folder that holds the bundled corpus folder ``bible-es-en/`` (the repository's ``data/``)."""
    return _locate("data", "bible-es-en")


def corpus_dir(name: str = "bible-es-en") -> pathlib.Path:
    """One bundled corpus folder, e.g. ``corpus_dir() / "train"`` is the prefix of ``train.es.gz``."""
    return data_root() / name
