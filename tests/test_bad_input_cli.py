"""Bad input end to end through the console scripts: one clear line, non-zero exit, no traceback, and
nothing of an existing run modified. Plus what is tolerated, and translate on arbitrary input."""
import gzip
import re
import shutil
from pathlib import Path

import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CORPUS, run_cli

REAL_ES = (CORPUS / "dev.es").read_text(encoding="utf-8").splitlines()[:300]
REAL_EN = (CORPUS / "dev.en").read_text(encoding="utf-8").splitlines()[:300]


def write_corpus(folder: Path, es=None, en=None, raw_es: bytes | None = None):
    folder.mkdir(parents=True, exist_ok=True)
    for split in ("train", "dev", "test"):
        (folder / f"{split}.es").write_text("\n".join(es or REAL_ES) + "\n", encoding="utf-8")
        (folder / f"{split}.en").write_text("\n".join(en or REAL_EN) + "\n", encoding="utf-8")
    if raw_es is not None:
        (folder / "train.es").write_bytes(raw_es)
    return [f"data.train={folder}/train", f"data.dev={folder}/dev", f"data.test={folder}/test", "data.refs=[]"]


def snapshot(run: Path) -> dict:
    return {p: p.stat().st_mtime_ns for p in run.rglob("*") if p.is_file()}


BAD_CORPORA = {
    "mismatched": (dict(en=REAL_EN[:250]), "has 300 lines but"),
    "utf8": (dict(raw_es=("\n".join(REAL_ES[:10]) + "\n").encode() + b"caf\xe9\n"), "train.es:11: invalid UTF-8"),
    "nul": (dict(raw_es=b"hola\nmun\x00do\n"), "train.es:2: NUL byte"),
    "empty": (dict(es=[""] * 300, en=[""] * 300), "empty corpus"),
}


@pytest.mark.parametrize("case", sorted(BAD_CORPORA))
def test_bad_corpus_is_one_clear_line(case, tmp_path, cache_env, smoke_run):
    kwargs, needle = BAD_CORPORA[case]
    before = snapshot(smoke_run)
    args = write_corpus(tmp_path / "c", **kwargs)
    proc = run_cli("seq2seq-train", "experiment=smoke", *args, f"hydra.run.dir={tmp_path / 'run'}", env=cache_env)
    assert proc.returncode == 2, proc.stderr[-1500:]
    errors = [line for line in proc.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and needle in errors[0], proc.stderr[-1500:]
    assert "Traceback" not in proc.stderr + proc.stdout
    assert snapshot(smoke_run) == before


@pytest.mark.slow  # a full CLI training run (17 s); test_corpus/test_pipeline cover the reader in the default suite
def test_tolerated_long_line_crlf_and_bom_are_counted(tmp_path, cache_env):
    folder = tmp_path / "c"
    args = write_corpus(folder)
    es = ["\ufeff" + REAL_ES[0]] + REAL_ES[1:] + ["palabra " * 130_000]  # a ~1 MB line
    en = REAL_EN + ["word"]
    (folder / "train.es").write_bytes(("\r\n".join(es) + "\r\n").encode())
    with gzip.open(folder / "train.en.gz", "wt", encoding="utf-8") as f:
        f.write("\n".join(en) + "\n")
    (folder / "train.en").unlink()
    proc = run_cli("seq2seq-train", "experiment=smoke", *args, "trainer.max_steps=4", "trainer.eval_every=4",
                   "tokenizer.vocab_size=600", "data.max_len=1000", f"hydra.run.dir={tmp_path / 'run'}", env=cache_env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    log = (tmp_path / "run" / "train.log").read_text()
    assert "crlf_lines=301" in log and "bom_files=1" in log
    assert "(1 over 1000 pieces skipped" in log, log[-3000:]  # the 1 MB line, nothing else


def test_checkpoint_from_other_version_or_vocab_is_refused(smoke_run, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(smoke_run, run)
    state = torch.load(run / "checkpoints" / "best.pt", weights_only=True)
    torch.save({**state, "version": 99}, run / "checkpoints" / "best.pt")
    proc = run_cli("seq2seq-eval", f"run_dir={run}")
    assert proc.returncode == 2 and "format version 99" in proc.stderr and "Traceback" not in proc.stderr
    torch.save({**state, "vocab": {**state["vocab"], "src": 123}}, run / "checkpoints" / "best.pt")
    proc = run_cli("seq2seq-eval", f"run_dir={run}")
    assert proc.returncode == 2 and "vocabulary 123" in proc.stderr and "Traceback" not in proc.stderr
    (run / "checkpoints" / "best.pt").write_bytes(b"not a checkpoint")
    proc = run_cli("seq2seq-translate", f"run_dir={run}", input="hola\n")
    assert proc.returncode == 2 and "not a readable checkpoint" in proc.stderr and proc.stdout == ""


def test_a_diverging_run_is_a_training_error_in_one_line_with_a_usable_last(tmp_path, cache_env):
    """A learning rate of 1e37 from the first step (no warm-up): step 1 is finite and moves every weight by ~1e37
    (still finite), so every later loss, summed over the vocabulary and the batch, overflows float32; after
    trainer.max_bad_steps such steps the run stops with TrainingError (exit 2), last.pt the state after step 1."""
    run = tmp_path / "run"
    tiny = ["experiment=smoke", "data.limit_train=600", "data.limit_eval=10", "tokenizer.vocab_size=500",
            "model.emb_size=16", "model.enc_hidden=16", "model.dec_hidden=32", "model.attention_size=16",
            "model.output_size=16", "trainer.num_heatmaps=0", "trainer.num_threads=1", "trainer.precision=fp32"]
    proc = run_cli("seq2seq-train", *tiny, "optim.lr=1e37", "optim.warmup_steps=1", "trainer.max_bad_steps=2",
                   "trainer.max_steps=50", "trainer.eval_every=50", f"hydra.run.dir={run}", cwd=tmp_path, env=cache_env)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr + proc.stdout and proc.stdout == ""
    errors = [line for line in proc.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1, proc.stderr[-2000:]
    # the host reads the step figures every trainer.log_every steps, so the count can pass max_bad_steps
    m = re.fullmatch(r"seq2seq-train: error: (\d+) non-finite steps in a row at step (\d+): lower optim.lr or use "
                     r"trainer.precision=fp32; last.pt holds the last good state", errors[0])
    assert m and int(m[1]) >= 2, errors[0]
    last = torch.load(run / "checkpoints" / "last.pt", weights_only=True)
    assert last["progress"]["skipped_steps"] == int(m[1]) and not (run / "results.json").exists()
    assert all(torch.isfinite(v).all() for v in last["model"].values())


@pytest.fixture(scope="module")
def loaded(smoke_run):
    from seq2seq.config import TranslateConfig
    from seq2seq.inference.translator import Translator

    cfg = TranslateConfig(run_dir=str(smoke_run), beam_size=2, max_len_a=1.0, max_len_b=5)
    return Translator.from_run(cfg.run_dir), cfg


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.text(max_size=80), st.text(alphabet=st.characters(max_codepoint=0x1F), max_size=20),
                          st.just("x" * 5000)), min_size=1, max_size=6))
def test_translate_never_crashes(loaded, lines):
    """Any Unicode, control characters, very long lines: one bounded translation per line."""
    from seq2seq.inference.translator import clean
    from seq2seq.search import SearchOptions

    translator, cfg = loaded
    opts = SearchOptions.of(cfg)
    lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    out = translator.translate(lines, cfg.beam_size, max_len_a=cfg.max_len_a, max_len_b=cfg.max_len_b,
                               batch_tokens=cfg.batch_tokens)
    assert len(out) == len(lines)
    assert all("\n" not in result.text for result in out)
    ids = translator.tokenizer.encode_src([clean(line) for line in lines])
    hyps = translator.translate_hypotheses(lines, opts, cfg.batch_tokens)
    for src_ids, nbest in zip(ids, hyps):
        n_src = min(len(src_ids), opts.max_src_len) + 1  # + EOS
        bound = int(opts.max_len_a * n_src + opts.max_len_b) if src_ids else 0
        assert len(nbest[0].tokens) <= bound
