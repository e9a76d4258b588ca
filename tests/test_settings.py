"""Settings: seed defaults, and the layers file < inline config < environment < arguments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ctxengine.settings import Settings, SettingsError, load_settings


def test_defaults_are_the_seeds_numbers() -> None:
    s = Settings()
    assert (s.agent_max_context_tokens, s.agent_max_context_turns, s.agent_max_steps) == (
        50000,
        20,
        15,
    )
    assert s.tool_result_max_chars == 20000
    assert (s.overflow_tool_result_max_chars, s.overflow_user_text_max_chars) == (10000, 10000)
    assert s.overflow_max_turns == 5
    assert s.restore_turns == 3  # max(3, 20 / 6)
    assert Settings(agent_max_context_turns=60).restore_turns == 10
    assert s.budget_target == 37500


def test_layers_later_wins(tmp_path: Path) -> None:
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"agent_max_context_tokens": 1000, "agent_max_steps": 3}))
    env = {"CTXENGINE_AGENT_MAX_CONTEXT_TOKENS": "2000", "CTXENGINE_AGENT_MAX_STEPS": "4"}
    s = load_settings(cfg, env=env, config={"agent_max_steps": 9}, agent_max_context_tokens=3000)
    assert s.agent_max_context_tokens == 3000  # argument beats env beats file
    assert s.agent_max_steps == 4  # env beats inline config beats file
    assert load_settings(cfg, env={}).agent_max_steps == 3


def test_none_arguments_do_not_mask_lower_layers() -> None:
    s = load_settings(env={"CTXENGINE_AGENT_MAX_CONTEXT_TURNS": "7"}, agent_max_context_turns=None)
    assert s.agent_max_context_turns == 7


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('{"agent_max_context_tokens": "lots"}', "agent_max_context_tokens"),
        ('{"agent_max_contxt_tokens": 5}', "agent_max_contxt_tokens"),
        ("{not json", "invalid JSON at line 1 column 2"),
        ("[1, 2]", "expected a JSON object"),
    ],
)
def test_bad_config_names_the_problem(tmp_path: Path, content: str, needle: str) -> None:
    cfg = tmp_path / "config.json"
    cfg.write_text(content)
    with pytest.raises(SettingsError, match=needle):
        load_settings(cfg, env={})


def test_missing_and_non_utf8_config(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="not found"):
        load_settings(tmp_path / "nope.json", env={})
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(SettingsError, match="not UTF-8 at byte 7"):
        load_settings(bad, env={})
