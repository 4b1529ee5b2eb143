"""The project as a real (non-editable) wheel: built, installed in a fresh venv, run from an unrelated folder.

The editable install of `make setup` finds configs/ and data/ in the checkout; a wheel has to carry them
inside the package (pyproject.toml maps them to seq2seq/_configs and seq2seq/_data, seq2seq/resources.py
finds them). Only a wheel installed away from the checkout shows whether that works, so the slow tests
here build one, install it with its dependencies into a new venv (about two minutes: torch comes from the
local wheel cache under constraints.txt) and train the smoke experiment with it.
"""
import ast
import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "data" / "bible-es-en"


def checkout_version() -> str:
    """``__version__`` from seq2seq/__init__.py, read the way setuptools reads it (ast, no import)."""
    tree = ast.parse((ROOT / "seq2seq" / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__version__" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("no __version__ in seq2seq/__init__.py")


def pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


# ---------------------------------------------------------------- fast: the packaging config itself

def test_pyproject_lists_every_subpackage():
    """`packages` is written out in pyproject.toml (a find-directive cannot also map configs/ and data/):
    a new subpackage of seq2seq/ missing there would be missing from the wheel."""
    setuptools_cfg = pyproject()["tool"]["setuptools"]
    listed = set(setuptools_cfg["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "seq2seq").rglob("__init__.py")
               if "__pycache__" not in p.parts}
    assert on_disk - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert setuptools_cfg["package-dir"] == {"seq2seq._configs": "configs", "seq2seq._data": "data"}
    assert pyproject()["project"]["dynamic"] == ["version"]


def test_checkout_resources_are_the_repository_folders():
    """In a checkout (and the editable install) the top-level configs/ and data/ are used, edits show at once."""
    from seq2seq import resources

    assert Path(resources.config_dir()) == ROOT / "configs"
    assert resources.data_root() == ROOT / "data"
    assert (resources.corpus_dir() / "train.es.gz").is_file()


def test_version_is_importable_without_torch():
    code = "import sys, seq2seq; print(seq2seq.__version__, 'torch' in sys.modules, 'hydra' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == [checkout_version(), "False", "False"]


# ---------------------------------------------------------------- slow: build, install, run

def clean_env(**extra: str) -> dict:
    """The environment without anything that would let the venv see the checkout or the dev venv."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(extra)
    return env


def run(cmd, cwd: Path, timeout: int, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=clean_env(**env), capture_output=True, text=True,
                          timeout=timeout)


def ok(proc: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert proc.returncode == 0, f"{proc.args}\n{proc.stderr[-4000:]}\n{proc.stdout[-2000:]}"
    return proc


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the checkout: an in-tree build would leave build/ and *.egg-info in a
    working tree others use, and a stale build/lib could slip deleted modules into the wheel."""
    pytest.importorskip("setuptools")  # --no-build-isolation: the build must not download setuptools anew
    tmp = tmp_path_factory.mktemp("build")
    src = tmp / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("seq2seq", "configs", "data"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    dist = tmp / "dist"
    ok(run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", dist, src], cwd=tmp,
           timeout=300))
    wheels = list(dist.glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv (no system or dev-venv packages) with the wheel and its dependencies installed."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=True, clear=True)
    ok(run([env_dir / "bin" / "python", "-m", "pip", "install", "-q", "-c", ROOT / "constraints.txt", wheel],
           cwd=env_dir, timeout=600))
    return env_dir


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory) -> Path:
    """An unrelated working folder: nothing of the checkout is reachable from it."""
    return tmp_path_factory.mktemp("elsewhere")


@pytest.mark.slow
def test_wheel_carries_configs_and_corpus(wheel):
    version = checkout_version()
    dist_name = pyproject()["project"]["name"].replace("-", "_")
    assert wheel.name == f"{dist_name}-{version}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    configs = sorted((ROOT / "configs").rglob("*.yaml"))
    corpus = sorted(p for p in CORPUS.iterdir() if p.is_file())
    assert configs and any(p.suffix == ".gz" for p in corpus) and (CORPUS / "README.md") in corpus
    for path in configs:
        assert f"seq2seq/_configs/{path.relative_to(ROOT / 'configs').as_posix()}" in names, path
    for path in corpus:
        assert f"seq2seq/_data/bible-es-en/{path.name}" in names, path
    assert "seq2seq/resources.py" in names and "seq2seq/cli.py" in names
    for asset in sorted((ROOT / "seq2seq" / "serve" / "static").iterdir()):  # the explorer page, offline
        assert f"seq2seq/serve/static/{asset.name}" in names, asset
    assert not any(n.startswith(("configs/", "data/", "tests/", "scripts/")) for n in names)  # nothing top-level


@pytest.mark.slow
def test_installed_version_and_help(installed, elsewhere):
    code = ("import importlib.metadata as m, seq2seq; "
            f"print(seq2seq.__version__, m.version({pyproject()['project']['name']!r}), seq2seq.__file__)")
    version, meta_version, location = ok(run([installed / "bin" / "python", "-c", code], cwd=elsewhere,
                                             timeout=60)).stdout.split()
    assert version == meta_version == checkout_version()
    assert Path(location).is_relative_to(installed), location  # the wheel's copy, not the checkout
    assert "usage: seq2seq-train" in ok(run([installed / "bin" / "seq2seq-train", "--help"], cwd=elsewhere,
                                            timeout=120)).stdout
    assert "max_body_bytes=" in ok(run([installed / "bin" / "seq2seq-serve", "--help"], cwd=elsewhere,
                                       timeout=120)).stdout


@pytest.mark.slow
def test_installed_composes_main_experiment(installed, elsewhere):
    """The README's main job composes from the wheel's configs, its corpus inside the installed package."""
    proc = ok(run([installed / "bin" / "seq2seq-train", "experiment=bible_15min", "--cfg", "job", "--resolve"],
                  cwd=elsewhere, timeout=120))
    assert "name: bible_15min" in proc.stdout and "max_minutes: 15" in proc.stdout
    train = next(line.split(":", 1)[1].strip() for line in proc.stdout.splitlines()
                 if line.strip().startswith("train:"))
    assert Path(train).is_relative_to(installed) and train.endswith("seq2seq/_data/bible-es-en/train"), train
    assert Path(train + ".es.gz").is_file()
    assert not list(elsewhere.iterdir())  # --cfg job made no run folder


@pytest.mark.slow
def test_installed_trains_smoke_from_another_folder(installed, elsewhere, tmp_path):
    run_dir = tmp_path / "run"
    proc = ok(run([installed / "bin" / "seq2seq-train", "experiment=smoke", "trainer.max_steps=20",
                   "trainer.eval_every=20", "data.limit_eval=20", "trainer.num_heatmaps=1",
                   f"hydra.run.dir={run_dir}"],
                  cwd=elsewhere, timeout=900, SEQ2SEQ_CACHE=str(tmp_path / "cache")))
    assert "test BLEU" in proc.stdout
    results = json.loads((run_dir / "results.json").read_text())
    assert results["steps"] == 20 and 0.0 <= results["test"]["bleu"] <= 100.0
    assert (run_dir / ".hydra" / "config.yaml").is_file()
    # .hydra/config.yaml keeps ${s2s_data:} unresolved; the log names the files actually read
    log = (run_dir / "train.log").read_text()
    read = [line.rsplit(" from ", 1)[1] for line in log.splitlines() if " lines from " in line]
    assert len(read) == 3, log[:2000]
    for path in read:
        assert Path(path).is_relative_to(installed) and "/seq2seq/_data/bible-es-en/" in path, path
