"""The ``POST /translate`` request: its fields, the server's limits, and one-line errors for bad input.

The body is decoded and parsed here rather than by FastAPI, so every way a body can be wrong (not UTF-8,
not JSON, wrong types, unknown option, over a limit) gets the same ``{"error": "..."}`` answer naming the
field, with a 4xx status. ``jsonbody`` keeps the parse linear in the body's size (nesting, numerals).
"""
from __future__ import annotations

from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from seq2seq.config import ServeConfig
from seq2seq.search.options import OptionError, check_sizes
from seq2seq.serve import jsonbody
from seq2seq.serve.jsonbody import RequestError


class TranslateRequest(BaseModel):
    """What a client may send; strict: ``"5"`` is not a beam size and ``1`` is not ``true``."""

    model_config = ConfigDict(extra="forbid", strict=True)

    text: list[str] = Field(description="source sentences, one per entry; one translation each, in order")
    beam_size: Optional[int] = Field(None, description="beam size (1 = greedy); default: the server's")
    n_best: Optional[int] = Field(None, description="hypotheses per sentence (an `nbest` list when > 1)")
    attention: bool = Field(False, description="add pieces, the attention matrix, hard links and diagnostics")
    prefix: Optional[list[str]] = Field(None, description="a target prefix per sentence (\"\" for none): each "
                                        "translation is forced to start with it")


class Prefixed(list):
    """A sentence's source ids (the list itself, as the batcher counts them) and ``prefix``, the target ids
    its translation must start with: requests with and without prefixes still share one search."""

    def __init__(self, ids, prefix) -> None:
        super().__init__(ids)
        self.prefix = list(prefix)


def pydantic_message(e: ValidationError, model: type[BaseModel] = TranslateRequest) -> str:
    """The first validation error as one line naming the field (``pairs.0.target: Field required``)."""
    err = e.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    if err["type"] == "extra_forbidden":
        fields = model.model_fields if len(err["loc"]) == 1 else _nested_fields(model, err["loc"])
        return f"{loc}: unknown option; options are {', '.join(fields)}"
    return f"{loc or 'body'}: {err['msg']}"


def _nested_fields(model: type[BaseModel], loc: tuple) -> list[str]:
    """The field names of the object at ``loc[:-1]`` (a list's items are skipped over by their index)."""
    for part in loc[:-1]:
        if isinstance(part, str):
            model = model.model_fields[part].annotation.__args__[0]  # list[Item] -> Item
    return list(model.model_fields)


def json_object(body: bytes, example: str) -> dict:
    """A request body as a JSON object; raises ``RequestError`` (400 not UTF-8 / not JSON, 422 not an object)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RequestError(400, f"body is not valid UTF-8 (byte {e.start})") from None
    obj = jsonbody.loads(text)
    if not isinstance(obj, dict):
        raise RequestError(422, f"body: expected a JSON object like {example}")
    return obj


def parse_request(body: bytes, limits: ServeConfig) -> TranslateRequest:
    """Decode, parse and check a request body against the server's limits (``max_*``), then the search's own
    rule for the sizes (``check_sizes``); the server's defaults (``beam_size``, ``n_best``) filled in. Raises
    ``RequestError`` (400, 413 or 422)."""
    obj = json_object(body, '{"text": ["..."]}')
    check_count("text", obj.get("text"), "sentences", limits)
    try:
        req = TranslateRequest.model_validate(obj)
    except ValidationError as e:
        raise RequestError(422, pydantic_message(e)) from None
    if not req.text:
        raise RequestError(422, "text: empty list; send at least one sentence")
    for k, line in enumerate(req.text):
        check_line(f"text.{k}", line, limits)
    if req.prefix is not None and len(req.prefix) != len(req.text):
        raise RequestError(422, f"prefix: {len(req.prefix)} prefixes for {len(req.text)} sentences; give one "
                                "per sentence (\"\" for none)")
    for k, line in enumerate(req.prefix or []):
        check_line(f"prefix.{k}", line, limits)
    beam = limits.beam_size if req.beam_size is None else req.beam_size
    if not 1 <= beam <= limits.max_beam_size:
        raise RequestError(422, f"beam_size: {beam} must be between 1 and {limits.max_beam_size}")
    n_best = min(limits.n_best, beam) if req.n_best is None else req.n_best
    try:
        check_sizes(beam, n_best)
    except OptionError as e:
        raise RequestError(422, f"{e.key}: {e.value} {e.rule_text}") from None
    return req.model_copy(update={"beam_size": beam, "n_best": n_best})


def check_count(where: str, items, what: str, limits: ServeConfig) -> None:
    """At most ``max_lines`` items (413); checked before validation, which would report every bad entry."""
    if isinstance(items, list) and len(items) > limits.max_lines:
        raise RequestError(413, f"{where}: {len(items)} {what}, more than the limit of {limits.max_lines} "
                                "per request; split them into several requests")


def check_line(where: str, line: str, limits: ServeConfig) -> None:
    """One sentence within ``max_chars`` (413) and made of Unicode text (422)."""
    if len(line) > limits.max_chars:
        raise RequestError(413, f"{where}: {len(line)} characters, more than the limit of {limits.max_chars}")
    try:  # JSON's \ud800 escapes make a lone surrogate, which is no text the tokenizer can read
        line.encode("utf-8")
    except UnicodeEncodeError as e:
        raise RequestError(422, f"{where}: character {e.start} is a lone surrogate "
                                f"(\\u{ord(line[e.start]):04x}), not Unicode text") from None
