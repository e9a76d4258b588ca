"""The context window of one session, kept incrementally.

Rebuilding the context from the whole history every turn would make each turn cost as much as
the history. The window instead holds the turns currently in context with their token totals,
and each new message costs its own tokenization plus O(1) bookkeeping. The stages run on what
the window holds: stage 1 once per turn (when it becomes historical), stages 2 and 3 when a
limit is crossed, which amortizes to a constant per turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ctxengine.messages import Message
from ctxengine.pipeline.notes import Language
from ctxengine.pipeline.stages import (
    Removal,
    aggressive_trim,
    cut_current,
    fit_budget,
    trim_turns,
    truncate_turn,
)
from ctxengine.pipeline.turns import Turn, flatten, is_prefix_message
from ctxengine.settings import Settings
from ctxengine.tokens import TokenCounter


@dataclass
class StageStep:
    """One compaction step, for the audit log and for the summarizer."""

    stage: str  # truncate | trim | budget_compress | budget_trim | overflow | clear
    turns_before: int
    turns_after: int
    tokens_before: int
    tokens_after: int
    removed: list[Message] = field(default_factory=list)
    removed_turns: list[int] = field(default_factory=list)
    detail: dict[str, int] = field(default_factory=dict)


@dataclass
class WindowResult:
    messages: list[Message]
    tokens: int
    steps: list[StageStep]


class Window:
    """Prefix (system messages) + the turns in context. Not thread-safe; one per session."""

    def __init__(self, settings: Settings, counter: TokenCounter) -> None:
        self.settings = settings
        self.counter = counter
        self.prefix: list[Message] = []
        self.turns: list[Turn] = []
        self.next_index = 1
        self._prefix_tokens = 0
        self._turn_tokens = 0  # sum of turn.tokens, kept in step with self.turns
        # prefix + turns flattened, extended on add and dropped when turns are replaced: the
        # context is read on every context() call, most of which follow a single add.
        self._flat: list[Message] | None = None
        # turns[:n] are known to be through stage 1 / known to be paired: each context() call
        # looks at the turns after these only (turns are only ever appended between resets).
        self._truncated_upto = 0
        self._paired_upto = 0
        # Bumped by every change but messages and turns appended (the prefix changed, turns
        # replaced): while it stands, the turns seen at the last context() call are still
        # there, unchanged but for the last one growing (see `Session._quick_injections`).
        self.layout = 0

    # --- feeding ------------------------------------------------------------------------
    def add(self, message: Message, starts_turn: bool | None = None) -> None:
        """Append `message`; `starts_turn` is `message.starts_turn` when the caller knows it."""
        if starts_turn is None:
            starts_turn = message.starts_turn
        if starts_turn:
            self.turns.append(Turn(index=self.next_index))
            self.next_index += 1
        elif not self.turns:
            self.layout += 1
            if is_prefix_message(message):
                self.prefix.append(message)
                self._prefix_tokens += self.counter.message(message)
                self._flat = None
                return
            self.turns.append(Turn(index=0))
        self._turn_tokens += self.turns[-1].add(message, self.counter)
        flat = self._flat
        if flat is not None:
            flat.append(message)

    def set_turns(self, turns: list[Turn]) -> None:
        self.turns = turns
        self._turn_tokens = sum(t.tokens for t in turns)
        self._flat = None
        self._truncated_upto = self._paired_upto = 0
        self.layout += 1

    # --- views --------------------------------------------------------------------------
    @property
    def tokens(self) -> int:
        """Tokens of prefix + turns (without injected text and reply priming)."""
        return self._prefix_tokens + self._turn_tokens

    def tail_tokens(self, turns: int) -> int:
        """Tokens of the prefix and the latest `turns` turns (none: the prefix alone)."""
        tail = self.turns[-turns:] if turns > 0 else []
        return self._prefix_tokens + sum(t.tokens for t in tail)

    @property
    def current_index(self) -> int:
        return self.turns[-1].index if self.turns else 0

    def is_paired(self) -> bool:
        """True when no repair is needed: checked once per historical turn, then cached."""
        turns = self.turns
        for i in range(self._paired_upto, len(turns) - 1):
            t = turns[i]
            if t.paired is None:
                t.paired = t.pairing.paired(t.messages, allow_pending=False)
            if not t.paired:
                return False
            self._paired_upto = i + 1
        if self.turns:
            last = self.turns[-1]
            if last.paired_pending is None:
                last.paired_pending = last.pairing.paired(last.messages)
            return last.paired_pending
        return True

    def messages(self) -> list[Message]:
        """Prefix and turns as one new list (the caller may change it)."""
        if self._flat is None:
            self._flat = [*self.prefix, *flatten(self.turns)]
        return list(self._flat)

    def settled_tokens(self, reserved: int, budget: int) -> int | None:
        """Tokens of prefix + turns + `reserved` when `prepare` would have no work to do with
        this reservation (nothing for stage 1 to cut, not over the turn limit, within `budget`,
        the budget `prepare` derives from its scale); None when a stage may have work.

        Most context() calls follow a single add: this is what `prepare` finds then, read off
        the running totals without building its result.
        """
        turns = self.turns
        if self._truncated_upto < len(turns) - 1 and not self._nothing_to_cut():
            return None
        if len(turns) > self.settings.agent_max_context_turns:
            return None
        tokens = self._prefix_tokens + self._turn_tokens + reserved
        return tokens if tokens <= budget else None

    def _nothing_to_cut(self) -> bool:
        """Stage 1 on the turns that became historical since it last ran, when their add-time
        scans show no tool result over the limit: marks them as `_truncate_history` does (it
        would cut nothing, so no step). False when one may need cutting: left to it."""
        limit = self.settings.tool_result_max_chars
        turns = self.turns
        historical = max(len(turns) - 1, 0)
        for i in range(min(self._truncated_upto, historical), historical):
            t = turns[i]
            if t.truncated:
                continue
            scan = t.pairing
            if scan.scanned != len(t.messages) or scan.longest_result > limit:
                return False
            t.truncated = True
        self._truncated_upto = historical
        return True

    # --- stages -------------------------------------------------------------------------
    def _truncate_history(self, language: Language) -> StageStep | None:
        """Stage 1 on every historical turn it has not seen yet (normally just one)."""
        limit = self.settings.tool_result_max_chars
        before_tokens = self.tokens
        cut = 0
        historical = max(len(self.turns) - 1, 0)
        for i in range(min(self._truncated_upto, historical), historical):
            t = self.turns[i]
            if t.truncated:
                continue
            scan = t.pairing
            if scan.scanned == len(t.messages) and scan.longest_result <= limit:
                t.truncated = True  # what `truncate_turn` finds, read off the add-time scan
                continue
            nt = truncate_turn(t, limit, language, self.counter)
            if nt is not t:
                cut += sum(1 for a, b in zip(t.messages, nt.messages, strict=True) if a is not b)
                self._turn_tokens += nt.tokens - t.tokens
                self.turns[i] = nt
                self._flat = None
                self.layout += 1
                self._paired_upto = min(self._paired_upto, i)  # a new turn object, unchecked
        self._truncated_upto = historical
        if not cut:
            return None
        n = len(self.turns)
        return StageStep("truncate", n, n, before_tokens, self.tokens, detail={"messages_cut": cut})

    def prepare(
        self,
        *,
        reserved: int,
        language: Language,
        protected: frozenset[int] = frozenset(),
        budget_scale: float = 1.0,
        keep_latest: int = 1,
        floor: Callable[[], int] | None = None,
    ) -> WindowResult:
        """Run stages 1-3 and return what the model would see (before injections).

        `reserved` is what sits outside the turns (injected summary, CONTEXT block, reply
        priming). `budget_scale` < 1 shrinks the budget when calibration shows the provider
        counts more tokens than we do. Stage 3 drops the latest `keep_latest` turns last
        (`fit_budget`; `floor` is what `reserved` can shrink to for them).
        """
        s = self.settings
        settled = self.settled_tokens(reserved, int(s.agent_max_context_tokens * budget_scale))
        if settled is not None:
            # Most calls follow a single add: no stage has work (nor does `protected` matter,
            # which only spares turns from stages 2 and 3). Read off the running totals.
            return WindowResult(self.messages(), settled, [])
        steps: list[StageStep] = []
        # Called before every model call, mostly with nothing to do: each stage is entered only
        # when its cheap test says there is work (new historical turns / too many turns / over
        # budget), and then does what it always did.
        if self._truncated_upto < len(self.turns) - 1:
            step = self._truncate_history(language)
            if step:
                steps.append(step)
        if len(self.turns) > s.agent_max_context_turns:
            kept, dropped = trim_turns(self.turns, s.agent_max_context_turns, protected)
            if dropped:
                tb, nb = self.tokens + reserved, len(self.turns)
                self.set_turns(kept)
                steps.append(self._step("trim", nb, tb, Removal("trim", turns=dropped), reserved))

        budget = int(s.agent_max_context_tokens * budget_scale)
        removals: list[Removal] = []
        # The running total answers "over budget?" without summing the turns on every call.
        if self._prefix_tokens + self._turn_tokens + reserved > budget:
            kept, removals = fit_budget(
                self.turns,
                reserved=reserved + self._prefix_tokens,
                budget=budget,
                target=int(s.budget_target * budget_scale),
                compress_below=s.text_compress_below_turns,
                counter=self.counter,
                keep_latest=keep_latest,
                floor=None if floor is None else lambda: floor() + self._prefix_tokens,
                protected=protected,
                protected_max=int(budget * s.pin_max_share),
            )
        if removals:
            self.set_turns(kept)
        for r in removals:
            steps.append(
                StageStep(
                    r.stage,
                    r.turns_before,
                    r.turns_after,
                    r.tokens_before,
                    r.tokens_after,
                    removed=r.all_messages(),
                    removed_turns=[t.index for t in r.turns] + r.indexes,
                )
            )
        return WindowResult(
            self.messages(), self._prefix_tokens + self._turn_tokens + reserved, steps
        )

    def cut_current(self, tokens: int, language: Language) -> StageStep | None:
        """Cut the current turn's tool results by about `tokens` (`stages.cut_current`, each
        keeping at least `current_result_min_chars`); None when there is nothing to cut.
        `put_current` undoes it."""
        if not self.turns:
            return None
        t = self.turns[-1]
        nt = cut_current(t, tokens, self.settings.current_result_min_chars, language, self.counter)
        if nt is None:
            return None
        before, n = self.tokens, len(self.turns)
        cut = sum(1 for a, b in zip(t.messages, nt.messages, strict=True) if a is not b)
        self.put_current(nt)
        return StageStep(
            "truncate_current", n, n, before, self.tokens, detail={"messages_cut": cut}
        )

    def put_current(self, turn: Turn) -> None:
        """Make `turn` the current turn (a cut one, or the whole one a cut replaced)."""
        n = len(self.turns)
        self._turn_tokens += turn.tokens - self.turns[-1].tokens
        self.turns[-1] = turn
        self._flat = None
        self.layout += 1
        self._paired_upto = min(self._paired_upto, n - 1)

    def overflow(self, language: Language) -> StageStep:
        """Stage 4: aggressive trim after the provider reported an overflow."""
        s = self.settings
        tb, nb = self.tokens, len(self.turns)
        kept, dropped = aggressive_trim(
            self.turns,
            tool_limit=s.overflow_tool_result_max_chars,
            user_limit=s.overflow_user_text_max_chars,
            max_turns=s.overflow_max_turns,
            language=language,
            counter=self.counter,
        )
        self.set_turns(kept)
        return self._step("overflow", nb, tb, Removal("overflow", turns=dropped))

    def clear(self) -> StageStep:
        """Empty the context but for the current turn's user message (history stays)."""
        tb, nb = self.tokens, len(self.turns)
        if not self.turns:
            return StageStep("clear", 0, 0, tb, tb)
        current = self.turns[-1]
        user = current.user_message
        keep = [user] if user is not None else []
        removed = [m for t in self.turns for m in t.messages if m is not user]
        self.set_turns([current.with_messages(keep, self.counter)])
        return StageStep(
            "clear",
            nb,
            1,
            tb,
            self.tokens,
            removed=removed,
            removed_turns=[t.index for t in self.turns[:-1]],
        )

    def reset(self) -> None:
        """Forget every turn (a `/context clear` boundary); the prefix stays."""
        self.set_turns([])

    def _step(
        self, stage: str, turns_before: int, tokens_before: int, r: Removal, reserved: int = 0
    ) -> StageStep:
        return StageStep(
            stage,
            turns_before,
            len(self.turns),
            tokens_before,
            self.tokens + reserved,
            removed=r.all_messages(),
            removed_turns=[t.index for t in r.turns],
        )
