"""The ``POST /align`` request: sentence pairs to force through the model, the link reading, references.

Parsed like ``POST /translate`` (``schema``): the same body decoding, limits and one-line 4xx errors.
``max_lines`` counts pairs, ``max_chars`` bounds each source and each translation. A reference is a
Pharaoh line over the whitespace words of the pair as the server reads it (control characters are
spaces, as ``seq2seq-align`` reads files), checked here: a bad token or a link past the sentence is a
422 naming ``pairs.K.reference``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from seq2seq.analysis.aer import AlignmentFileError, Reference, parse_links
from seq2seq.config import ServeConfig
from seq2seq.inference.translator import clean
from seq2seq.serve.schema import RequestError, check_count, check_line, json_object, pydantic_message

EXAMPLE = '{"pairs": [{"source": "...", "target": "..."}]}'


class AlignPair(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    source: str = Field(description="the source sentence")
    target: str = Field(description="its translation, fed to the model as if it had written it")
    reference: Optional[str] = Field(None, description="reference links as one Pharaoh line (i-j sure, ipj "
                                                        "possible; 0-based whitespace words): adds scores")


class AlignRequest(BaseModel):
    """What a client may send to ``POST /align``; strict, like ``TranslateRequest``."""

    model_config = ConfigDict(extra="forbid", strict=True)

    pairs: list[AlignPair] = Field(description="sentence pairs, one alignment each, in order")
    reading: Literal["argmax", "threshold"] = Field(
        "argmax", description="argmax: each target word to its most attended source word; threshold: every "
                              "source word with at least `threshold` of the target word's attention")
    threshold: Optional[float] = Field(None, description="with reading=threshold only: 0 < threshold <= 1 "
                                                         "(default 0.5)")
    shift: bool = Field(False, description="read the attention of the step that predicts the next piece")


@dataclass(frozen=True)
class AlignKey:
    """The batcher's key of an align request: requests with equal readings share one forced pass."""

    reading: str
    threshold: float
    shift: bool


@dataclass
class AlignItem:
    """One checked pair; ``len`` is its word count, the batcher's (rough) measure of its work."""

    source: str
    target: str
    reference: Optional[Reference]

    def __len__(self) -> int:
        return len(self.source.split()) + len(self.target.split())


def parse_align(body: bytes, limits: ServeConfig) -> tuple[list[AlignItem], AlignKey]:
    """Decode, parse and check a ``POST /align`` body: the pairs and the batcher key of their reading; raises
    ``RequestError`` (400, 413 or 422)."""
    obj = json_object(body, EXAMPLE)
    check_count("pairs", obj.get("pairs"), "sentence pairs", limits)
    try:
        req = AlignRequest.model_validate(obj)
    except ValidationError as e:
        raise RequestError(422, pydantic_message(e, AlignRequest)) from None
    if not req.pairs:
        raise RequestError(422, "pairs: empty list; send at least one sentence pair")
    items = [_item(k, pair, limits) for k, pair in enumerate(req.pairs)]
    if req.threshold is not None and req.reading != "threshold":
        raise RequestError(422, f"threshold: only read with reading=threshold (this request has "
                                f"reading={req.reading}); leave it out or ask for reading=threshold")
    threshold = 0.5 if req.threshold is None else req.threshold
    if not (0.0 < threshold <= 1.0):  # also refuses NaN and infinities
        raise RequestError(422, f"threshold: {threshold} must be above 0 and at most 1")
    return items, AlignKey(req.reading, float(threshold), req.shift)


def _item(k: int, pair: AlignPair, limits: ServeConfig) -> AlignItem:
    """One pair within the limits, with words on both sides, and its reference parsed and checked."""
    words = {}
    for side in ("source", "target"):
        line = getattr(pair, side)
        check_line(f"pairs.{k}.{side}", line, limits)
        words[side] = len(clean(line).split())
        if not words[side]:
            raise RequestError(422, f"pairs.{k}.{side}: no words; forced alignment needs a sentence on both sides")
    reference = None
    if pair.reference is not None:
        reference = _reference(f"pairs.{k}.reference", pair.reference, words["source"], words["target"])
    return AlignItem(pair.source, pair.target, reference)


def _reference(where: str, line: str, n_src: int, n_tgt: int) -> Reference:
    try:
        ref = parse_links(line, where)
    except AlignmentFileError as e:
        raise RequestError(422, str(e)) from None
    bad = next(((i, j) for i, j in sorted(ref.possible) if i >= n_src or j >= n_tgt), None)
    if bad is not None:
        raise RequestError(422, f"{where}: link {bad[0]}-{bad[1]} lies outside the pair ({n_src} source words, "
                                f"{n_tgt} target words); indices are 0-based whitespace words")
    return ref
