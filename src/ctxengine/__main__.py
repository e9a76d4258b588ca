"""`python -m ctxengine ...`: the same command as the `ctxengine` executable."""

from ctxengine.cli import entry

if __name__ == "__main__":
    entry()
