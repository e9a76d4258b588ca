"""Every tunable number of ctxengine, typed, with its default and unit.

Settings come from four layers, later ones winning::

    defaults (below)  <  config.json  <  CTXENGINE_* environment  <  explicit arguments

The defaults of the short-term pipeline are the numbers the first seed documents
(`agent_max_context_tokens` 50000, `agent_max_context_turns` 20, `agent_max_steps` 15,
historical tool results 20000 characters, overflow limits 10000 characters and 5 turns).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

ENV_PREFIX = "CTXENGINE_"


class SettingsError(ValueError):
    """A configuration value is missing, unknown or of the wrong type."""


class Settings(BaseModel):
    """All of ctxengine's tunables. Unknown keys are an error, so a typo never goes unnoticed."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    # --- budgets (seed 000) -------------------------------------------------------------
    agent_max_context_tokens: int = Field(50000, ge=256, description="Token budget of the context.")
    agent_max_context_turns: int = Field(20, ge=1, description="Turns kept in the context.")
    agent_max_steps: int = Field(15, ge=1, description="Decision steps (tool calls) per turn.")

    # --- stage 1: tool-result truncation ------------------------------------------------
    tool_result_max_chars: int = Field(
        20000, ge=200, description="Historical tool results over this many characters are cut."
    )

    current_result_min_chars: int = Field(
        500,
        ge=100,
        description="When the latest turn alone leaves no room for the user's rules, its tool "
        "results are cut (head + tail), never below this many characters each.",
    )

    # --- stage 3: token budget ----------------------------------------------------------
    text_compress_below_turns: int = Field(
        5, ge=1, description="Under this many turns, stage 3 compresses text instead of trimming."
    )
    min_free_ratio: float = Field(
        0.25,
        ge=0.0,
        lt=0.9,
        description="After any compaction at least this share of the budget is free.",
    )

    # --- stage 4: overflow recovery -----------------------------------------------------
    overflow_tool_result_max_chars: int = Field(10000, ge=200)
    overflow_user_text_max_chars: int = Field(10000, ge=200)
    overflow_max_turns: int = Field(5, ge=1)

    # --- tokens -------------------------------------------------------------------------
    encoding: str = Field("o200k_base", description="o200k_base, cl100k_base or qwen.")
    model: str | None = Field(None, description="Model name; picks the encoding when set.")
    message_overhead_tokens: int = Field(4, ge=0, description="Per-message framing tokens.")
    reply_overhead_tokens: int = Field(3, ge=0, description="Tokens that prime the reply.")
    image_tokens: int = Field(765, ge=0, description="Placeholder cost of one image.")
    image_low_detail_tokens: int = Field(85, ge=0)
    calibration_smoothing: float = Field(
        0.3, gt=0.0, le=1.0, description="Weight of a new provider usage report in calibration."
    )

    # --- summaries ----------------------------------------------------------------------
    summarizer_base_url: str | None = Field(None, description="OpenAI-compatible endpoint.")
    summarizer_api_key: str | None = None
    summarizer_model: str | None = None
    summarizer_context_tokens: int = Field(
        16000, ge=512, description="What the summarizer model can take in one request."
    )
    summarizer_output_tokens: int = Field(800, ge=64, description="Length of one summary.")
    summarizer_timeout_seconds: float = Field(60.0, gt=0)
    summarizer_max_retries: int = Field(3, ge=0)
    summarizer_retry_backoff_seconds: float = Field(1.0, ge=0)
    summarizer_safety_ratio: float = Field(
        0.05, ge=0.0, lt=0.5, description="Share of the summarizer's window kept free."
    )
    summarizer_tool_result_chars: int = Field(
        2000, ge=100, description="Tool results are clipped to this in a summary transcript."
    )
    summary_max_tokens: int = Field(
        2000, ge=64, description="Cap on the injected summary; older summaries are merged."
    )
    summary_max_share: float = Field(
        0.25,
        gt=0.0,
        le=0.9,
        description=(
            "...and on its share of agent_max_context_tokens, the block's room first: where no "
            "ontology knows the values, the summary of the dropped turns is what keeps them."
        ),
    )
    extractive_sentences: int = Field(12, ge=1, description="Sentences an offline summary keeps.")

    # --- model calls (agent loop) -------------------------------------------------------
    llm_base_url: str | None = None
    llm_api_key: str | None = None
    llm_model: str | None = None
    llm_timeout_seconds: float = Field(120.0, gt=0)
    llm_max_retries: int = Field(2, ge=0)
    llm_backoff_seconds: float = Field(0.5, ge=0)

    # --- persistence & memory (seed 000, issue 4) ---------------------------------------
    workspace: Path = Field(Path("ctxengine-workspace"), description="Memory files and the db.")
    db: str | None = Field(None, description="sqlite:///path or postgresql://...; default sqlite.")
    restore_min_turns: int = Field(3, ge=1)
    restore_turns_divisor: int = Field(6, ge=1)
    retention_days: float = Field(30.0, gt=0)
    gc_interval_seconds: float = Field(3600.0, gt=0)
    memory_chunk_chars: int = Field(2000, ge=100)
    memory_chunk_overlap_chars: int = Field(200, ge=0)
    memory_vector_weight: float = Field(
        0.2, ge=0.0, le=1.0, description="Weight of the vector score in hybrid memory search."
    )
    memory_half_life_days: float = Field(30.0, gt=0)
    memory_max_results: int = Field(10, ge=1)
    memory_min_score: float = Field(0.1, ge=0.0)
    memory_snippet_chars: int = Field(700, ge=50)
    memory_candidate_factor: int = Field(4, ge=1, description="Candidates fetched per result.")
    memory_embedder: Literal["static", "e5", "none"] = "static"
    sqlite_synchronous: Literal["OFF", "NORMAL", "FULL", "EXTRA"] = Field(
        "FULL", description="FULL survives power loss; NORMAL is faster and survives crashes."
    )

    # --- service (`ctxengine serve`) ----------------------------------------------------
    server_max_body_bytes: int = Field(
        16 * 1024 * 1024,
        ge=1024,
        description="Largest request body the service reads (413 above). A conversation this "
        "size is millions of tokens, far over any model's window, and costs a worker minutes.",
    )
    server_compact_workers: int = Field(
        2,
        ge=1,
        description="/v1/compact requests run at once, each in a worker thread of its own (the "
        "event loop stays free for /health and the sessions); more wait for one.",
    )

    # --- compaction engine (seed 002, issue 3) ------------------------------------------
    compaction: bool = Field(True, description="Distill turns into intent/state/evidence layers.")
    ontology: str | None = Field(
        None, description="Built-in ontology name (generic, ecommerce, crosswoz) or a YAML path."
    )
    parse_with_model: bool = Field(
        False, description="Also parse user messages with the llm_* model (merged by confidence)."
    )
    compaction_persist_every_turns: int = Field(
        5, ge=1, description="The layers are stored every N turns (rebuilt from history after)."
    )
    compaction_persist_share: float = Field(
        0.1,
        ge=0.0,
        le=1.0,
        description=(
            "...or every this share of the session's turns, when more: a save writes the whole "
            "state, so spacing saves with the session keeps their cost per turn flat; a restore "
            "re-parses the turns after the last save (fewer than the larger of the two)."
        ),
    )
    parse_chunk_chars: int = Field(
        8000,
        ge=500,
        description="The rule parser reads a longer message in pieces of at most this many "
        "characters, cut at sentence ends, so a pasted document costs time linear in its "
        "length; every piece is read.",
    )
    inject_position: Literal["system", "first_user"] = Field(
        "system",
        description="Where the CONTEXT block goes: a system message after the system prompt, "
        "or before the text of the first retained user message (first_user; the system "
        "position when no user message is retained).",
    )
    reset_after_turns: int = Field(25, ge=1, description="Periodic reset of temporary state.")
    min_context_repeat_turns: int = Field(3, ge=2, description="Min-Context: same entity N turns.")
    recent_intents: int = Field(3, ge=1)
    evidence_max_items: int = Field(
        200,
        ge=1,
        description="Evidence items a session keeps; fields only a tool returned are evicted "
        "first. The block's token cap, not this, bounds what is shown.",
    )
    shard_max_tokens: int = Field(
        4000,
        ge=128,
        description="Token cap of each shard ctxengine.compaction.shard_state splits a "
        "session's block into, by domain, when no cap is passed.",
    )
    pin_ttl_turns: int = Field(5, ge=0, description="A Min-Context pin lapses after N turns.")
    pin_max_share: float = Field(
        0.25,
        ge=0.0,
        le=1.0,
        description="A budget compaction drops other turns before the turns of a live "
        "Min-Context pin while the pinned turns take at most this share of the budget (the "
        "newest pinned turns first when the chain is larger).",
    )
    stale_evidence_turns: int = Field(10, ge=0, description="A reset drops tool evidence this old.")
    policies: list[str] = Field(
        default_factory=lambda: ["min_context", "lean_context", "fuse_context", "periodic_reset"],
        description="Compaction policies run after every message, in order: built-in names or "
        "ones added with ctxengine.compaction.register_policy before the settings are made.",
    )
    core_slots: list[str] = Field(
        default_factory=lambda: ["user_id", "order_id", "account_id", "customer_id", "uid"],
        description="Slots a periodic or restart reset always keeps (any slot ending in _id too).",
    )
    render_history_turns: int = Field(
        3, ge=0, description="A block shows a slot's previous value if it changed this recently."
    )
    render_conflict_turns: int = Field(
        10, ge=0, description="A block shows conflicts detected this many turns back or fewer."
    )
    render_slot_marker_turns: int | None = Field(
        5,
        ge=0,
        description="A current value set more than N turns ago is written without its turn "
        "marker (None: always with it).",
    )
    render_max_evidence: int = Field(12, ge=0, description="Tool-only evidence lines in a block.")
    render_max_call_fields: int = Field(
        60,
        ge=0,
        description="Arguments of the agent's own tool calls shown in a block (its task state "
        "where no ontology knows the domain), above tool-result fields.",
    )
    render_max_conflicts: int = Field(5, ge=0, description="Conflict lines in a block.")
    render_max_instances: int = Field(
        100,
        ge=0,
        description="Earlier entity instances (e.g. restaurants) a block considers, most "
        "recently touched first; the token cap (block_max_share) sheds the oldest of them.",
    )
    block_long_fact_tokens: int = Field(
        10,
        ge=1,
        description="Under the block's token cap, a fact of an earlier instance costing more "
        "than this many tokens per list item (an address, opening hours) leaves before whole "
        "instances do.",
    )
    block_max_share: float = Field(
        0.9,
        gt=0.0,
        le=1.0,
        description="Share of the token budget the CONTEXT block and the summary may always "
        "take together, the block first (the summary yields); the block sheds tool fields, "
        "stated prices/dates and earlier instances to fit. They may take more when the "
        "latest block_keeps_turns turns leave more room.",
    )
    block_keeps_turns: int = Field(
        2,
        ge=0,
        description="The block's allowance is at least what is left of the budget after the "
        "system messages and the latest N turns verbatim: older turns are held by the block "
        "(distilled) and yield to it. 0: block_max_share alone.",
    )

    @field_validator("encoding")
    @classmethod
    def _known_encoding(cls, value: str) -> str:
        # A name the token counter cannot load fails here, not at the first count.
        from ctxengine.tokens import ENCODINGS

        if value.lower() not in ENCODINGS:
            raise ValueError(
                f"unknown encoding {value!r}; choose one of {', '.join(sorted(ENCODINGS))}"
            )
        return value

    @field_validator("policies")
    @classmethod
    def _known_policies(cls, value: list[str]) -> list[str]:
        # A policy name nothing registered fails here, not at the session's first message.
        from ctxengine.compaction.policies import POLICIES

        for i, name in enumerate(value):
            if name not in POLICIES:
                raise ValueError(f"unknown policy {name!r}; registered: {', '.join(POLICIES)}")
            if name in value[:i]:
                raise ValueError(f"policy {name!r} is listed twice")
        return value

    @field_validator("db")
    @classmethod
    def _known_store_url(cls, value: str | None) -> str | None:
        # The store factory is the one judge of a URL (scheme, sqlite host, postgres schema);
        # building a store opens nothing.
        if value is not None:
            from ctxengine.store import StoreError, open_store

            try:
                open_store(value, Path("."))
            except StoreError as exc:
                raise ValueError(str(exc).removeprefix("store URL: ")) from None
        return value

    @property
    def restore_turns(self) -> int:
        """Turns restored after a restart: max(3, agent_max_context_turns / 6)."""
        return max(
            self.restore_min_turns, self.agent_max_context_turns // self.restore_turns_divisor
        )

    @property
    def budget_target(self) -> int:
        """Tokens a compaction aims at, leaving `min_free_ratio` of the budget free."""
        return int(self.agent_max_context_tokens * (1.0 - self.min_free_ratio))

    def updated(self, **changes: Any) -> Settings:
        """A validated copy with `changes` applied."""
        try:
            return Settings.model_validate({**self.model_dump(), **changes})
        except ValidationError as exc:
            raise SettingsError(_describe(exc)) from None


def _describe(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "settings"
    return f"{where}: {err['msg'].removeprefix('Value error, ')}"


def _coerce_env(name: str, raw: str) -> Any:
    """Environment values are strings; JSON literals (numbers, true, null) are decoded."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def env_overrides(env: Mapping[str, str]) -> dict[str, Any]:
    fields = Settings.model_fields
    out: dict[str, Any] = {}
    for key, raw in env.items():
        if not key.startswith(ENV_PREFIX):
            continue
        name = key[len(ENV_PREFIX) :].lower()
        if name in fields:
            out[name] = _coerce_env(name, raw)
    return out


def read_config_file(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SettingsError(f"config file not found: {path}") from None
    except UnicodeDecodeError as exc:
        raise SettingsError(f"{path}: not UTF-8 at byte {exc.start}") from None
    except json.JSONDecodeError as exc:
        raise SettingsError(
            f"{path}: invalid JSON at line {exc.lineno} column {exc.colno}"
        ) from None
    if not isinstance(data, dict):
        raise SettingsError(f"{path}: expected a JSON object")
    return data


def load_settings(
    config_file: str | Path | None = None,
    *,
    env: Mapping[str, str] | None = None,
    config: Mapping[str, Any] | None = None,
    **overrides: Any,
) -> Settings:
    """Build settings from defaults, a config file, the environment and explicit values.

    `config` is a mapping given inline (for example the `config` key of a `compact` input);
    it sits between the file and the environment. `overrides` with a value of None are ignored,
    so CLI flags that were not given do not mask the layers below.
    """
    merged: dict[str, Any] = {}
    if config_file is not None:
        merged.update(read_config_file(Path(config_file)))
    if config:
        merged.update(config)
    merged.update(env_overrides(os.environ if env is None else env))
    merged.update({k: v for k, v in overrides.items() if v is not None})
    try:
        return Settings.model_validate(merged)
    except ValidationError as exc:
        raise SettingsError(_describe(exc)) from None
