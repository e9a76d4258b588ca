"""ctxengine: a context engine for LLM agents."""

from ctxengine.engine import Context, ContextEngine, Session
from ctxengine.messages import (
    ImagePart,
    Message,
    RawPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)
from ctxengine.settings import Settings, load_settings
from ctxengine.tokens import TokenCounter

__all__ = [
    "Context",
    "ContextEngine",
    "ImagePart",
    "Message",
    "RawPart",
    "Session",
    "Settings",
    "TextPart",
    "ThinkingPart",
    "TokenCounter",
    "ToolCallPart",
    "ToolResultPart",
    "load_settings",
]
__version__ = "0.1.0"
