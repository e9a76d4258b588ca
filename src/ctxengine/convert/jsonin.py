"""Bytes from a file or a request body -> a JSON value, with errors that say where."""

from __future__ import annotations

import codecs
import json
import math
import re

from ctxengine.convert.errors import InputError

# A JSON string, or one of the constants Python's json accepts but JSON does not.
_STRING_OR_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|(NaN|-?Infinity)', re.DOTALL)
# A JSON string, or a number with a fraction or an exponent (what json hands to parse_float).
_STRING_OR_FLOAT = re.compile(r'"(?:[^"\\]|\\.)*"|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)', re.DOTALL)


class _Constant(Exception):
    pass


class _OutOfRange(Exception):
    pass


def _reject_constant(name: str) -> object:
    raise _Constant(name)


def _finite_float(literal: str) -> float:
    """`1e999` is valid JSON but reads as infinity, which no JSON answer can hold: a message
    keeping it would make every later context of its session fail to render."""
    value = float(literal)
    if not math.isfinite(value):
        raise _OutOfRange(literal)
    return value


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - text.rfind("\n", 0, pos)


def parse_json_input(raw: bytes) -> object:
    """Decode UTF-8 bytes (an optional BOM is skipped) and parse strict JSON.

    Args:
        raw: The whole input. Tens of megabytes are fine: decoding and parsing are C code.

    Returns:
        The parsed value.

    Raises:
        InputError: ``input is not valid UTF-8 at byte N`` (position N), or
            ``invalid JSON at line L column C: <reason>`` (position: character offset).
            ``NaN`` and ``Infinity`` are rejected: they are not JSON and would not survive a
            round trip (NaN is not equal to itself). So is a number out of a double's range
            (``1e999``): ``... number 1e999 is out of range``.
    """
    skip = len(codecs.BOM_UTF8) if raw.startswith(codecs.BOM_UTF8) else 0
    try:
        text = (raw[skip:] if skip else raw).decode("utf-8")
    except UnicodeDecodeError as e:
        byte = e.start + skip
        raise InputError(f"input is not valid UTF-8 at byte {byte}", position=byte) from None
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except json.JSONDecodeError as e:
        raise InputError(
            f"invalid JSON at line {e.lineno} column {e.colno}: {e.msg}", position=e.pos
        ) from None
    except _Constant as e:
        pos = next(m.start(1) for m in _STRING_OR_CONSTANT.finditer(text) if m.group(1))
        line, col = _line_col(text, pos)
        raise InputError(
            f"invalid JSON at line {line} column {col}: {e} is not allowed", position=pos
        ) from None
    except _OutOfRange as e:
        literal = str(e)
        pos = next(
            (m.start(1) for m in _STRING_OR_FLOAT.finditer(text) if m.group(1) == literal), 0
        )
        line, col = _line_col(text, pos)
        raise InputError(
            f"invalid JSON at line {line} column {col}: number {literal} is out of range",
            position=pos,
        ) from None
    except RecursionError:
        raise InputError("invalid JSON: nested too deeply") from None
    except ValueError as e:  # e.g. an integer with more digits than Python converts
        raise InputError(f"invalid JSON: {e}") from None
