"""``key=value`` arguments for the inference commands, checked against their typed schema.

These commands write data to stdout (translate) or read an old run, so they do not need Hydra's run
folders or logging; OmegaConf's structured configs give the same typo and type checking.
"""
from __future__ import annotations

import dataclasses
import sys
from typing import Sequence, TypeVar

from omegaconf import OmegaConf
from omegaconf.errors import OmegaConfBaseException

from seq2seq.errors import ConfigError

T = TypeVar("T")


def usage(prog: str, schema: type) -> str:
    lines = [f"usage: {prog} key=value ...", "", "keys:"]
    for f in dataclasses.fields(schema):
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else "")  # type: ignore[misc]
        lines.append(f"  {f.name}={default!s:<12} {f.metadata.get('help', '')}")
    return "\n".join(lines)


def parse(prog: str, schema: type[T], argv: Sequence[str] | None = None) -> T:
    argv = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in argv):
        print(usage(prog, schema))
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
        first = str(e).splitlines()[0]
        if "Missing mandatory value" in first:
            raise ConfigError(f"{key}= is required; see {prog} --help") from None
        raise ConfigError(f"{key + ': ' if key else ''}{first}; see {prog} --help") from None
