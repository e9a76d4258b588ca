"""Language detection: CJK characters against Latin words, latest user messages first."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ctxengine.language import conversation_language, detect_language
from ctxengine.messages import Message

CJK = st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF)


def test_plain_english_is_en() -> None:
    assert detect_language("Please fix the failing test in the parser module.") == "en"


def test_plain_chinese_is_zh() -> None:
    assert detect_language("请帮我修复解析器模块里失败的测试。") == "zh"


def test_chinese_with_code_identifiers_is_zh() -> None:
    assert detect_language("把 user_id 改成 account_id，然后重新运行 pytest") == "zh"


def test_english_quoting_a_chinese_name_is_en() -> None:
    assert detect_language("Please ask 王小明 about the quarterly report tomorrow morning") == "en"


def test_text_without_letters_is_en() -> None:
    assert detect_language("12345 !!! ...") == "en"
    assert detect_language("") == "en"


@given(st.text(alphabet=CJK, min_size=1, max_size=50))
def test_any_pure_cjk_text_is_zh(text: str) -> None:
    assert detect_language(text) == "zh"


@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=200))
def test_any_ascii_text_is_en(text: str) -> None:
    assert detect_language(text) == "en"


def test_very_long_text_is_judged_like_its_parts() -> None:
    assert detect_language("这是一段很长的中文文本。" * 5000) == "zh"
    assert detect_language("This is a long English text. " * 5000) == "en"


def test_conversation_language_follows_the_latest_user_message() -> None:
    messages = [
        Message.user("Hello, can you help me with a report?"),
        Message.assistant("Sure, what do you need?"),
        Message.user("接下来请用中文回答，帮我总结这份报告的要点。"),
    ]
    assert conversation_language(messages) == "zh"
    assert conversation_language([*messages, Message.user("Back to English please, thanks")]) == (
        "en"
    )


def test_conversation_language_ignores_assistant_and_injected_text() -> None:
    messages = [
        Message.user("帮我查一下明天北京的天气"),
        Message.assistant("The weather in Beijing tomorrow will be sunny with light winds."),
        Message.user("Earlier in this conversation: a long English note", injected=True),
    ]
    assert conversation_language(messages) == "zh"


def test_conversation_without_user_text_falls_back_to_other_messages() -> None:
    assert conversation_language([Message.system("你是一个乐于助人的助手。")]) == "zh"
    assert conversation_language([]) == "en"
