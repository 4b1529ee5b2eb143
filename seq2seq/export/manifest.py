"""``manifest.json`` of an export folder: what was exported, from where, and a checksum of every file.

Written by ``seq2seq-export``, read (without torch) by ``OrtModel.load``. Search options are not part of an
export: its reader chooses them (``seq2seq-translate export_dir=... beam_size=...``); the ``search`` block of
older exports (the defaults of the day, which nothing read) is ignored. Reading checks every listed
file's presence and SHA-256 before a session opens, so a folder with a missing, truncated or swapped file
is a one-line ``CheckpointError`` naming that file instead of a wrong translation or an ONNX Runtime trace.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from seq2seq.errors import CheckpointError
from seq2seq.rundir import sha256  # noqa: F401 (the export and its readers check files by it)

FORMAT, FORMAT_VERSION = "seq2seq-onnx", 1
NAME = "manifest.json"
ENCODER, DECODER_STEP = "encoder.onnx", "decoder_step.onnx"


@dataclass
class Manifest:
    """The manifest's fields; ``files`` maps each file name to its ``{"sha256", "bytes"}``."""

    files: dict[str, dict[str, Any]]
    tokenizer: dict[str, Any]   # joint, src_vocab, tgt_vocab, pad_id, unk_id, bos_id, eos_id
    model: dict[str, Any]       # the run's ModelConfig plus the graph sizes (context, hidden, key size)
    source: dict[str, Any]      # run_dir, checkpoint, step, seq2seq and torch versions, opset
    data: dict[str, Any] = field(default_factory=dict)      # the run's DataConfig (languages, references)
    sacrebleu: dict[str, Any] = field(default_factory=dict)  # the run's test scores and their decoding settings
    quantization: dict[str, Any] = field(default_factory=dict)  # empty (float32) or quantize=int8's settings and check
    format: str = FORMAT
    format_version: int = FORMAT_VERSION

    @property
    def step(self) -> int:
        return int(self.source.get("step", 0))

    @property
    def check_summary(self) -> str:
        """What the export's check against PyTorch found, in words."""
        found = self.quantization.get("check")
        if found is None:
            return f"ONNX Runtime matches PyTorch to {self.source['max_abs_diff']:.1e}"
        same = ", ".join(f"{share:.0%} {name}" for name, share in found["equal_translations"].items())
        return (f"int8: scores within {found['max_score_diff']:.1e} of PyTorch's; translations equal on "
                f"{found['sentences']} sample sentences: {same}")

    @property
    def joint_tokenizer(self) -> bool:
        return bool(self.tokenizer["joint"])

    def write(self, folder: Path) -> None:
        from seq2seq.rundir import write_json

        write_json(folder / NAME, asdict(self))

    @classmethod
    def read(cls, folder: Path | str) -> "Manifest":
        """The manifest of ``folder``, after checking that every file it lists is there and unchanged."""
        folder = Path(folder)
        path = folder / NAME
        if not folder.is_dir():
            raise CheckpointError(f"export_dir={folder}: no such folder; make one with seq2seq-export run_dir=RUN out=DIR")
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise CheckpointError(f"{path}: missing; export_dir= must be a folder written by seq2seq-export") from None
        except (OSError, ValueError) as e:
            raise CheckpointError(f"{path}: unreadable ({str(e).splitlines()[0][:120]}); export the run again") from None
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise CheckpointError(f"{path}: not a seq2seq export manifest; export the run again")
        if raw.get("format_version") != FORMAT_VERSION:
            raise CheckpointError(f"{path}: export format version {raw.get('format_version')}, this seq2seq reads "
                                  f"{FORMAT_VERSION}; export the run again with this version")
        try:
            manifest = cls(**{k: raw[k] for k in cls.__dataclass_fields__ if k in raw})
        except TypeError as e:
            raise CheckpointError(f"{path}: incomplete ({e}); export the run again") from None
        for name in (ENCODER, DECODER_STEP):
            if name not in manifest.files:
                raise CheckpointError(f"{path}: lists no {name}; export the run again")
        manifest.verify(folder)
        return manifest

    def verify(self, folder: Path) -> None:
        for name, meta in self.files.items():
            file = folder / name
            if not file.is_file():
                raise CheckpointError(f"{file}: missing from the export (manifest.json lists it); copy the whole "
                                      "folder or export again")
            if file.stat().st_size != meta["bytes"] or sha256(file) != meta["sha256"]:
                raise CheckpointError(f"{file}: does not match manifest.json (changed, truncated or from another "
                                      "export); copy the whole folder or export again")

    def check_tokenizer(self, tok) -> None:
        """The folder's sentencepiece model(s) must be the ones the graphs were exported with."""
        t = self.tokenizer
        got = (tok.src_vocab_size, tok.tgt_vocab_size, tok.pad_id, tok.bos_id, tok.eos_id)
        want = (t["src_vocab"], t["tgt_vocab"], t["pad_id"], t["bos_id"], t["eos_id"])
        if got != want:
            raise CheckpointError(f"sentencepiece model: vocabulary and ids {got} do not match manifest.json {want}; "
                                  "export the run again")
