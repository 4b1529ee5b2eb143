"""Corpus reading: every user mistake is one CorpusError naming the file (and line); tolerated quirks are counted."""
import gzip
import re
from pathlib import Path

import pytest

from seq2seq.data.corpus import read_lines, read_parallel, resolve
from seq2seq.errors import CorpusError, UserError

from conftest import real_lines  # noqa: E402

DATA = Path(__file__).parents[1] / "data" / "bible-es-en"


def write(path: Path, content) -> Path:
    """Write text (joined with LF, final newline) or raw bytes; gzip it when the name ends in .gz."""
    data = content if isinstance(content, bytes) else "".join(f"{line}\n" for line in content).encode("utf-8")
    if path.suffix == ".gz":
        data = gzip.compress(data)
    path.write_bytes(data)
    return path


def pair(tmp_path: Path, src, tgt, name: str = "train") -> str:
    prefix = tmp_path / name
    write(Path(f"{prefix}.es"), src)
    write(Path(f"{prefix}.en"), tgt)
    return str(prefix)


# --- files that cannot be used ---------------------------------------------------------------------------


def test_missing_file_names_the_file(tmp_path):
    with pytest.raises(CorpusError, match=re.escape(f"{tmp_path / 'train.es'}")) as e:
        resolve(str(tmp_path / "train"), "es")
    assert "train.es.gz" in str(e.value)  # the other candidate is named too
    assert isinstance(e.value, UserError)


def test_missing_target_side_names_the_target_file(tmp_path):
    write(tmp_path / "train.es", ["hola"])
    with pytest.raises(CorpusError, match=re.escape(str(tmp_path / "train.en"))):
        read_parallel("train", str(tmp_path / "train"), "es", "en")


def test_missing_reference_names_the_reference_file(tmp_path):
    prefix = pair(tmp_path, ["hola"], ["hello"], "dev")
    with pytest.raises(CorpusError, match=re.escape(str(tmp_path / "dev.kjv"))):
        read_parallel("dev", prefix, "es", "en", refs=("kjv",))


def test_directory_instead_of_file(tmp_path):
    (tmp_path / "train.es").mkdir()
    write(tmp_path / "train.en", ["hello"])
    with pytest.raises(CorpusError, match="is a directory") as e:
        read_parallel("train", str(tmp_path / "train"), "es", "en")
    assert str(tmp_path / "train.es") in str(e.value)


def test_directory_gz_instead_of_file(tmp_path):
    (tmp_path / "train.es.gz").mkdir()
    with pytest.raises(CorpusError, match="is a directory") as e:
        resolve(str(tmp_path / "train"), "es")
    assert str(tmp_path / "train.es.gz") in str(e.value)


def test_different_line_counts_name_both_files_and_counts(tmp_path):
    prefix = pair(tmp_path, ["a", "b", "c", "d", "e"], ["a", "b", "c", "d"])
    with pytest.raises(CorpusError) as e:
        read_parallel("train", prefix, "es", "en")
    msg = str(e.value)
    assert str(tmp_path / "train.es") in msg and str(tmp_path / "train.en") in msg
    assert re.search(r"\b5 lines\b", msg) and re.search(r"\bhas 4\b", msg), msg


def test_reference_with_different_line_count(tmp_path):
    prefix = pair(tmp_path, ["a", "b", "c"], ["a", "b", "c"], "dev")
    write(tmp_path / "dev.kjv", ["a", "b"])
    with pytest.raises(CorpusError) as e:
        read_parallel("dev", prefix, "es", "en", refs=("kjv",))
    assert str(tmp_path / "dev.kjv") in str(e.value) and re.search(r"\bhas 2\b", str(e.value))


@pytest.mark.parametrize("bad_line", [1, 4, 7])
@pytest.mark.parametrize("suffix", ["", ".gz"])
def test_invalid_utf8_reports_path_and_line(tmp_path, bad_line, suffix):
    lines = [f"línea {i}".encode() for i in range(1, 8)]
    lines[bad_line - 1] = b"caf\xe9 latin-1"  # 0xe9 starts a 3-byte sequence that does not follow
    path = write(tmp_path / f"train.es{suffix}", b"\n".join(lines) + b"\n")
    with pytest.raises(CorpusError, match=re.escape(f"{path}:{bad_line}:") + ".*invalid UTF-8"):
        read_lines(path)


def test_invalid_utf8_truncated_sequence_at_line_end(tmp_path):
    # A multi-byte character cut short by the newline: the error is on that line, not the next.
    path = write(tmp_path / "x.en", b"ok\nok\nmal\xc3\nok\n")
    with pytest.raises(CorpusError, match=re.escape(f"{path}:3:")):
        read_lines(path)


@pytest.mark.parametrize("bad_line", [1, 3])
def test_nul_byte_reports_line(tmp_path, bad_line):
    lines = [b"uno", b"dos", b"tres"]
    lines[bad_line - 1] = lines[bad_line - 1][:1] + b"\x00" + lines[bad_line - 1][1:]
    path = write(tmp_path / "x.es", b"\n".join(lines) + b"\n")
    with pytest.raises(CorpusError, match=re.escape(f"{path}:{bad_line}:") + ".*NUL"):
        read_lines(path)


def test_utf16_file_is_rejected_with_a_hint(tmp_path):
    path = write(tmp_path / "x.en", "hello\nworld\n".encode("utf-16"))
    with pytest.raises(CorpusError, match=re.escape(f"{path}:1:") + ".*UTF-16"):
        read_lines(path)


@pytest.mark.parametrize("content", [b"", b"\n", b"\n\n\n", b"  \n\t\n \r\n"])
def test_empty_corpus(tmp_path, content):
    prefix = pair(tmp_path, content, content)
    with pytest.raises(CorpusError, match="empty corpus") as e:
        read_parallel("train", prefix, "es", "en")
    assert str(tmp_path / "train.es") in str(e.value)


def test_empty_target_side_is_named(tmp_path):
    prefix = pair(tmp_path, ["uno", "dos"], ["", " "])
    with pytest.raises(CorpusError, match=re.escape(f"{tmp_path / 'train.en'}: empty corpus")):
        read_parallel("dev", prefix, "es", "en")


def test_training_corpus_without_any_complete_pair(tmp_path):
    # Both sides have text, but never on the same line: nothing to train on.
    prefix = pair(tmp_path, ["a", ""], ["", "b"])
    with pytest.raises(CorpusError, match="no pair with both sides non-empty"):
        read_parallel("train", prefix, "es", "en", skip_empty=True)


@pytest.mark.parametrize("damage", ["truncated", "corrupt", "not-gzip"])
def test_unreadable_gz_is_a_corpus_error(tmp_path, damage):
    data = gzip.compress("".join(f"line {i} of a longer text\n" for i in range(3000)).encode())
    if damage == "truncated":
        data = data[: len(data) // 2]
    elif damage == "corrupt":
        data = data[:20] + bytes(b ^ 0xFF for b in data[20:60]) + data[60:]
    else:
        data = b"plain text, not gzip\n"
    path = tmp_path / "train.es.gz"
    path.write_bytes(data)
    with pytest.raises(CorpusError, match=re.escape(f"{path}: cannot read")):
        read_lines(path)


# --- formats and tolerated quirks ------------------------------------------------------------------------


def test_resolve_prefers_plain_then_gz(tmp_path):
    write(tmp_path / "train.es.gz", ["hola"])
    assert resolve(str(tmp_path / "train"), "es") == tmp_path / "train.es.gz"
    write(tmp_path / "train.es", ["hola"])
    assert resolve(str(tmp_path / "train"), "es") == tmp_path / "train.es"


def test_gz_files_are_read(tmp_path):
    es, en = real_lines("train.es.gz", 200), real_lines("train.en.gz", 200)
    write(tmp_path / "train.es.gz", es)
    write(tmp_path / "train.en.gz", en)
    text = read_parallel("train", str(tmp_path / "train"), "es", "en", skip_empty=True)
    assert text.src == es and text.tgt == en
    assert text.paths == [tmp_path / "train.es.gz", tmp_path / "train.en.gz"]
    assert text.report["lines"] == 200


def test_mixed_plain_and_gz_sides(tmp_path):
    write(tmp_path / "dev.es.gz", ["uno", "dos"])
    write(tmp_path / "dev.en", ["one", "two"])
    text = read_parallel("dev", str(tmp_path / "dev"), "es", "en")
    assert (text.src, text.tgt) == (["uno", "dos"], ["one", "two"])


def test_real_training_corpus_through_gz(tmp_path):
    text = read_parallel("train", str(DATA / "train"), "es", "en", limit=300, skip_empty=True)
    assert text.paths[0].name == "train.es.gz"
    assert text.src == real_lines("train.es.gz", 300) and text.tgt == real_lines("train.en.gz", 300)
    assert text.report["lines"] > 300  # the whole file was read and checked, then limited


def test_real_dev_corpus_with_reference(tmp_path):
    text = read_parallel("dev", str(DATA / "dev"), "es", "en", refs=("kjv",))
    n = len(text)
    assert n > 300 and len(text.tgt) == len(text.refs["kjv"]) == n
    assert text.src[:300] == real_lines("dev.es", 300)
    assert text.refs["kjv"][:300] == real_lines("dev.kjv", 300)


def test_crlf_line_ends_are_tolerated_and_counted(tmp_path):
    es, en = real_lines("dev.es", 30), real_lines("dev.en", 30)
    (tmp_path / "dev.es").write_bytes("".join(f"{s}\r\n" for s in es).encode())
    # Mixed: only the first 10 target lines end in CRLF.
    (tmp_path / "dev.en").write_bytes("".join(f"{s}\r\n" if i < 10 else f"{s}\n" for i, s in enumerate(en)).encode())
    text = read_parallel("dev", str(tmp_path / "dev"), "es", "en")
    assert text.src == es and text.tgt == en
    assert not any("\r" in line for line in text.src + text.tgt)
    assert text.report["crlf_lines"] == 40
    assert read_lines(tmp_path / "dev.en").crlf == 10


def test_bom_is_stripped_and_counted(tmp_path):
    es, en = real_lines("dev.es", 5), real_lines("dev.en", 5)
    (tmp_path / "dev.es").write_bytes(("\ufeff" + "\n".join(es) + "\n").encode())
    write(tmp_path / "dev.en", en)
    text = read_parallel("dev", str(tmp_path / "dev"), "es", "en")
    assert text.src == es and text.src[0][0] != "\ufeff"
    assert text.report["bom_files"] == 1
    assert read_lines(tmp_path / "dev.es").bom and not read_lines(tmp_path / "dev.en").bom


def test_bom_and_crlf_together_in_gz(tmp_path):
    (tmp_path / "t.es.gz").write_bytes(gzip.compress("\ufeffuno\r\ndos\r\n".encode()))
    f = read_lines(tmp_path / "t.es.gz")
    assert (f.lines, f.crlf, f.bom) == (["uno", "dos"], 2, True)


def test_last_line_without_newline_and_surrounding_whitespace(tmp_path):
    (tmp_path / "d.es").write_bytes(b"  uno \ndos\t\ntres")
    (tmp_path / "d.en").write_bytes(b"one\ntwo\nthree\n")
    text = read_parallel("d", str(tmp_path / "d"), "es", "en")
    assert text.src == ["uno", "dos", "tres"] and text.tgt == ["one", "two", "three"]


def test_unicode_line_separators_do_not_split_lines(tmp_path):
    # Only \n ends a line; U+2028 / U+0085 inside a verse must not break the alignment.
    write(tmp_path / "d.es", ["a\u2028b", "c\x85d"])
    write(tmp_path / "d.en", ["x", "y"])
    assert read_parallel("d", str(tmp_path / "d"), "es", "en").src == ["a\u2028b", "c\x85d"]


# --- empty lines, limit, references ----------------------------------------------------------------------

SRC = ["uno", "", "tres", "cuatro", "   ", "seis", "siete"]
TGT = ["one", "two", "three", "", "five", "six", "seven"]
KJV = ["k1", "k2", "k3", "k4", "k5", "k6", "k7"]


def test_training_drops_pairs_with_an_empty_side(tmp_path):
    prefix = pair(tmp_path, SRC, TGT)
    text = read_parallel("train", prefix, "es", "en", skip_empty=True)
    assert text.src == ["uno", "tres", "seis", "siete"]
    assert text.tgt == ["one", "three", "six", "seven"]  # still aligned with the source
    assert text.report["empty_pairs"] == 3
    assert text.report["lines"] == 7


def test_training_drop_keeps_references_aligned(tmp_path):
    prefix = pair(tmp_path, SRC, TGT)
    write(tmp_path / "train.kjv", KJV)
    text = read_parallel("train", prefix, "es", "en", refs=("kjv",), skip_empty=True)
    assert text.refs["kjv"] == ["k1", "k3", "k6", "k7"]


def test_dev_and_test_keep_empty_lines(tmp_path):
    prefix = pair(tmp_path, SRC, TGT, "dev")
    text = read_parallel("dev", prefix, "es", "en", skip_empty=False)
    assert len(text) == len(SRC)
    assert text.src == ["uno", "", "tres", "cuatro", "", "seis", "siete"]
    assert text.tgt == TGT
    assert text.report["empty_pairs"] == 3  # counted, not dropped


def test_limit_keeps_the_first_lines(tmp_path):
    es, en = real_lines("dev.es", 50), real_lines("dev.en", 50)
    write(tmp_path / "dev.es", es)
    write(tmp_path / "dev.en", en)
    write(tmp_path / "dev.kjv", real_lines("dev.kjv", 50))
    text = read_parallel("dev", str(tmp_path / "dev"), "es", "en", refs=("kjv",), limit=7)
    assert text.src == es[:7] and text.tgt == en[:7] and text.refs["kjv"] == real_lines("dev.kjv", 7)


def test_limit_counts_lines_before_dropping_empty_pairs(tmp_path):
    prefix = pair(tmp_path, SRC, TGT)
    text = read_parallel("train", prefix, "es", "en", limit=4, skip_empty=True)
    assert text.src == ["uno", "tres"]  # of the first 4 lines, 2 had an empty side
    assert text.report["empty_pairs"] == 2


def test_limit_larger_than_corpus_keeps_everything(tmp_path):
    prefix = pair(tmp_path, SRC, TGT, "dev")
    assert len(read_parallel("dev", prefix, "es", "en", limit=100)) == len(SRC)


def test_several_references_are_read_and_aligned(tmp_path):
    es, en, kjv = real_lines("dev.es", 40), real_lines("dev.en", 40), real_lines("dev.kjv", 40)
    for lang, lines in (("es", es), ("en", en), ("kjv", kjv), ("rev", [s.upper() for s in en])):
        write(tmp_path / f"dev.{lang}", lines)
    text = read_parallel("dev", str(tmp_path / "dev"), "es", "en", refs=("kjv", "rev"))
    assert list(text.refs) == ["kjv", "rev"]
    assert text.refs["kjv"] == kjv
    assert text.refs["rev"] == [s.upper() for s in text.tgt]
    assert [p.name for p in text.paths] == ["dev.es", "dev.en", "dev.kjv", "dev.rev"]


def test_digest_follows_file_contents(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = read_parallel("d", pair(tmp_path / "a", ["x"], ["y"], "d"), "es", "en")
    b = read_parallel("d", pair(tmp_path / "b", ["x"], ["y"], "d"), "es", "en")
    assert a.digest() == b.digest()  # same bytes in another folder
    write(tmp_path / "b" / "d.en", ["z"])
    assert read_parallel("d", str(tmp_path / "b" / "d"), "es", "en").digest() != a.digest()
