"""Lossless converters between provider message formats and `ctxengine.messages.Message`.

::

    bytes --parse_json_input--> JSON value --from_openai / from_anthropic--> [Message]
    [Message] --to_openai / to_anthropic--> JSON value

``to_openai(from_openai(x)) == x`` and ``to_anthropic(from_anthropic(m, s)) == (s, m)`` for
every valid input: unknown fields are kept per format in ``extra`` (see `_wire`). Converting
across formats keeps text, images, tool calls and their pairing; what the target cannot hold
is left out (documented on each writer).

All input problems raise `InputError` with a one-line message naming the problem and where.
"""

from ctxengine.convert.anthropic_messages import from_anthropic, to_anthropic
from ctxengine.convert.errors import InputError
from ctxengine.convert.jsonin import parse_json_input
from ctxengine.convert.openai_chat import from_openai, to_openai
from ctxengine.convert.pairing import PairingState, validate_pairing

__all__ = [
    "InputError",
    "PairingState",
    "from_anthropic",
    "from_openai",
    "parse_json_input",
    "to_anthropic",
    "to_openai",
    "validate_pairing",
]
