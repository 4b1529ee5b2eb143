"""``key=value`` options checked against a typed schema, and the ``--help`` text every command prints.

The inference commands write data to stdout (translate) or read an old run, so they need neither Hydra's
run folders nor its logging; OmegaConf's structured configs give the same typo and type checking.
"""
from __future__ import annotations

import dataclasses
import sys
import typing
from enum import Enum
from typing import Any, Sequence, TypeVar

from omegaconf import OmegaConf
from omegaconf.errors import ConfigKeyError, MissingMandatoryValue, OmegaConfBaseException

from seq2seq.errors import ConfigError

T = TypeVar("T")


def _type_name(tp: Any) -> str:
    if isinstance(tp, type) and issubclass(tp, Enum):
        return "|".join(m.value for m in tp)
    if typing.get_origin(tp) in (list, typing.List):
        return f"list[{_type_name(typing.get_args(tp)[0])}]"
    return getattr(tp, "__name__", str(tp))


def _default(f: dataclasses.Field) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
        value = f.default_factory()  # type: ignore[misc]
        return None if dataclasses.is_dataclass(value) else value
    return None


def usage(schema: type, values: dict | None = None, prefix: str = "") -> str:
    """One line per option: ``key=default  type  help``; nested dataclasses become titled groups.

    ``values`` (a plain dict of the composed config) overrides the schema's defaults where given, so
    ``seq2seq-train --help`` shows what the YAML files choose.
    """
    hints = typing.get_type_hints(schema)
    lines: list[str] = []
    for f in dataclasses.fields(schema):
        tp, key = hints[f.name], f"{prefix}{f.name}"
        value = (values or {}).get(f.name, _default(f))
        if dataclasses.is_dataclass(tp):
            lines += ["", f"{key}:", usage(tp, value if isinstance(value, dict) else None, f"{key}.")]
            continue
        if value == "???":
            value = "(required)"
        shown = str(value.value if isinstance(value, Enum) else value)
        lines.append(f"  {key + '=' + shown:<44} {_type_name(tp):<20} {f.metadata.get('help', '')}".rstrip())
    return "\n".join(lines)


def parse(prog: str, schema: type[T], argv: Sequence[str] | None = None) -> T:
    argv = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in argv):
        print(f"usage: {prog} key=value ...\n\noptions:\n{usage(schema)}")  # `| head`: the caller ends quietly
        sys.exit(0)
    bad = [a for a in argv if "=" not in a]
    if bad:
        raise ConfigError(f"argument {bad[0]!r} is not key=value; see {prog} --help")
    # String options take the text verbatim: `text="Y dijo Dios: Sea la luz"` is not YAML.
    strings = {f.name for f in dataclasses.fields(schema) if f.type in (str, "str")}
    raw = {a.split("=", 1)[0]: a.split("=", 1)[1] for a in argv if a.split("=", 1)[0] in strings}
    rest = [a for a in argv if a.split("=", 1)[0] not in strings]
    try:
        merged = OmegaConf.merge(OmegaConf.structured(schema), OmegaConf.from_dotlist(rest), raw)
        return OmegaConf.to_object(merged)  # type: ignore[return-value]
    except OmegaConfBaseException as e:
        key = getattr(e, "full_key", None) or ""
        if isinstance(e, MissingMandatoryValue):
            raise ConfigError(f"{key}= is required; see {prog} --help") from None
        if isinstance(e, ConfigKeyError):
            raise ConfigError(f"{key}: no such option; see {prog} --help") from None
        first = str(e).splitlines()[0]
        raise ConfigError(f"{key + ': ' if key else ''}{first}; see {prog} --help") from None
