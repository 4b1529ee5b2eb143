"""seq2seq-export and decoding on ONNX Runtime, against the session's real trained smoke run."""
import json
import shutil
import urllib.request
from pathlib import Path

import pytest

from conftest import Server, real_lines, run_cli

pytest.importorskip("onnxruntime")
pytest.importorskip("onnxscript")


@pytest.fixture(scope="module")
def export_dir(smoke_run, tmp_path_factory, cache_env) -> Path:
    out = tmp_path_factory.mktemp("exp") / "export"
    proc = run_cli("seq2seq-export", f"run_dir={smoke_run}", f"out={out}", env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "onnx_ir" not in proc.stderr and "Traceback" not in proc.stderr
    return out


def test_export_folder_is_complete_and_checked(export_dir, smoke_run):
    manifest = json.loads((export_dir / "manifest.json").read_text())
    assert {"encoder.onnx", "decoder_step.onnx", "spm.model"} <= set(manifest["files"])
    assert manifest["source"]["max_abs_diff"] < 1e-4
    best = json.loads((smoke_run / "results.json").read_text())["best_step"]  # checkpoint=best by default
    assert manifest["source"]["step"] == best == torch_step(smoke_run / "checkpoints" / "best.pt")
    # README: the folder is 0755 and its files 0644, whatever the umask, so it can be copied and shared
    assert (export_dir.stat().st_mode & 0o777) == 0o755
    assert {f.name: f.stat().st_mode & 0o777 for f in export_dir.iterdir()} == {f: 0o644 for f in manifest["files"]} | \
        {"manifest.json": 0o644}
    assert not list(export_dir.parent.glob(".export.*"))  # no temporary folder left behind


def torch_step(path: Path) -> int:
    import torch

    return int(torch.load(path, weights_only=True)["progress"]["step"])


def test_an_export_past_its_tolerance_is_refused_and_leaves_nothing(export_dir, smoke_run, tmp_path, cache_env):
    """The check's own difference (from the export above) is over a tolerance of half of it: refused in one line,
    and neither the out folder nor its missing parents nor a temporary folder remain."""
    diff = json.loads((export_dir / "manifest.json").read_text())["source"]["max_abs_diff"]
    assert diff > 0  # ONNX Runtime and PyTorch round differently; an exact 0 would leave nothing to refuse
    out = tmp_path / "new" / "export"
    proc = run_cli("seq2seq-export", f"run_dir={smoke_run}", f"out={out}", f"tolerance={diff / 2}", env=cache_env)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    errors = [line for line in proc.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and f"(more than tolerance={diff / 2}); nothing was written" in errors[0], proc.stderr
    assert errors[0].startswith(f"seq2seq-export: error: out={out}: ONNX Runtime differs from PyTorch by ")
    assert list(tmp_path.iterdir()) == []


def test_export_of_a_coverage_model_is_refused_in_one_line_in_process(tmp_path):
    from seq2seq.config import ExportConfig
    from seq2seq.errors import ConfigError
    from seq2seq.export.onnx_export import export_run
    from seq2seq.training.trainer import Trainer
    from test_trainer import tiny

    cfg = tiny(tmp_path / "cache", max_steps=1, eval_every=1, num_heatmaps=0)
    cfg.model.coverage = True
    Trainer(cfg, tmp_path / "run").fit()
    out = tmp_path / "new" / "export"
    with pytest.raises(ConfigError) as refused:
        export_run(ExportConfig(run_dir=str(tmp_path / "run"), out=str(out)))
    message = str(refused.value)
    assert "\n" not in message and "model.coverage=true, which the ONNX export does not carry yet" in message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "run"]  # no out folder, parent or temporary


@pytest.mark.parametrize("beam,scoring", [(1, {}), (4, {}), (4, {"length_norm": "average"}),
                                          (4, {"length_norm": "none", "coverage_beta": 0.3})])
def test_onnx_runtime_translations_equal_pytorch(export_dir, smoke_run, beam, scoring):
    from seq2seq.inference.translator import Translator
    from seq2seq.search.options import SearchOptions

    lines = real_lines("test.es", 40)
    pt = Translator.from_run(smoke_run, device="cpu", precision="fp32")
    ox = Translator.from_export(export_dir, num_threads=1)
    assert ox.backend == "onnxruntime" and pt.backend == "pytorch"
    opts = SearchOptions(beam_size=beam, n_best=1, **scoring)
    a, b = pt.translate_hypotheses(lines, opts), ox.translate_hypotheses(lines, opts)
    same = sum(ha[0].tokens == hb[0].tokens for ha, hb in zip(a, b))
    assert same >= 39, f"{same}/40 identical at beam {beam}"
    close = [abs(ha[0].norm_score - hb[0].norm_score) for ha, hb in zip(a, b) if ha[0].tokens == hb[0].tokens]
    assert max(close) < 1e-3


def test_translate_cli_on_export_imports_no_torch(export_dir, smoke_run, tmp_path, cache_env):
    """A `torch` that raises on import stands first on the path: the export path must never touch it."""
    poison = tmp_path / "poison" / "torch"
    poison.mkdir(parents=True)
    (poison / "__init__.py").write_text("raise ImportError('torch was imported by the ONNX Runtime path')\n")
    env = dict(cache_env, PYTHONPATH=str(poison.parent))
    text = "\n".join(real_lines("test.es", 5)) + "\n"
    scoring = ("length_norm=average", "coverage_beta=0.2")
    ox = run_cli("seq2seq-translate", f"export_dir={export_dir}", "beam_size=3", *scoring, input=text, env=env)
    assert ox.returncode == 0, ox.stderr[-2000:]
    pt = run_cli("seq2seq-translate", f"run_dir={smoke_run}", "beam_size=3", "precision=fp32", *scoring, input=text,
                 env=cache_env)
    assert pt.returncode == 0, pt.stderr[-2000:]
    assert ox.stdout.splitlines() == pt.stdout.splitlines()
    assert len(ox.stdout.splitlines()) == 5
    # the poisoned torch is real: the PyTorch path fails with it
    bad = run_cli("seq2seq-translate", f"run_dir={smoke_run}", input=text, env=env)
    assert bad.returncode != 0


@pytest.mark.parametrize("damage", ["missing", "changed"])
def test_damaged_export_is_one_line_error_naming_the_file(export_dir, tmp_path, damage):
    copy = tmp_path / "copy"
    shutil.copytree(export_dir, copy)
    target = copy / "decoder_step.onnx"
    if damage == "missing":
        target.unlink()
    else:
        with open(target, "r+b") as f:
            f.seek(1000)
            f.write(b"\x00\x01\x02\x03")
    proc = run_cli("seq2seq-translate", f"export_dir={copy}", input="hola\n")
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    err = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(err) == 1 and "decoder_step.onnx" in err[0], proc.stderr


def test_export_refuses_a_foreign_out_folder(smoke_run, tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "keep.txt").write_text("precious")
    proc = run_cli("seq2seq-export", f"run_dir={smoke_run}", f"out={out}")
    assert proc.returncode != 0 and "Traceback" not in proc.stderr and "out=" in proc.stderr
    assert (out / "keep.txt").read_text() == "precious"


def test_serve_on_export_over_http(export_dir, smoke_run, cache_env):
    server = Server(None, f"export_dir={export_dir}", env=cache_env)
    try:
        with urllib.request.urlopen(server.url + "/health", timeout=5) as r:
            health = json.loads(r.read())
        assert health["backend"] == "onnxruntime"
        line = real_lines("test.es", 1)[0]
        req = urllib.request.Request(server.url + "/translate", data=json.dumps({"text": [line]}).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            got = json.loads(r.read())
    finally:
        server.stop()
    from seq2seq.inference.translator import Translator

    want = Translator.from_run(smoke_run, device="cpu", precision="fp32").translate([line])
    assert [t["text"] for t in got["translations"]] == [r.text for r in want]


def test_attention_matrices_from_an_export_match_pytorch(export_dir, smoke_run):
    import numpy as np

    from seq2seq.inference.translator import Translator

    lines = real_lines("test.es", 3)
    pt = Translator.from_run(smoke_run, device="cpu", precision="fp32")
    ox = Translator.from_export(export_dir, num_threads=1)
    a = ox.translate(lines, beam_size=3, n_best=2, return_attention=True)
    b = pt.translate(lines, beam_size=3, n_best=2, return_attention=True)
    for x, y in zip(a, b):
        assert x.text == y.text and x.source_pieces == y.source_pieces and len(x.nbest) == 2
        got, want = np.asarray(x.attention), np.asarray(y.attention)
        assert got.shape == want.shape == (len(y.pieces), len(y.source_pieces))
        assert np.abs(got - want).max() < 1e-4
        assert np.allclose(got.sum(-1), 1.0, atol=1e-4)  # each target piece's weights over the source


@pytest.mark.slow  # keeps the default suite under 5 minutes; CI runs it with -m slow
def test_export_refuses_a_coverage_model_in_one_line(tmp_path, cache_env):
    run = tmp_path / "run"
    proc = run_cli("seq2seq-train", "experiment=smoke", "model.coverage=true", "trainer.max_steps=2",
                   "trainer.eval_every=2", "data.limit_eval=4", f"hydra.run.dir={run}", cwd=tmp_path, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = tmp_path / "export"
    proc = run_cli("seq2seq-export", f"run_dir={run}", f"out={out}", env=cache_env)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "model.coverage=true, which the ONNX export does not carry yet" in proc.stderr
    errors = [line for line in proc.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and errors[0].startswith("seq2seq-export: error: ") and not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".export.")]  # no temporary folder left
