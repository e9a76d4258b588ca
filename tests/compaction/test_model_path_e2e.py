"""The model path end to end: a session configured with a model parses user messages through
the local OpenAI-compatible server, and the merge keeps only verbatim values."""

from __future__ import annotations

import json
from pathlib import Path

from ctxengine.engine import ContextEngine
from ctxengine.messages import Message
from ctxengine.settings import Settings
from ctxengine.store.memory import MemoryStore
from ctxengine.testing import OpenAICompatibleServer, ScriptedModel, ScriptedRequest


def _answer(request: ScriptedRequest) -> str:
    text = str(request.messages[-1]["content"])
    constraints = []
    if "200 words" in text:
        constraints = [
            # Verbatim clause: kept. A paraphrase the user never said: dropped by the merge.
            {
                "text": "keep answers under 200 words",
                "polarity": "require",
                "subject": "answer length",
                "confidence": 0.95,
            },
            {"text": "be brief", "polarity": "require", "subject": "brevity", "confidence": 0.9},
        ]
    return json.dumps({"language": "en", "constraints": constraints})


async def test_model_path_adds_what_rules_miss_and_drops_paraphrases(tmp_path: Path) -> None:
    model = ScriptedModel(responder=_answer)
    async with OpenAICompatibleServer(model) as srv:
        settings = Settings(
            workspace=tmp_path,
            parse_with_model=True,
            llm_base_url=srv.base_url,
            llm_model="scripted-model",
        )
        async with ContextEngine(settings, store=MemoryStore()) as engine:
            s = await engine.session("u", "s")
            await s.add(Message.user("Please keep answers under 200 words from now on."))
            await s.add(Message.assistant("Sure."))
            block = (await s.context()).compacted_context
    assert model.requests, "the model path was called"
    assert "response_format" in model.requests[0].body
    assert "keep answers under 200 words" in block
    assert "be brief" not in block


async def test_model_failure_falls_back_to_rules(tmp_path: Path) -> None:
    model = ScriptedModel(responder=lambda r: (500, {"error": {"message": "down"}}))
    async with OpenAICompatibleServer(model) as srv:
        settings = Settings(
            workspace=tmp_path,
            parse_with_model=True,
            llm_base_url=srv.base_url,
            llm_model="m",
            llm_max_retries=0,
        )
        async with ContextEngine(settings, store=MemoryStore()) as engine:
            s = await engine.session("u", "s")
            await s.add(Message.user("不要显示价格。"))
            block = (await s.context()).compacted_context
    assert "不要显示价格" in block
