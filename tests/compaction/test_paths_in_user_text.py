"""A file's path in what the user says is kept: two folders deep whatever its extension
("addons/dialogic/Core/DialogicGameHandler.gd"), or by a known extension alone; slashes
between words or numbers are no path."""

from __future__ import annotations

import pytest

from ctxengine.compaction.patterns import find_spans


def _spans(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_spans(text)]


def _values(text: str, kind: str) -> list[str]:
    return [v for k, v in _spans(text) if k == kind]


@pytest.mark.parametrize(
    ("text", "path"),
    [
        (
            "You can patch addons/dialogic/Core/DialogicGameHandler.gd, there's a null bug in it.",
            "addons/dialogic/Core/DialogicGameHandler.gd",
        ),
        ("open src/engine/core/Thing.hx now", "src/engine/core/Thing.hx"),
        ("see lib/net/Client.kt.", "lib/net/Client.kt"),
        ("修改 scenes/main/Level1.tscn 里的灯光", "scenes/main/Level1.tscn"),
        ("Edit Program.cs first", "Program.cs"),
        ("the bug is in app/Models/User.swift:42", "app/Models/User.swift:42"),
        ("bump Cargo.lock", "Cargo.lock"),
        ("infra/prod/main.tf has the bucket", "infra/prod/main.tf"),
    ],
)
def test_a_path_in_the_users_words_is_kept(text: str, path: str) -> None:
    assert _values(text, "path") == [path]


@pytest.mark.parametrize(
    "text",
    [
        "Options A/B/C. Done",
        "A/B/C.D",
        "ratio 1/2/3.5",
        "and/or/not",
        "input/output/error handling",
        "use Node.js for it",
    ],
)
def test_slashes_that_are_no_path(text: str) -> None:
    assert _values(text, "path") == []
