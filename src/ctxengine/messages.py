"""One internal model of a conversation.

A `Message` has a role and a list of tagged parts::

    Part = TextPart | ImagePart | ThinkingPart | ToolCallPart | ToolResultPart | RawPart

Converters to and from OpenAI Chat Completions and Anthropic Messages live in
`ctxengine.convert`. Everything a provider sends that this model does not name is kept in an
`extra` mapping so that a round trip returns the same messages.

Messages are treated as immutable: stages that change what the model sees build new messages
with `Message.replace`, which also drops the cached token count. History is never edited.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, TypeAdapter
from pydantic_core import PydanticUndefined

Role = Literal["system", "developer", "user", "assistant", "tool"]
ROLES: tuple[str, ...] = ("system", "developer", "user", "assistant", "tool")


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid")
    extra: dict[str, Any] = Field(default_factory=dict)


class TextPart(_Part):
    kind: Literal["text"] = "text"
    text: str


class ImagePart(_Part):
    """An image, kept as a placeholder: the model sees it, we only count its token cost."""

    kind: Literal["image"] = "image"
    source: dict[str, Any] = Field(default_factory=dict)
    detail: str | None = None


class ThinkingPart(_Part):
    kind: Literal["thinking"] = "thinking"
    text: str = ""
    signature: str | None = None
    redacted: bool = False


class ToolCallPart(_Part):
    kind: Literal["tool_call"] = "tool_call"
    id: str
    name: str
    arguments: str = "{}"


class ToolResultPart(_Part):
    kind: Literal["tool_result"] = "tool_result"
    call_id: str
    content: str = ""
    is_error: bool = False
    # Anthropic tool results may carry a list of blocks; kept verbatim for the round trip.
    blocks: list[dict[str, Any]] | None = None


class RawPart(_Part):
    """A content item ctxengine does not model (audio, files, ...), kept as it came."""

    kind: Literal["raw"] = "raw"
    data: dict[str, Any] = Field(default_factory=dict)


Part = Annotated[
    TextPart | ImagePart | ThinkingPart | ToolCallPart | ToolResultPart | RawPart,
    Field(discriminator="kind"),
]

ContentForm = Literal["string", "parts", "null", "absent"]

M = TypeVar("M", bound=BaseModel)
_setattr = object.__setattr__


def new_id() -> str:
    return uuid.uuid4().hex


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")

    role: Role
    parts: list[Part] = Field(default_factory=list)
    name: str | None = None
    id: str = Field(default_factory=new_id)
    # Notes ctxengine writes into the context (summaries, CONTEXT blocks, truncation notes).
    # They never count as user turns.
    injected: bool = False
    # Round-trip bookkeeping: the shape `content` had on the wire, and unknown fields.
    content_form: ContentForm | None = None
    extra: dict[str, Any] = Field(default_factory=dict)

    # Token counts per encoding, computed once (see ctxengine.tokens).
    _tokens: dict[str, int] = PrivateAttr(default_factory=dict)
    # The history seq this message (or the message it was derived from) was stored under.
    _seq: int | None = PrivateAttr(default=None)

    # --- construction -------------------------------------------------------------------
    @classmethod
    def system(cls, text: str, **kw: Any) -> Message:
        return cls(role="system", parts=[TextPart(text=text)], **kw)

    @classmethod
    def user(cls, text: str, **kw: Any) -> Message:
        return cls(role="user", parts=[TextPart(text=text)], **kw)

    @classmethod
    def assistant(
        cls, text: str | None = None, tool_calls: list[ToolCallPart] | None = None, **kw: Any
    ) -> Message:
        parts: list[Part] = []
        if text is not None:
            parts.append(TextPart(text=text))
        parts.extend(tool_calls or [])
        return cls(role="assistant", parts=parts, **kw)

    @classmethod
    def tool(cls, call_id: str, content: str, *, is_error: bool = False, **kw: Any) -> Message:
        return cls(
            role="tool",
            parts=[ToolResultPart(call_id=call_id, content=content, is_error=is_error)],
            **kw,
        )

    def replace(self, **changes: Any) -> Message:
        """A new message with `changes`; the token cache starts empty."""
        data = {name: getattr(self, name) for name in type(self).model_fields}
        data.update(changes)
        out = type(self)(**data)
        out._seq = self._seq
        return out

    @property
    def seq(self) -> int | None:
        """Where the message is in the session's stored history (None if not stored)."""
        return self._seq

    # --- views --------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The text parts joined by newlines."""
        parts = self.parts
        if len(parts) == 1 and isinstance(parts[0], TextPart):
            return parts[0].text  # the usual single text part: no generator, no join
        return "\n".join([p.text for p in parts if isinstance(p, TextPart)])

    @property
    def tool_calls(self) -> list[ToolCallPart]:
        return [p for p in self.parts if isinstance(p, ToolCallPart)]

    @property
    def tool_results(self) -> list[ToolResultPart]:
        return [p for p in self.parts if isinstance(p, ToolResultPart)]

    @property
    def has_user_text(self) -> bool:
        return any(isinstance(p, TextPart) and p.text.strip() for p in self.parts)

    @property
    def starts_turn(self) -> bool:
        """A turn starts at a user message with user text that is not a tool result or a note."""
        if self.role != "user" or self.injected:
            return False
        # One pass, no generators: asked several times per message on the hot path.
        # `text and not text.isspace()` is `bool(text.strip())` without copying the text.
        content = False
        for p in self.parts:
            if isinstance(p, ToolResultPart):
                return False
            if not content:
                if isinstance(p, TextPart):
                    content = bool(p.text) and not p.text.isspace()
                else:
                    content = isinstance(p, ImagePart)
        return content

    def char_count(self) -> int:
        n = 0
        for p in self.parts:
            if isinstance(p, TextPart | ThinkingPart):
                n += len(p.text)
            elif isinstance(p, ToolCallPart):
                n += len(p.name) + len(p.arguments)
            elif isinstance(p, ToolResultPart):
                n += len(p.content)
        return n


def _init_private(self: Message, context: Any, /) -> None:
    """Pydantic's `init_private_attributes` for `Message`, without its generic path.

    That path resolves every private default through `inspect.signature` of its factory,
    ~20-40 us per message, more than the rest of construction; the defaults are known here.
    Installed after the class exists: pydantic wraps a `model_post_init` defined in the body
    around its own initializer, which would still run.
    """
    if getattr(self, "__pydantic_private__", None) is None:
        object.__setattr__(self, "__pydantic_private__", {"_tokens": {}, "_seq": None})


# pydantic-core calls `model_post_init` by name on every validated construction (the class is
# already marked as having one, for its private attributes).
setattr(Message, "model_post_init", _init_private)  # noqa: B010


def copy_with(model: M, changes: dict[str, Any]) -> M:
    """`model.model_copy(update=changes)`, the same copy built without pydantic's generic path.

    That path dispatches through `copy.copy` for each of the model's dicts and looks the
    model's config up on every call; the prefixed and truncated messages of the pipeline are
    built with it on its slow calls. Fields are not validated (as with `model_copy`); private
    values (a message's token cache and seq) are shared values in a dict of the copy's own.
    """
    cls = type(model)
    out = cls.__new__(cls)
    _setattr(out, "__dict__", {**model.__dict__, **changes})
    extra = model.__pydantic_extra__
    _setattr(out, "__pydantic_extra__", None if extra is None else dict(extra))
    fields = set(model.__pydantic_fields_set__)
    fields.update(changes)
    _setattr(out, "__pydantic_fields_set__", fields)
    private = model.__pydantic_private__
    if private is not None:
        private = {k: v for k, v in private.items() if v is not PydanticUndefined}
    _setattr(out, "__pydantic_private__", private)
    return out


MessageList = TypeAdapter(list[Message])


def dump_messages(messages: list[Message]) -> list[dict[str, Any]]:
    """The internal JSON form (used by stores and audit logs)."""
    out: list[dict[str, Any]] = MessageList.dump_python(messages, mode="json")
    return out


def load_messages(data: Any) -> list[Message]:
    return MessageList.validate_python(data)
