"""Make the repository's `bench` package importable (it is not installed with ctxengine).

There is deliberately no `tests/bench/__init__.py`: with one, pytest would import this directory
as a package named `bench`, shadowing the real one.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
