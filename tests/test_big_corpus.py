"""The streamed training-corpus path: line-aligned blocks, parallel encoding into memory-mapped arrays,
sampling for the tokenizer, and bad input found at scale without memory or half-written caches."""
import gzip
import io
import json
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import sentencepiece as spm

from seq2seq.config import DataConfig, TokenizerConfig
from seq2seq.data import stream
from seq2seq.data.corpus import read_parallel
from seq2seq.data.encode import encode_corpus, load_corpus
from seq2seq.data.pipeline import prepare_data
from seq2seq.data.stream import LineReader, scan_pair, tokenizer_training_pairs
from seq2seq.data.tokenizer import train_or_load
from seq2seq.errors import CorpusError

ROOT = Path(__file__).parents[1]
DATA = ROOT / "data" / "bible-es-en"


def real(lang: str, n: int) -> list[str]:
    with gzip.open(DATA / f"train.{lang}.gz", "rt", encoding="utf-8") as f:
        return [next(f).rstrip("\n") for _ in range(n)]


def quirky(tmp_path: Path, n: int = 3000) -> dict[str, Path]:
    """Real lines with what users' files have: gzip, a BOM, CRLF ends, an empty pair, surrounding spaces,
    no final newline."""
    es, en = real("es", n), real("en", n)
    es[7], en[9] = "", "   "
    es[11] = f"  {es[11]}\t"
    src = ("\ufeff" + "\r\n".join(es)).encode()  # BOM, CRLF, no final newline
    tgt = ("\n".join(en) + "\n").encode()
    paths = {"src": tmp_path / "c.es.gz", "tgt": tmp_path / "c.en"}
    paths["src"].write_bytes(gzip.compress(src))
    paths["tgt"].write_bytes(tgt)
    return paths


@pytest.fixture(scope="module")
def model(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("spm")
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(real("es", 2000) + real("en", 2000)), model_writer=out,
                                   vocab_size=500, pad_id=0, unk_id=1, bos_id=2, eos_id=3, minloglevel=2)
    (folder / "m.model").write_bytes(out.getvalue())
    return folder / "m.model"


def expected_ids(model: Path, lines: list[str]) -> list[list[int]]:
    sp = spm.SentencePieceProcessor(model_file=str(model))
    return [sp.encode(line.strip(), out_type=int) for line in lines]


@pytest.mark.parametrize("workers", [1, 2])
def test_blocks_and_workers_give_the_ids_of_whole_file_reading(tmp_path, model, monkeypatch, workers):
    # 8 KB blocks: dozens per file, so block edges, the order of results and the line numbers all matter.
    monkeypatch.setattr(stream, "BLOCK_BYTES", 8192)
    paths = quirky(tmp_path)
    scans = scan_pair(paths["src"], paths["tgt"])
    assert scans[0].lines == scans[1].lines == 3000 and scans[0].bom and scans[0].crlf == 2999
    out = tmp_path / "cache" / "entry"
    encode_corpus({"src": model, "tgt": model}, paths, 3000, out, workers=workers, meta={"bom_files": 1})
    ids, meta = load_corpus(out)
    # Independent reading: the whole files through the in-memory reader, then encode line by line.
    text = read_parallel("t", str(tmp_path / "c"), "es", "en")
    assert len(ids) == 3000 and meta["crlf_lines"] == 2999
    assert [ids.src[i].tolist() for i in range(3000)] == expected_ids(model, text.src)
    assert [ids.tgt[i].tolist() for i in range(3000)] == expected_ids(model, text.tgt)
    assert len(ids.src[7]) == 0 and len(ids.tgt[9]) == 0  # positions stay line numbers - 1
    assert [p.name for p in out.parent.iterdir()] == ["entry"]  # no temporary folder left


def test_cache_entry_is_mapped_and_read_per_sequence(tmp_path, model):
    paths = quirky(tmp_path, 500)
    encode_corpus({"src": model, "tgt": model}, paths, 500, tmp_path / "e", meta={"bom_files": 1})
    ids, _ = load_corpus(tmp_path / "e")
    for side in (ids.src, ids.tgt):
        assert isinstance(side.data, np.memmap) and isinstance(side.offsets, np.memmap)
        assert not side.data.flags.writeable and side.data.dtype == np.int32
        # pread of one sequence == the mapped slice; lengths from the chunked read == the offsets' diff
        for i in np.random.default_rng(0).choice(500, 50):
            assert side[i].tolist() == side.data[side.offsets[i] : side.offsets[i + 1]].tolist()
        assert np.array_equal(side.lengths(), np.diff(side.offsets)) and side.lengths().dtype == np.int32
    copy = pickle.loads(pickle.dumps(ids.src))  # DataLoader workers under spawn reopen the files
    assert copy[3].tolist() == ids.src[3].tolist()
    with pytest.raises(IndexError):
        ids.src[500]


def test_a_damaged_cache_entry_is_a_clear_error(tmp_path, model):
    paths = quirky(tmp_path, 300)
    encode_corpus({"src": model, "tgt": model}, paths, 300, tmp_path / "e", meta={"bom_files": 1})
    data = tmp_path / "e" / "tgt.ids.npy"
    data.write_bytes(data.read_bytes()[:-40])  # truncated: offsets point past the end
    with pytest.raises(CorpusError, match="delete the folder"):
        load_corpus(tmp_path / "e")


def test_error_in_a_worker_names_the_line_and_leaves_no_cache(tmp_path, model, monkeypatch):
    monkeypatch.setattr(stream, "BLOCK_BYTES", 4096)
    lines = real("es", 2000)
    raw = "\n".join(lines).encode().split(b"\n")
    raw[1733] = raw[1733] + b" caf\xe9"
    paths = {"src": tmp_path / "b.es", "tgt": tmp_path / "b.en"}
    paths["src"].write_bytes(b"\n".join(raw) + b"\n")
    paths["tgt"].write_text("\n".join(real("en", 2000)) + "\n")
    with pytest.raises(CorpusError, match=r"b\.es:1734: invalid UTF-8"):
        encode_corpus({"src": model, "tgt": model}, paths, 2000, tmp_path / "cache" / "e", workers=2)
    assert list((tmp_path / "cache").iterdir()) == []


def test_sample_is_the_pairs_at_the_positions_without_empty_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(stream, "BLOCK_BYTES", 2048)
    paths = quirky(tmp_path)
    es, en = real("es", 3000), real("en", 3000)
    positions = np.sort(np.random.default_rng(3).choice(3000, 400, replace=False))
    positions = np.union1d(positions, [0, 7, 9, 11, 2999])
    src, tgt = tokenizer_training_pairs(paths["src"], paths["tgt"], positions)
    want = [(es[i].strip(), en[i].strip()) for i in positions if i not in (7, 9)]
    assert list(zip(src, tgt)) == want and len(src) == len(positions) - 2
    assert src[2] == es[11].strip()  # whitespace stripped as the in-memory reader does


def test_limit_reads_only_the_first_lines(tmp_path, monkeypatch):
    monkeypatch.setattr(stream, "BLOCK_BYTES", 1024)
    paths = quirky(tmp_path)
    with LineReader(paths["tgt"]) as reader:
        blocks = list(reader.blocks(limit=1234))
    assert sum(stream.count_lines(b) for _, b in blocks) == 1234 and blocks[-1][1].endswith(b"\n")
    assert b"".join(b for _, b in blocks) == b"".join(paths["tgt"].read_bytes().splitlines(keepends=True)[:1234])


def test_bundled_corpus_tokenizer_is_the_one_whole_file_reading_trains(tmp_path):
    """Streaming changes nothing for a corpus smaller than the sample: the same model, byte for byte, as
    training on every complete pair read whole (source lines, then target lines)."""
    tok_cfg = TokenizerConfig(vocab_size=1000, cache_dir=str(tmp_path / "a"))
    data = DataConfig(train=str(DATA / "train"), dev=str(DATA / "dev"), test=str(DATA / "test"), limit_train=4000,
                      limit_eval=10)
    streamed = prepare_data(data, tok_cfg).tokenizer
    text = read_parallel("train", str(DATA / "train"), "es", "en", limit=4000, skip_empty=True)
    whole, _ = train_or_load(TokenizerConfig(vocab_size=1000, cache_dir=str(tmp_path / "b")), text.src, text.tgt, "x")
    assert streamed.src_model_path.read_bytes() == whole.src_model_path.read_bytes()


def test_big_corpus_trains_the_tokenizer_on_a_sample(tmp_path, monkeypatch):
    """input_sentence_size=1000 on a joint model: 500 pairs drawn across all 6,000 (both sides, 1,000
    sentences) reach sentencepiece; without the limit every non-empty pair does. The real trainer runs; the
    wrapper only counts what it is handed."""
    fed: list[list[str]] = []
    real_train = spm.SentencePieceTrainer.train

    def counting(*args, sentence_iterator, **kwargs):
        fed.append(list(sentence_iterator))
        return real_train(*args, sentence_iterator=iter(fed[-1]), **kwargs)

    monkeypatch.setattr(spm.SentencePieceTrainer, "train", staticmethod(counting))
    tok_cfg = TokenizerConfig(vocab_size=600, input_sentence_size=1000, cache_dir=str(tmp_path / "cache"))
    data = DataConfig(train=str(DATA / "train"), dev=str(DATA / "dev"), test=str(DATA / "test"), limit_train=6000,
                      limit_eval=10)
    prepared = prepare_data(data, tok_cfg)
    assert prepared.report["train_lines"] == 6000  # every line encoded, only 500 pairs sampled for spm
    es, en = (real(lang, 6000) for lang in ("es", "en"))
    pairs = [(a.strip(), b.strip()) for a, b in zip(es, en) if a.strip() and b.strip()]
    assert len(fed) == 1 and len(fed[0]) == 1000
    sample = list(zip(fed[0][:500], fed[0][500:]))  # source sentences, then their targets
    assert set(sample) <= set(pairs)  # real pairs of the first 6,000, each side beside its own (a few repeat)
    position = {pair: k for k, pair in enumerate(pairs)}
    picked = sorted(position[pair] for pair in sample)
    assert picked[0] < 600 and picked[-1] > 5400  # spread over the whole corpus, not its first 500 pairs
    full = TokenizerConfig(vocab_size=600, cache_dir=str(tmp_path / "full"))
    other = prepare_data(data, full).tokenizer
    assert len(fed) == 2 and len(fed[1]) == 2 * len(pairs)  # under the default 500,000: every pair, both sides
    assert prepared.tokenizer.src_model_path.read_bytes() != other.src_model_path.read_bytes()


MISALIGNED = """
import json, sys
from pathlib import Path
from seq2seq.config import DataConfig, TokenizerConfig
from seq2seq.data.pipeline import prepare_data
from seq2seq.errors import CorpusError
def status(key):
    return int(next(line for line in open("/proc/self/status") if line.startswith(key)).split()[1]) / 1024
root = Path(sys.argv[1])
data = DataConfig(train=str(root / "big"), dev=sys.argv[2] + "/dev", test=sys.argv[2] + "/test", limit_eval=10)
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # resets the peak (VmHWM) to the current resident size: the peak from here on
before = status("VmRSS")
try:
    prepare_data(data, TokenizerConfig(cache_dir=str(root / "cache")))
except CorpusError as e:
    print(json.dumps({"error": str(e), "grew_mb": status("VmHWM") - before}))
"""


def test_misaligned_line_3000001_is_named_without_memory_or_cache(tmp_path):
    # 3,000,001 short source lines against 3,000,000 target lines: 24 MB a file, which read whole as
    # Python strings would take over 200 MB.
    (tmp_path / "big.es").write_bytes(b"hola mundo\n" * 3_000_001)
    (tmp_path / "big.en").write_bytes(b"hi world\n" * 3_000_000)
    proc = subprocess.run([sys.executable, "-c", MISALIGNED, str(tmp_path), str(DATA)], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert f"{tmp_path / 'big.es'}:3000001 has no partner line" in out["error"], out
    assert "3000001 lines" in out["error"] and "3000000" in out["error"]
    assert out["grew_mb"] < 64, out  # blocks, not files, in memory
    cache = tmp_path / "cache"
    assert not cache.exists() or not any(p.is_file() for p in cache.rglob("*")), list(cache.rglob("*"))
