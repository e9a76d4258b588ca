"""Provider error classification, with each provider's real overflow body as a fixture."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ctxengine.errors import (
    ERROR_KINDS,
    ContextOverflowError,
    ProviderError,
    classify_error,
    error_message,
    overflow_numbers,
    provider_error,
)

# Real bodies, as the providers send them (see the module docstring of ctxengine.errors).
OVERFLOWS: dict[str, tuple[int, object]] = {
    "openai": (
        400,
        {
            "error": {
                "message": "This model's maximum context length is 8192 tokens. However, you "
                "requested 8334 tokens (338 in the messages, 7996 in the completion). Please "
                "reduce the length of the messages or completion.",
                "type": "invalid_request_error",
                "param": "messages",
                "code": "context_length_exceeded",
            }
        },
    ),
    "anthropic": (
        400,
        {
            "type": "error",
            "error": {
                "type": "invalid_request_error",
                "message": "prompt is too long: 208310 tokens > 200000 maximum",
            },
        },
    ),
    "anthropic-413": (
        413,
        {"error": {"type": "request_too_large", "message": "Request exceeds the maximum size"}},
    ),
    "deepseek": (
        400,
        {
            "error": {
                "message": "This model's maximum context length is 65536 tokens. However, you "
                "requested 70123 tokens (66123 in the messages, 4000 in the completion). Please "
                "reduce the length of the messages or completion.",
                "type": "invalid_request_error",
                "param": None,
                "code": "invalid_request_error",
            }
        },
    ),
    "qwen-compatible": (
        400,
        {
            "error": {
                "message": "<400> InternalError.Algo.InvalidParameter: Range of input length "
                "should be [1, 204800]",
                "type": "invalid_request_error",
                "param": None,
                "code": "invalid_parameter_error",
            }
        },
    ),
    "qwen-native": (
        400,
        {"code": "InvalidParameter", "message": "Range of input length should be [1, 30720]"},
    ),
    "gemini": (
        400,
        [
            {
                "error": {
                    "code": 400,
                    "message": "The input token count (1200293) exceeds the maximum number of "
                    "tokens allowed (1048576).",
                    "errors": [{"domain": "global", "reason": "badRequest"}],
                    "status": "INVALID_ARGUMENT",
                }
            }
        ],
    ),
    "vllm": (
        400,
        {
            "object": "error",
            "message": "This model's maximum context length is 16384 tokens. However, you "
            "requested 122946 tokens (112946 in the messages, 10000 in the completion). Please "
            "reduce the length of the messages or completion.",
            "type": "BadRequestError",
            "param": None,
            "code": 400,
        },
    ),
    "vllm-prompt": (
        400,
        {
            "object": "error",
            "message": "The prompt (total length 25938) is too long to fit into the model "
            "(context length 4096). Make sure that `max_model_len` is no smaller than the "
            "number of text tokens plus multimodal tokens.",
            "type": "BadRequestError",
            "code": 400,
        },
    ),
    "vllm-v1": (400, {"error": {"message": "Prompt length of 2048 is longer than the maximum "
                                           "model length of 2048."}}),
    "llamacpp": (
        400,
        {
            "error": {
                "code": 400,
                "message": "the request exceeds the available context size. try increasing the "
                "context size or enable context shift",
                "type": "exceed_context_size_error",
                "n_prompt_tokens": 14429,
                "n_ctx": 8192,
            }
        },
    ),
    "llamacpp-500": (
        500,
        {"error": {"code": 500, "message": "Context size has been exceeded.",
                   "type": "server_error"}},
    ),
    "llamacpp-batch": (
        500,
        {"error": {"code": 500, "message": "input is too large to process. increase the "
                                           "physical batch size", "type": "server_error"}},
    ),
}  # fmt: skip


@pytest.mark.parametrize("provider", sorted(OVERFLOWS))
def test_each_providers_overflow_is_context_overflow(provider: str) -> None:
    status, body = OVERFLOWS[provider]
    assert classify_error(status, body, provider=provider) == "context_overflow"
    assert isinstance(provider_error(status, body, provider=provider), ContextOverflowError)


def test_tokens_per_minute_429_is_a_rate_limit_not_an_overflow() -> None:
    body = {
        "error": {
            "message": "Request too large for gpt-4o in organization org-abc on tokens per min "
            "(TPM): Limit 30000, Requested 50000. The input or output tokens must be reduced in "
            "order to run successfully.",
            "type": "tokens",
            "param": None,
            "code": "rate_limit_exceeded",
        }
    }
    assert classify_error(429, body) == "rate_limit"
    err = provider_error(429, body)
    assert not isinstance(err, ContextOverflowError)
    assert err.retryable


def test_overflow_inside_a_stream_without_status_is_still_overflow() -> None:
    _, body = OVERFLOWS["openai"]
    assert classify_error(0, body) == "context_overflow"


@pytest.mark.parametrize(
    ("status", "body", "kind"),
    [
        (401, {"error": {"message": "Incorrect API key", "code": "invalid_api_key"}}, "auth"),
        (403, {"error": {"type": "permission_error", "message": "no access"}}, "auth"),
        (400, {"error": {"message": "Invalid 'messages[1].role'", "type": "invalid_request_error"}},
         "bad_request"),
        (404, {"error": {"message": "The model `gpt-9` does not exist"}}, "bad_request"),
        (500, {"error": {"message": "The server had an error while processing your request."}},
         "server"),
        (529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
         "server"),
        (504, "Gateway Timeout", "timeout"),
        (408, None, "timeout"),
        (429, [{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "quota"}}],
         "rate_limit"),
        (200, {"weird": True}, "other"),
    ],
)  # fmt: skip
def test_other_errors_are_classified_by_status_and_wording(
    status: int, body: object, kind: str
) -> None:
    assert classify_error(status, body) == kind


def test_overflow_numbers_are_read_from_each_wording() -> None:
    assert overflow_numbers(*OVERFLOWS["openai"]) == (8192, 8334)
    assert overflow_numbers(*OVERFLOWS["anthropic"]) == (200000, 208310)
    assert overflow_numbers(*OVERFLOWS["gemini"]) == (1048576, 1200293)
    assert overflow_numbers(*OVERFLOWS["llamacpp"]) == (8192, 14429)
    assert overflow_numbers(*OVERFLOWS["vllm-prompt"]) == (4096, 25938)
    assert overflow_numbers(*OVERFLOWS["qwen-native"]) == (30720, None)
    assert overflow_numbers(*OVERFLOWS["anthropic-413"]) == (None, None)


def test_provider_error_names_provider_status_kind_and_message() -> None:
    err = provider_error(*OVERFLOWS["anthropic"], provider="anthropic")
    assert err.status == 400 and err.kind == "context_overflow" and err.provider == "anthropic"
    assert "anthropic error 400 (context_overflow): prompt is too long" in str(err)
    assert isinstance(err, ProviderError)


def test_error_message_reads_every_shape() -> None:
    assert error_message({"error": {"message": "a"}}) == "a"
    assert error_message([{"error": {"message": "b"}}]) == "b"
    assert error_message({"message": "c"}) == "c"
    assert error_message({"error": "d"}) == "d"
    assert error_message("plain text") == "plain text"
    assert error_message({"detail": "e"}) == "e"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(st.integers(min_value=0, max_value=599), JSON)
def test_any_body_is_classified_without_raising(status: int, body: object) -> None:
    kind = classify_error(status, body)
    assert kind in ERROR_KINDS
    if status == 429:
        assert kind == "rate_limit"
    assert isinstance(provider_error(status, body), ProviderError)
