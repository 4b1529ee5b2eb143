"""Guided alignment: word links expanded to piece rows, the loss and its gradient through the fast
recurrence, link-file checks, and the option end to end (TensorBoard, results.json, valid/aer)."""
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
import torch

from conftest import real_lines, run_cli
from seq2seq.analysis.aer import AlignmentFileError
from seq2seq.data.arrays import ParallelIds, TokenArray
from seq2seq.data.batching import collate
from seq2seq.data.links import TrainingLinks, read_training_links, usable_lines, word_start_table
from seq2seq.model.decoder import Memory
from seq2seq.model.guided_loss import EPS, GuideTarget, guided_attention_loss
from seq2seq.training.guided import batch_target, reference_rows
from test_recurrence import B, H, S, T, float64_decoder, textbook_loop

PIECES = ["<pad>", "<s>", "</s>", "<unk>", "▁la", "▁casa", "▁bl", "anca", "▁the", "▁white", "▁hou", "se"]
STARTS = word_start_table(PIECES)
SRC = np.array([4, 5, 6, 7])      # la casa bl|anca: words 0, 1, 2 (two pieces)
TGT = np.array([8, 9, 10, 11])    # the white hou|se: words 0, 1, 2 (two pieces)
LINKS = np.array([[0, 0], [2, 1], [1, 2], [2, 2]])   # (source word, target word)


def test_word_links_expand_to_piece_rows_by_hand():
    ref = reference_rows(SRC, TGT, LINKS, STARTS, STARTS, (3, 3))
    third = 1 / 3
    want = np.array([[1, 0, 0, 0],              # the -> la
                     [0, 0, .5, .5],            # white -> blanca: its two pieces share the row
                     [0, third, third, third],  # hou -> casa + blanca: three source pieces
                     [0, third, third, third]])  # se: same word, same row
    np.testing.assert_allclose(ref, want, rtol=1e-6)
    # a target word without links gets no row; other word counts than whitespace's: no reference at all
    np.testing.assert_array_equal(reference_rows(SRC, TGT, LINKS[1:], STARTS, STARTS, (3, 3))[0], 0)
    assert reference_rows(SRC, TGT, LINKS, STARTS, STARTS, (4, 3)) is None


def links_of(lines: list[list[tuple[int, int]]], src_words, tgt_words) -> TrainingLinks:
    flat = [p for line in lines for p in line]
    return TrainingLinks(Path("x.align"), "", np.array(flat, dtype=np.int32).reshape(-1, 2),
                         np.cumsum([0] + [len(x) for x in lines]), np.array(src_words), np.array(tgt_words), len(lines))


def test_batch_rows_land_on_their_pieces_and_skip_eos_padding_and_unlinked_pairs():
    # corpus lines: 0 has links, 1 has none, 2 is the hand example; the batch holds 2, 1, 0
    links = links_of([[(0, 0)], [], [tuple(x) for x in LINKS]], [1, 1, 3], [1, 1, 3])
    pairs = [(2, SRC, TGT), (1, np.array([4]), np.array([8])), (0, np.array([5]), np.array([9]))]
    batch = collate(pairs, pad_id=0, bos_id=1, eos_id=2)
    usable, mismatched = usable_lines(links, ParallelIds(TokenArray.from_lists([[5], [4], SRC]),
                                                         TokenArray.from_lists([[9], [8], TGT])), STARTS, STARTS)
    assert usable.tolist() == [True, False, True] and mismatched == 0
    target = batch_target(batch, links, usable, STARTS, STARTS)
    b, t, s = batch.tgt_out.shape[0], batch.tgt_out.shape[1], batch.src.shape[1]
    dense = torch.zeros(b * t * s).index_add_(0, target.index, target.weight).view(b, t, s)
    want = torch.zeros(b, t, s)
    want[0, :4, :4] = torch.from_numpy(reference_rows(SRC, TGT, LINKS, STARTS, STARTS, (3, 3)))
    want[2, 0, 0] = 1.0
    torch.testing.assert_close(dense, want)
    assert target.rows == 5   # four rows of pair 2, one of pair 0; EOS rows, pair 1 and padding: none


def test_usable_lines_leave_out_pairs_whose_pieces_make_other_word_counts():
    links = links_of([[(0, 0)], [(1, 1)]], [1, 2], [1, 2])
    ids = ParallelIds(TokenArray.from_lists([[4], [6, 7]]), TokenArray.from_lists([[8], [9, 10]]))  # "blanca": 1 word
    usable, mismatched = usable_lines(links, ids, STARTS, STARTS)
    assert usable.tolist() == [True, False] and mismatched == 1


def test_loss_is_the_cross_entropy_of_the_dense_reference():
    torch.manual_seed(0)
    attn = torch.softmax(torch.randn(2, 3, 4, dtype=torch.float64), -1)
    ref = torch.zeros(2, 3, 4, dtype=torch.float64)
    ref[0, 1, :2] = 0.5
    ref[1, 0, 3] = 1.0
    flat = ref.flatten()
    index = flat.nonzero().squeeze(1)
    got = guided_attention_loss(attn, GuideTarget(index, flat[index].float()))
    want = -(ref * torch.log(attn + EPS)).sum()
    torch.testing.assert_close(got, want)


@pytest.mark.parametrize("recompute", [False, True])
def test_guided_gradient_through_the_fast_recurrence_matches_textbook_autograd(recompute):
    """The hand-written backward of ``attentive_gru`` receives the guided loss's gradient on the attention
    (d_attns); every parameter's gradient equals autograd through the textbook equations (float64)."""
    torch.manual_seed(5)
    dec, mask, values, init, tgt_in = float64_decoder(recompute, [6, 4, 2])
    # reference rows: random distributions over each sentence's real source positions, some rows unguided
    ref = torch.rand(B, T, S, dtype=torch.float64) * mask[:, None, :] * (torch.rand(B, T, 1) < 0.7)
    ref = ref / ref.sum(-1, keepdim=True).clamp_min(1e-30)
    flat = ref.flatten()
    target = GuideTarget(flat.nonzero().squeeze(1), flat[flat.nonzero().squeeze(1)])
    up_h = torch.randn(B, T, H, dtype=torch.float64)   # a translation-loss stand-in on the states
    inputs = [values, init, *dec.parameters()]

    mem = Memory(values, dec.attention.keys(values), mask, init)
    hs, _, ws, _ = dec._recur_additive(dec.input_emb(dec.embedding(tgt_in)), dec.init_state(mem), mem)
    got = torch.autograd.grad((hs * up_h).sum() + 0.3 * guided_attention_loss(ws, target), inputs, allow_unused=True,
                              retain_graph=True)
    r_hs, _, r_ws = textbook_loop(dec, tgt_in, values, mask, init)
    want = torch.autograd.grad((r_hs * up_h).sum() + 0.3 * -(ref * torch.log(r_ws + EPS)).sum(), inputs,
                               allow_unused=True)
    names = ["values", "init"] + [n for n, _ in dec.named_parameters()]
    checked = 0
    for name, g, r in zip(names, got, want):
        if r is None:
            assert g is None, name
            continue
        torch.testing.assert_close(g, r, rtol=1e-9, atol=1e-11, msg=name)
        checked += 1
    assert checked >= 8
    # the guided term alone moves the attention's own parameters (v, U, W): the gradient is not just up_h's
    only_h = torch.autograd.grad((hs * up_h).sum(), [dec.attention.v.weight])[0]
    assert not torch.allclose(only_h, got[names.index("attention.v.weight")])


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(f"{x}\n" for x in lines), encoding="utf-8")
    return path


def test_link_file_errors_name_file_and_line(tmp_path):
    src = write(tmp_path / "c.es", ["uno dos", "", "tres"])
    tgt = write(tmp_path / "c.en", ["one two", "x", "three"])
    ok = read_training_links(write(tmp_path / "ok.align", ["0-0 1p1", "", "0-0"]), src, tgt)
    assert ok.of(0).tolist() == [[0, 0], [1, 1]] and len(ok.of(1)) == 0 and ok.src_words.tolist() == [2, 0, 1]
    assert len(read_training_links(tmp_path / "ok.align", src, tgt, limit=2)) == 2
    cases = {("0-0", "", "0-1"): "bad.align:3: link 0-1 lies outside",
             ("0-0", "0_0", ""): "bad.align:2: '0_0' is not a link",
             ("0-0", ""): "bad.align: 2 lines, but the training corpus",
             ("", "", "", ""): "bad.align: 4 lines"}
    for lines, message in cases.items():
        with pytest.raises(AlignmentFileError) as e:
            read_training_links(write(tmp_path / "bad.align", list(lines)), src, tgt)
        assert message in str(e.value) and "\n" not in str(e.value), str(e.value)
    with pytest.raises(AlignmentFileError, match="no such link file"):
        read_training_links(tmp_path / "missing.align", src, tgt)


def diagonal(src: str, tgt: str) -> str:
    """Monotone links, target word j to the source word at the same relative position."""
    ns, nt = len(src.split()), len(tgt.split())
    return " ".join(f"{round(j * (ns - 1) / max(nt - 1, 1))}-{j}" for j in range(nt)) if ns and nt else ""


def small_corpus(folder: Path, n_train: int = 400, n_eval: int = 30, dev_align: bool = True) -> list[str]:
    """A copy of the bundled corpus's first lines, diagonal training links and (optionally) a dev.align;
    returns the overrides that train on it."""
    folder.mkdir(parents=True, exist_ok=True)
    src, tgt = real_lines("train.es.gz", n_train), real_lines("train.en.gz", n_train)
    write(folder / "train.es", src)
    write(folder / "train.en", tgt)
    write(folder / "train.align", [diagonal(s, t) for s, t in zip(src, tgt)])
    for split in ("dev", "test"):
        s, t = real_lines(f"{split}.es", n_eval), real_lines(f"{split}.en", n_eval)
        write(folder / f"{split}.es", s)
        write(folder / f"{split}.en", t)
        if split == "dev" and dev_align:
            write(folder / "dev.align", [diagonal(a, b) for a, b in zip(s, t)])
    return [f"data.train={folder}/train", f"data.dev={folder}/dev", f"data.test={folder}/test", "data.refs=[]",
            "data.limit_train=0", "data.limit_eval=0", "tokenizer.vocab_size=400", "trainer.num_heatmaps=1",
            "trainer.beam_size=1", "trainer.precision=fp32", f"trainer.guided_alignment={folder}/train.align"]


def scalars(run_dir: Path, tag: str) -> dict:
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    acc = EventAccumulator(str(run_dir / "tb"), size_guidance={"scalars": 0})
    acc.Reload()
    return {e.step: e.value for e in acc.Scalars(tag)} if tag in acc.Tags()["scalars"] else {}


def test_guided_run_logs_its_loss_and_dev_aer(tmp_path, cache_env):
    """A real run with a link file and a dev reference: train/guided_loss and valid/aer in TensorBoard,
    the links' checksum in the checkpoint and results.json, the best step's dev AER in results.json."""
    overrides = small_corpus(tmp_path / "data")
    run = tmp_path / "run"
    proc = run_cli("seq2seq-train", "experiment=smoke", *overrides, f"hydra.run.dir={run}", "trainer.max_steps=12",
                   "trainer.eval_every=6", "trainer.log_every=3", cwd=tmp_path, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    guided = scalars(run, "train/guided_loss")
    assert sorted(guided) == [3, 6, 9, 12] and all(0 < v < 20 for v in guided.values())
    for tag in ("valid/aer", "valid/align_precision", "valid/align_recall"):
        assert sorted(scalars(run, tag)) == [6, 12], tag
    results = json.loads((run / "results.json").read_text())
    digest = hashlib.sha256((tmp_path / "data" / "train.align").read_bytes()).hexdigest()
    facts = results["data"]["guided_alignment"]
    assert facts["sha256"] == digest and facts["lines_with_links"] == 400 and facts["weight"] == 0.1
    assert results["dev"]["aer"] == round(scalars(run, "valid/aer")[results["best_step"]], 4)
    assert torch.load(run / "checkpoints" / "last.pt", weights_only=True)["guided_alignment"]["sha256"] == digest
    assert "dev AER" in (run / "train.log").read_text()


def test_bad_link_files_stop_the_run_before_anything_is_written(tmp_path, cache_env):
    overrides = small_corpus(tmp_path / "data", n_train=50, n_eval=5)
    lines = (tmp_path / "data" / "train.align").read_text().splitlines()
    write(tmp_path / "short.align", lines[:-1])
    write(tmp_path / "far.align", lines[:6] + ["0-0 99-1"] + lines[7:])
    cases = [(f"trainer.guided_alignment={tmp_path}/short.align", "short.align: 49 lines, but the training corpus"),
             (f"trainer.guided_alignment={tmp_path}/far.align", "far.align:7: link 99-1 lies outside")]
    dev = (tmp_path / "data" / "dev.align")
    for k, (option, message) in enumerate(cases):
        run = tmp_path / f"run{k}"
        proc = run_cli("seq2seq-train", "experiment=smoke", *overrides, option, f"hydra.run.dir={run}", cwd=tmp_path,
                       env=cache_env)
        assert proc.returncode == 2 and message in proc.stderr, proc.stderr[-2000:]
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
        assert not run.exists()
    write(dev, ["0-0"] * 4 + ["0-0 0-77"])
    proc = run_cli("seq2seq-train", "experiment=smoke", *overrides, f"hydra.run.dir={tmp_path / 'run_dev'}",
                   cwd=tmp_path, env=cache_env)
    assert proc.returncode == 2 and "dev.align:5: link 0-77 lies outside the dev pair" in proc.stderr, proc.stderr
    assert not (tmp_path / "run_dev").exists()


def test_dev_reference_is_read_in_the_orientation_its_indices_fit(tmp_path):
    from seq2seq.data.corpus import ParallelText
    from seq2seq.data.links import read_dev_reference

    text = ParallelText("dev", ["a b c", "d"], ["x y", "z"], report={"lines": 3})   # limit_eval kept 2 of 3
    ref = write(tmp_path / "dev.align", ["2-1 0p0", "0-0", "5-5"])      # line 3 is beyond the limit: not checked
    assert [sorted(r.sure) for r in read_dev_reference(ref, text)] == [[(2, 1)], [(0, 0)]]
    other = write(tmp_path / "other.align", ["1-2 0p0", "", ""])        # (target, source): 2 fits only as a source word
    refs = read_dev_reference(other, text)
    assert sorted(refs[0].sure) == [(2, 1)] and sorted(refs[0].possible) == [(0, 0), (2, 1)]
    with pytest.raises(AlignmentFileError, match=r"other.align:1: link 1-2 lies outside the dev pair"):
        read_dev_reference(other, text, swapped=False)
    with pytest.raises(AlignmentFileError, match=r"dev.align: 3 lines, but the corpus has 4"):
        read_dev_reference(ref, ParallelText("dev", ["a"], ["x"], report={"lines": 4}))


def test_bf16_guided_loss_is_float32_and_its_gradient_finite():
    from seq2seq.config import ModelConfig
    from seq2seq.model.seq2seq import build_model

    torch.manual_seed(1)
    model = build_model(ModelConfig(emb_size=16, enc_hidden=16, dec_hidden=32, attention_size=16, output_size=16),
                        30, 30, pad_id=0)
    pairs = [(0, np.array([4, 5, 6, 7]), np.array([8, 9, 10, 11])), (1, np.array([5]), np.array([9]))]
    batch = collate(pairs, pad_id=0, bos_id=1, eos_id=2)
    links = links_of([[tuple(x) for x in LINKS], [(0, 0)]], [3, 1], [3, 1])
    starts = np.zeros(30, dtype=bool)
    starts[:12] = STARTS
    target = batch_target(batch, links, np.array([True, True]), starts, starts)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss, guided = model.batch_loss(batch, 0.0, target)
    assert guided.dtype == torch.float32 and loss.dtype == torch.float32 and guided > 0
    (loss + guided).backward()
    assert all(torch.isfinite(p.grad).all() for p in model.parameters() if p.grad is not None)


GUIDED_RUN = ["experiment=smoke", "trainer.deterministic=true", "trainer.num_threads=1", "trainer.eval_every=10",
              "trainer.log_every=5", "model.dropout=0"]


@pytest.mark.slow
def test_guidance_pulls_the_attention_towards_the_links(tmp_path, cache_env):
    """The same run with weight 1 and weight 0 (the guided loss measured, not trained): the guided run's
    attention matches the links better (train/guided_loss) and its dev AER against them is lower."""
    overrides = small_corpus(tmp_path / "data")
    found = {}
    for weight in (0.0, 1.0):
        run = tmp_path / f"w{weight}"
        proc = run_cli("seq2seq-train", *GUIDED_RUN, *overrides, f"trainer.guided_alignment_weight={weight}",
                       "trainer.max_steps=60", "trainer.eval_every=30", "optim.warmup_steps=10", "optim.lr=3e-3",
                       f"hydra.run.dir={run}", cwd=tmp_path, env=cache_env)
        assert proc.returncode == 0, proc.stderr[-3000:]
        found[weight] = scalars(run, "train/guided_loss"), scalars(run, "valid/aer")
    (free, free_aer), (guided, guided_aer) = found[0.0], found[1.0]
    print(f"guided loss at 60: unguided {free[60]:.3f}, guided {guided[60]:.3f}; dev AER {free_aer[60]:.3f} vs "
          f"{guided_aer[60]:.3f}")
    assert guided[5] == pytest.approx(free[5], rel=0.05)   # the same start
    assert guided[60] < 0.9 * free[60] and guided[60] < guided[5]
    assert guided_aer[60] < free_aer[60]


@pytest.mark.slow
def test_guided_resume_is_bit_identical_and_other_links_are_refused(tmp_path, cache_env):
    overrides = small_corpus(tmp_path / "data", dev_align=False)
    straight, split = tmp_path / "straight", tmp_path / "split"
    proc = run_cli("seq2seq-train", *GUIDED_RUN, *overrides, "trainer.max_steps=30", f"hydra.run.dir={straight}",
                   cwd=tmp_path, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    for steps in (20, 30):
        proc = run_cli("seq2seq-train", *GUIDED_RUN, *overrides, f"trainer.max_steps={steps}", "trainer.resume=auto",
                       f"hydra.run.dir={split}", cwd=tmp_path, env=cache_env)
        assert proc.returncode == 0, proc.stderr[-3000:]
    a, b = (torch.load(r / "checkpoints" / "last.pt", weights_only=True) for r in (straight, split))
    assert a["progress"]["step"] == b["progress"]["step"] == 30
    for k in a["model"]:
        assert torch.equal(a["model"][k], b["model"][k]), k
    for k in a["optimizer"]["state"]:
        assert torch.equal(a["optimizer"]["state"][k]["exp_avg"], b["optimizer"]["state"][k]["exp_avg"])
    other = write(tmp_path / "other.align", ["0-0"] * 400)
    proc = run_cli("seq2seq-train", *GUIDED_RUN, *overrides, f"trainer.guided_alignment={other}",
                   "trainer.max_steps=40", "trainer.resume=auto", f"hydra.run.dir={split}", cwd=tmp_path, env=cache_env)
    assert proc.returncode == 2 and "the checkpoint was trained with links with sha256" in proc.stderr, proc.stderr
    assert torch.load(split / "checkpoints" / "last.pt", weights_only=True)["progress"]["step"] == 30


@pytest.mark.slow
def test_two_ddp_ranks_with_guidance_reach_the_weights_of_one_process(tmp_path, cache_env):
    """torchrun with 2 ranks against one process accumulating the same two batches per step: the guided
    loss goes through the DDP forward, so its gradient is all-reduced like the translation loss's."""
    from test_distributed import ENTRY, max_difference, torchrun, weights
    import subprocess
    import sys

    env = {**cache_env, "OMP_NUM_THREADS": "1"}
    overrides = small_corpus(tmp_path / "data", dev_align=False)
    common = [*GUIDED_RUN, *overrides, "trainer.max_steps=10", "trainer.guided_alignment_weight=1.0"]
    ddp = torchrun(*common, f"hydra.run.dir={tmp_path / 'ddp'}", cwd=tmp_path, env=env)
    assert ddp.returncode == 0, ddp.stderr[-3000:]
    one = subprocess.run([sys.executable, str(ENTRY), *common, "trainer.accum_steps=2",
                          f"hydra.run.dir={tmp_path / 'one'}"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=600)
    assert one.returncode == 0, one.stderr[-3000:]
    assert max_difference(weights(tmp_path / "ddp"), weights(tmp_path / "one")) <= 1e-6
    guided = scalars(tmp_path / "ddp", "train/guided_loss"), scalars(tmp_path / "one", "train/guided_loss")
    assert guided[0][10] == pytest.approx(guided[1][10], rel=1e-5)   # summed over both ranks
