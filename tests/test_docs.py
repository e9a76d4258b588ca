"""docs/cli.md and docs/settings.md match the code (regenerate: python -m ctxengine.docs)."""

import pytest

from ctxengine.docs import GENERATED, ROOT


@pytest.mark.parametrize("rel", sorted(GENERATED))
def test_generated_docs_are_current(rel: str) -> None:
    path = ROOT / rel
    assert path.exists(), f"{rel} is missing: run python -m ctxengine.docs"
    assert path.read_text(encoding="utf-8") == GENERATED[rel](), (
        f"{rel} is stale: run python -m ctxengine.docs"
    )
