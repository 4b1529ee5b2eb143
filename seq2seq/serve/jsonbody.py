"""JSON parsing of a request body whose time and memory stay linear in its size, whatever a client sends.

``json.loads`` alone is not: it recurses once per nesting level (a body of 100,000 ``[`` ends in
``RecursionError``), and it turns every numeral into a Python ``int``, which refuses more than 4,300 digits
(and costs quadratic time below that). So the nesting depth is measured first by a linear scan that skips
string literals, and numerals longer than any option needs are refused as they are met.
"""
from __future__ import annotations

import json
import re
from functools import partial

import numpy as np

MAX_DEPTH = 32  # a request nests 2 deep ({"text": [...]}); room for wrong but honest bodies
MAX_NUMBER_CHARS = 32  # a beam size has 1 or 2 digits

# A string literal, closing quote optional: an unterminated one matches to the end in one pass, so the
# scan never restarts at each later quote (which would be quadratic).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_STEP = np.zeros(256, np.int8)  # per UTF-8 byte: +1 opens, -1 closes, 0 anything else
_STEP[[ord("["), ord("{")]], _STEP[[ord("]"), ord("}")]] = 1, -1


class RequestError(ValueError):
    """A bad request: HTTP ``status`` (4xx) and a one-line message for the client."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def depth(text: str) -> int:
    """Deepest nesting of ``[``/``{`` outside string literals (exact for valid JSON); linear time."""
    steps = _STEP[np.frombuffer(_STRING.sub("", text).encode("utf-8", "surrogatepass"), np.uint8)]
    return int(np.cumsum(steps, dtype=np.int64).max(initial=0))


def _numeral(convert, s: str):
    if len(s) > MAX_NUMBER_CHARS:
        raise RequestError(422, f"body: a number of {len(s)} characters ({s[:12]}...); options take small "
                                f"integers (at most {MAX_NUMBER_CHARS} characters)")
    return convert(s)


def loads(text: str):
    """``json.loads`` with bounded depth and numeral length; raises ``RequestError`` (400: not JSON or nested
    deeper than ``MAX_DEPTH``, 422: a numeral too long)."""
    deepest = depth(text)
    if deepest > MAX_DEPTH:
        raise RequestError(400, f"body is nested {deepest} levels deep, more than the limit of {MAX_DEPTH}; "
                                'send {"text": ["..."]}')
    try:
        return json.loads(text, parse_int=partial(_numeral, int), parse_float=partial(_numeral, float))
    except json.JSONDecodeError as e:
        raise RequestError(400, f"body is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
