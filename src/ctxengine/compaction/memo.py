"""`Memo`: a derived-data cache that a pydantic model can hold without changing what it is.

The layers are plain pydantic data, compared with ``==`` and copied with ``model_copy``. An
index kept beside that data (which entries are active, which evidence is protected) must be
invisible to both: two states with equal fields are equal whatever their caches hold, and a
copy starts with an empty cache instead of sharing (or deep-copying) the original's. A `Memo`
compares equal to every other `Memo` and copies as an empty one; its owner checks a
validation key before trusting what it holds.
"""

from __future__ import annotations

from typing import Any


class Memo:
    """A bag of cached values keyed by name; always equal to another Memo, copied empty."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Memo)

    def __hash__(self) -> int:
        return 0

    def __copy__(self) -> Memo:
        return Memo()

    def __deepcopy__(self, memo: dict[int, Any]) -> Memo:
        return Memo()

    def __reduce__(self) -> tuple[type[Memo], tuple[()]]:
        return (Memo, ())

    def __repr__(self) -> str:
        return "Memo()"
