"""Test helpers shipped with ctxengine: a scripted model behind a real local OpenAI server.

Use them to test an agent built on ctxengine without a network or a real model::

    from ctxengine.testing import OpenAICompatibleServer, ScriptedModel, Fail

    model = ScriptedModel(["first reply", Fail.overflow("deepseek")])
    with OpenAICompatibleServer(model) as srv:
        ...  # point an OpenAI-compatible client at srv.base_url
    model.requests  # every request received, with its prompt token count
"""

from ctxengine.testing.scripted import (
    OVERFLOW_PROVIDERS,
    Fail,
    Reply,
    ScriptedModel,
    ScriptedRequest,
    ScriptedResponse,
    ToolCall,
    count_request_tokens,
    overflow_error,
    rate_limit_error,
)
from ctxengine.testing.server import OpenAICompatibleServer, ServerStartError

__all__ = [
    "OVERFLOW_PROVIDERS",
    "Fail",
    "OpenAICompatibleServer",
    "Reply",
    "ScriptedModel",
    "ScriptedRequest",
    "ScriptedResponse",
    "ServerStartError",
    "ToolCall",
    "count_request_tokens",
    "overflow_error",
    "rate_limit_error",
]
