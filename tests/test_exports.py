"""The public API is locked: a change to the exports is a decision, not an accident."""

import ctxengine


def test_exported_members() -> None:
    assert sorted(ctxengine.__all__) == [
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
    for name in ctxengine.__all__:
        assert getattr(ctxengine, name).__module__.startswith("ctxengine")


def test_readme_example_runs(tmp_path: object) -> None:
    import asyncio
    from pathlib import Path

    from ctxengine import ContextEngine, Message, Settings

    async def main() -> list[dict[str, object]]:
        settings = Settings(workspace=Path(str(tmp_path)))
        async with ContextEngine(settings) as engine:
            session = await engine.session("user-1", "chat-1")
            await session.add(Message.user("不要显示价格。Find order A1234 for me."))
            context = await session.context()
            return context.to_openai()

    out = asyncio.run(main())
    assert out[-1]["role"] == "user"
    assert "不要显示价格" in str(out)
