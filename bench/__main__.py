"""`python -m bench` from the repository root: see `bench.runner`."""

from bench.runner import main

raise SystemExit(main())
