"""A minimal agent loop on top of the engine: the seed's decision loop with its budgets."""

from ctxengine.agent.loop import Agent, Tool, TurnResult

__all__ = ["Agent", "Tool", "TurnResult"]
