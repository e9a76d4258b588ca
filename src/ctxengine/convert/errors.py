"""`InputError`: bad input named in one line, with where it is.

Every converter raises this one class, so a caller (the CLI, the HTTP server) can catch it and
show ``str(error)`` without a traceback::

    InputError("message 3: unknown role 'robot'", position=3)
    InputError("input is not valid UTF-8 at byte 17", position=17)
"""

from __future__ import annotations


class InputError(ValueError):
    """Input that cannot be read, with a one-line message naming the problem and its place.

    Attributes:
        position: For message errors, the index of the offending message in the list the
            caller passed; for `parse_json_input`, the byte (UTF-8) or character (JSON) offset.
            ``None`` when the problem has no single place (a non-list input, a bad ``system``).
    """

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


def at(index: int, problem: str) -> InputError:
    """An error about message `index`: ``message 3: <problem>``."""
    return InputError(f"message {index}: {problem}", position=index)


def json_type(value: object) -> str:
    """The JSON name of a value's type, for messages a user of the wire format understands."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__
