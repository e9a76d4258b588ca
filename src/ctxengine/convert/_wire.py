"""Bookkeeping shared by the two wire formats.

How a round trip stays lossless
-------------------------------
Every object a reader builds (message or part) gets ``extra[fmt]``, where ``fmt`` is
``"openai"`` or ``"anthropic"``: a dict of the wire keys this model does not name, kept verbatim.
Its presence also records where the object came from (its *origin*):

* a writer for the same format starts each wire object from ``extra[fmt]`` and then sets the
  fields it models on top, so unknown keys come back and edited fields win;
* a writer for the other format ignores that dict, so one provider's fields
  (``cache_control``, ``refusal``, ...) never leak into the other's request;
* objects built inside ctxengine have no origin and are written in each format's default shape.

A field whose value is not of the modelled type (``"name": null``, ``"is_error": false``) is
left in ``extra[fmt]`` too, so the writer can emit the field only when the model says so and
the original spelling still comes back.
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal

from ctxengine.messages import ImagePart

OPENAI: Final = "openai"
ANTHROPIC: Final = "anthropic"
Origin = Literal["openai", "anthropic"]


class _Absent:
    """Marks a key that was not present at all (different from JSON null)."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final = _Absent()


def copy_json(value: Any) -> Any:
    """Copy a JSON value, so callers and stored messages never share mutable containers.

    Strings are immutable and shared, so the cost follows the number of containers, not bytes.
    """
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


def origin(extra: dict[str, Any]) -> Origin | None:
    """Which format an object was read from, or None for objects built by ctxengine."""
    if OPENAI in extra:
        return OPENAI
    if ANTHROPIC in extra:
        return ANTHROPIC
    return None


def keep(raw: dict[str, Any], known: set[str], fmt: Origin) -> dict[str, Any]:
    """The ``extra`` of a freshly read object: the unknown keys of `raw`, copied."""
    return {fmt: {k: copy_json(v) for k, v in raw.items() if k not in known}}


def start(extra: dict[str, Any], fmt: Origin) -> dict[str, Any]:
    """The wire dict a writer begins with: the object's kept keys for `fmt` (copied)."""
    kept = extra.get(fmt)
    return copy_json(kept) if isinstance(kept, dict) else {}


def text_of_blocks(blocks: list[dict[str, Any]]) -> str:
    """The text of a list of content blocks, joined by newlines like `Message.text`."""
    return "\n".join(
        b["text"] for b in blocks if b.get("type") == "text" and isinstance(b.get("text"), str)
    )


_DATA_URL = re.compile(r"data:([^;,]+);base64,(.*)", re.DOTALL)


def image_url_of(part: ImagePart) -> str | None:
    """The OpenAI ``image_url.url`` for an image, whichever format it came from."""
    src = part.source
    if src.get("type") == "base64" and isinstance(src.get("data"), str):
        media = src.get("media_type") if isinstance(src.get("media_type"), str) else "image/png"
        return f"data:{media};base64,{src['data']}"
    url = src.get("url")
    return url if isinstance(url, str) else None


def anthropic_source_of(part: ImagePart) -> dict[str, Any] | None:
    """The Anthropic ``source`` for an image read from OpenAI (a URL or a data URL)."""
    url = part.source.get("url")
    if not isinstance(url, str):
        return None
    m = _DATA_URL.fullmatch(url)
    if m:
        return {"type": "base64", "media_type": m.group(1), "data": m.group(2)}
    return {"type": "url", "url": url}
