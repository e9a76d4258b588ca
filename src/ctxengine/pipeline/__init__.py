"""The short-term pipeline of the first seed: truncate, trim, fit the budget, recover."""

from ctxengine.pipeline.stages import (
    Removal,
    aggressive_trim,
    compress_turn,
    cut_middle,
    fit_budget,
    trim_turns,
    truncate_turn,
)
from ctxengine.pipeline.turns import Turn, flatten, split_turns
from ctxengine.pipeline.window import Window, WindowResult

__all__ = [
    "Removal",
    "Turn",
    "Window",
    "WindowResult",
    "aggressive_trim",
    "compress_turn",
    "cut_middle",
    "fit_budget",
    "flatten",
    "split_turns",
    "trim_turns",
    "truncate_turn",
]
