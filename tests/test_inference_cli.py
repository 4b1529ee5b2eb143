"""seq2seq-eval, seq2seq-translate and seq2seq-attention against a real trained run, via console scripts."""
import json
import subprocess
import threading

import pytest

from conftest import CORPUS, run_cli, script

STREAM_TIMEOUT_S = 120


def test_eval_scores_equal_sacrebleu_cli(smoke_run, tmp_path):
    """The run's own split: the same lines results.json scored (data.limit_eval), the sacrebleu CLI's figures."""
    proc = run_cli("seq2seq-eval", f"run_dir={smoke_run}", "split=test", "beam_size=2", f"out={tmp_path}")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "BLEU" in proc.stdout and "nrefs:1|" in proc.stdout and "nrefs:2|" in proc.stdout
    result = json.loads((tmp_path / "test.best.beam2.json").read_text())
    trained = json.loads((smoke_run / "results.json").read_text())["test"]
    n = trained["lines"]
    assert (trained["length_norm"], trained["alpha"], trained["coverage_beta"]) == ("gnmt", 0.6, 0.0)  # recorded
    assert result["lines"] == n == trained["limit_eval"] == 80 < len((CORPUS / "test.es").read_text().splitlines())
    assert "80 lines (the first 80: the run's data.limit_eval)" in proc.stdout
    hyp = tmp_path / "test.best.beam2.hyp"
    assert len(hyp.read_text().splitlines()) == n
    refs = {}
    for lang in ("en", "kjv"):
        refs[lang] = tmp_path / f"ref.{lang}"
        refs[lang].write_text("".join(line + "\n" for line in (CORPUS / f"test.{lang}").read_text().splitlines()[:n]))
    for ref_files, got in (([refs["en"]], result), ([refs["en"], refs["kjv"]], result["multiref"])):
        for metric, key in (("bleu", "bleu"), ("chrf", "chrf"), ("ter", "ter")):
            cli = subprocess.run([script("sacrebleu"), *map(str, ref_files), "-i", str(hyp), "-m", metric, "-b", "-w",
                                  "2"], capture_output=True, text=True, check=True)
            assert float(cli.stdout.strip()) == pytest.approx(got[key], abs=0.011), (metric, len(ref_files))


def test_eval_scoring_options_reach_the_search_and_keep_their_own_files(smoke_run, tmp_path):
    """length_norm / coverage_beta from the command line: checked, recorded, and in the file names."""
    outs = {}
    for args, stem in ((["beam_size=4"], "test.best.beam4"),
                       (["beam_size=4", "length_norm=none", "coverage_beta=3"], "test.best.beam4.none.cov3")):
        proc = run_cli("seq2seq-eval", f"run_dir={smoke_run}", "split=test", *args, f"out={tmp_path}")
        assert proc.returncode == 0, proc.stderr[-2000:]
        result = json.loads((tmp_path / f"{stem}.json").read_text())
        outs[stem] = (tmp_path / f"{stem}.hyp").read_text()
    assert result["length_norm"] == "none" and result["coverage_beta"] == 3
    # (the smoke model's outputs all run to the length limit, so no scoring can change them: test_scoring
    # checks what the options do, test_export that they reach both searches)
    assert len(outs) == 2
    for bad, needle in (("length_norm=mean", "length_norm"), ("coverage_beta=-1", "coverage_beta")):
        proc = run_cli("seq2seq-eval", f"run_dir={smoke_run}", bad, f"out={tmp_path}")
        assert proc.returncode == 2 and needle in proc.stderr and "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_eval_with_explicit_files_and_bad_references(smoke_run, tmp_path):
    src, ref = tmp_path / "in.es", tmp_path / "ref.en"
    src.write_text("".join(line + "\n" for line in (CORPUS / "dev.es").read_text().splitlines()[:20]))
    ref.write_text("".join(line + "\n" for line in (CORPUS / "dev.en").read_text().splitlines()[:20]))
    ok = run_cli("seq2seq-eval", f"run_dir={smoke_run}", f"src={src}", f"refs=[{ref}]", "beam_size=1", f"out={tmp_path}")
    assert ok.returncode == 0, ok.stderr[-2000:]
    assert json.loads((tmp_path / "in.es.best.beam1.json").read_text())["lines"] == 20
    empty = tmp_path / "empty.en"
    empty.write_text("")
    for refs, needle in ((f"[{tmp_path}/missing.en]", "missing.en"), (f"[{empty}]", "empty reference")):
        bad = run_cli("seq2seq-eval", f"run_dir={smoke_run}", f"src={src}", f"refs={refs}", f"out={tmp_path}")
        assert bad.returncode == 2 and needle in bad.stderr and "Traceback" not in bad.stderr


def test_translate_one_line_out_per_line_in(smoke_run):
    lines = ["En el principio crió Dios los cielos y la tierra.", "", "Y dijo Dios: Sea la luz: y fué la luz.",
             "palabra " * 400, "control\x01\x07chars\x1b[31m here", "日本語 русский עברית 😀 mixed", "   ", "\t",
             "Jesús lloró."]
    text = "\n".join(lines) + "\n"
    proc = run_cli("seq2seq-translate", f"run_dir={smoke_run}", "beam_size=2", input=text)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout.split("\n")
    assert out[-1] == "" and len(out) - 1 == len(lines), proc.stdout
    assert out[1] == "" and out[6] == "" and out[7] == ""  # empty (or blank) in, empty out
    assert "loaded" in proc.stderr  # logs go to stderr, never into the translations


def test_translate_same_output_for_file_and_stdin_and_order_kept(smoke_run, tmp_path):
    src = (CORPUS / "dev.es").read_text().splitlines()[:40]
    inp, outp = tmp_path / "in.txt", tmp_path / "out.txt"
    inp.write_text("\n".join(src) + "\n")
    # fp32: bf16 (precision=auto on CPUs that have it) rounds a sentence's activations differently in a
    # batch of 7 than in one of 40 (another padded length), so only fp32 makes the batching invisible
    fp32 = ("beam_size=1", "precision=fp32")
    a = run_cli("seq2seq-translate", f"run_dir={smoke_run}", *fp32, input=inp.read_text())
    b = run_cli("seq2seq-translate", f"run_dir={smoke_run}", *fp32, f"input={inp}", f"output={outp}", "chunk=7")
    assert a.returncode == 0 and b.returncode == 0
    assert b.stdout == ""
    assert outp.read_text() == a.stdout
    # order: translating one line alone gives the line it got in the batch
    one = run_cli("seq2seq-translate", f"run_dir={smoke_run}", *fp32, input=src[17] + "\n")
    assert one.stdout.splitlines()[0] == a.stdout.splitlines()[17]


@pytest.mark.parametrize("mode", [[], ["line_buffered=true"]], ids=["default", "line_buffered"])
def test_translate_streams_while_input_is_open(smoke_run, mode):
    """The first translation arrives before stdin is closed (a watchdog bounds the wait: fail, not hang)."""
    proc = subprocess.Popen([script("seq2seq-translate"), f"run_dir={smoke_run}", "beam_size=1", *mode],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    fired = threading.Event()

    def watchdog():
        fired.set()
        proc.kill()  # unblocks the reads below: they see end of file

    timer = threading.Timer(STREAM_TIMEOUT_S, watchdog)
    timer.start()
    try:
        proc.stdin.write("Jesús lloró.\n")
        proc.stdin.flush()
        first = proc.stdout.readline()  # blocks until a translation is written; stdin is still open
        assert not fired.is_set(), f"no translation within {STREAM_TIMEOUT_S} s while stdin was open"
        assert first.endswith("\n")
        proc.stdin.write("Y dijo Dios.\n")
        proc.stdin.close()
        rest = proc.stdout.read()
        assert not fired.is_set(), f"seq2seq-translate did not finish within {STREAM_TIMEOUT_S} s of starting"
        assert len(rest.splitlines()) == 1
    finally:
        timer.cancel()
        proc.kill()
        proc.wait()


def test_translate_nbest(smoke_run):
    proc = run_cli("seq2seq-translate", f"run_dir={smoke_run}", "beam_size=3", "n_best=3", input="Jesús lloró.\nAmén.\n")
    rows = [line.split(" ||| ") for line in proc.stdout.splitlines()]
    assert [r[0] for r in rows] == ["0", "0", "0", "1", "1", "1"]
    scores = [float(r[2]) for r in rows[:3]]
    assert scores == sorted(scores, reverse=True)


def test_attention_outputs(smoke_run, tmp_path):
    proc = run_cli("seq2seq-attention", f"run_dir={smoke_run}", "text=Y dijo Dios: Sea la luz", f"out={tmp_path}",
                   "beam_size=3", "hypothesis=1")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "entropy" in proc.stdout and "diagonality" in proc.stdout
    png = tmp_path / "sentence0.png"
    assert png.read_bytes()[:4] == b"\x89PNG"
    entry = json.loads((tmp_path / "sentence0.json").read_text())
    assert len(entry["attention"]) == len(entry["output_pieces"])
    assert all(len(row) == len(entry["source_pieces"]) for row in entry["attention"])
    links = (tmp_path / "alignments.pharaoh").read_text().strip()
    for pair in links.split():
        i, j = map(int, pair.split("-"))
        assert 0 <= i < len(entry["source_words"]) and 0 <= j < len(entry["output_words"])


@pytest.mark.parametrize("args,needle", [
    (["beam_size=0"], "beam_size"),
    (["beam_sise=3"], "beam_sise"),
    (["checkpoint=nope"], "nope.pt"),
])
def test_inference_errors(smoke_run, args, needle):
    proc = run_cli("seq2seq-translate", f"run_dir={smoke_run}", *args, input="hola\n")
    assert proc.returncode == 2 and needle in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_run_without_checkpoint_is_reported(tmp_path):
    proc = run_cli("seq2seq-eval", f"run_dir={tmp_path}")
    assert proc.returncode == 2 and "no checkpoint" in proc.stderr and "Traceback" not in proc.stderr
