"""Splitting a memory file into overlapping chunks on line boundaries.

A chunk holds whole lines (1-based, inclusive `start_line`..`end_line`) up to `chunk_chars`
characters; the next chunk repeats the last lines of the previous one, up to `overlap_chars`,
so a fact that straddles a boundary is whole in at least one chunk. A single line longer than
`chunk_chars` is cut into pieces that all carry that line's number, so no chunk is oversized.
"""

from __future__ import annotations

from dataclasses import dataclass


class ChunkingError(ValueError):
    """Chunking parameters are out of range."""


@dataclass(frozen=True)
class Chunk:
    path: str
    start_line: int
    end_line: int
    text: str


@dataclass(frozen=True)
class _Piece:
    line: int
    text: str
    continues: bool  # True when the next piece is the rest of the same line


def _pieces(text: str, chunk_chars: int) -> list[_Piece]:
    out: list[_Piece] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) <= chunk_chars:
            out.append(_Piece(number, line, False))
            continue
        parts = [line[i : i + chunk_chars] for i in range(0, len(line), chunk_chars)]
        out.extend(_Piece(number, p, i < len(parts) - 1) for i, p in enumerate(parts))
    return out


def _join(pieces: list[_Piece]) -> str:
    # Pieces of one long line are rejoined without a newline, so chunk text is file text.
    return "".join(p.text + ("" if p.continues else "\n") for p in pieces).removesuffix("\n")


def _size(pieces: list[_Piece]) -> int:
    return len(_join(pieces))


def chunk_text(
    text: str, path: str, *, chunk_chars: int = 2000, overlap_chars: int = 200
) -> list[Chunk]:
    """Chunks of `text` (the content of the file at `path`).

    Args:
        text: the file's content.
        path: the file's path, relative to the user's memory root; copied into every chunk.
        chunk_chars: most characters in one chunk (newlines included).
        overlap_chars: most characters repeated from the end of the previous chunk.

    Returns:
        Chunks in file order; an empty or whitespace-only text has none.

    Raises:
        ChunkingError: if `chunk_chars` < 1 or `overlap_chars` is negative or not below it.
    """
    if chunk_chars < 1:
        raise ChunkingError(f"chunk_chars must be at least 1, got {chunk_chars}")
    if not 0 <= overlap_chars < chunk_chars:
        raise ChunkingError(f"overlap_chars must be in [0, {chunk_chars}), got {overlap_chars}")
    if not text.strip():
        return []
    pieces = _pieces(text.removesuffix("\n"), chunk_chars)
    chunks: list[Chunk] = []
    start = 0
    while start < len(pieces):
        end = start + 1  # always take one piece, so every step makes progress
        while end < len(pieces) and _size(pieces[start : end + 1]) <= chunk_chars:
            end += 1
        group = pieces[start:end]
        if _join(group).strip():
            chunks.append(Chunk(path, group[0].line, group[-1].line, _join(group)))
        if end >= len(pieces):
            break
        # Step back over trailing pieces that fit in the overlap, but never to `start` itself.
        nxt = end
        while nxt - 1 > start and _size(pieces[nxt - 1 : end]) <= overlap_chars:
            nxt -= 1
        start = nxt
    return chunks
