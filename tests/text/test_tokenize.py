from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronomem.errors import InvalidValue
from chronomem.text import Tokenizer, normalise, query_terms, tokenize


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我上周去了北京天安门", ["我", "上周", "去", "了", "北京", "天安门"]),
        ("Moving to Berlin, she MOVED again.", ["move", "to", "berlin", "she", "move", "again"]),
        ("张伟在OpenAI工作，用iPhone15", ["张伟", "在", "openai", "工作", "用", "iphone15"]),
        ("my sister's café costs 3.5 euros!", ["my", "sister", "café", "cost", "3.5", "euro"]),
        ("Ｂｅｒｌｉｎ 臺灣", ["berlin", "台湾"]),
        ("... !!! ，。", []),
    ],
)
def test_tokenize(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


def test_stemming_can_be_turned_off() -> None:
    assert Tokenizer(stem=False).tokenize("Moving Pictures") == ["moving", "pictures"]


@given(st.text(max_size=60))
def test_tokens_are_non_blank_and_normalised(text: str) -> None:
    for token in tokenize(text):
        assert token.strip() == token != ""
        assert token == token.lower()
    assert tokenize(normalise(text)) == tokenize(text)  # documents and queries may arrive normalised or not


def test_user_words_and_user_dict(tmp_path: Path) -> None:
    text = "我在学习区块链技术"
    assert "区块链技术" not in tokenize(text)
    assert "区块链技术" in Tokenizer(user_words=["区块链技术"]).tokenize(text)
    user_dict = tmp_path / "user.dict"
    user_dict.write_text("# names\n区块链技术 3000 n\n\n張小明\n", encoding="utf-8")
    tokenizer = Tokenizer(user_dict=user_dict)
    assert "区块链技术" in tokenizer.tokenize(text)
    assert "张小明" in tokenizer.tokenize("昨天張小明來了")  # the dictionary is normalised too


def test_load_user_dict_counts_entries(tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_text("甲乙丙 5\n丁戊己\n", encoding="utf-8")
    assert Tokenizer().load_user_dict(path) == 2


@pytest.mark.parametrize(("content", "match"), [("词 many\n", "not a whole number"), (b"\xff\xfe", "cannot read")])
def test_bad_user_dict_is_refused(tmp_path: Path, content: str | bytes, match: str) -> None:
    path = tmp_path / "bad.dict"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(InvalidValue, match=match):
        Tokenizer(user_dict=path)


def test_missing_user_dict_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidValue, match="cannot read"):
        Tokenizer(user_dict=tmp_path / "absent.dict")


@pytest.mark.parametrize(("word", "freq"), [("", None), ("two words", None), ("词", 0)])
def test_bad_user_word_is_refused(word: str, freq: int | None) -> None:
    with pytest.raises(InvalidValue):
        Tokenizer().add_word(word, freq)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What did I say about moving to Berlin?", ["move", "berlin"]),
        ("When is my sister's birthday?", ["sister", "birthday"]),
        ("我上周说过什么关于柏林的事？", ["上周", "柏林", "事"]),
        ("你还记得我妹妹的生日是哪天吗", ["妹妹", "生日", "哪天"]),
        (
            "Where does Alice work, and where did Alice live?",
            ["alic", "work", "live"],
        ),  # Porter2 stems names too
        ("what is it?", []),
    ],
)
def test_query_terms(question: str, expected: list[str]) -> None:
    assert query_terms(question) == expected


def test_time_words_and_negation_are_kept_in_queries() -> None:
    assert query_terms("What did I not eat yesterday?") == ["not", "eat", "yesterday"]
    assert "没有" in query_terms("我昨天没有去哪里？")


def test_tokenizer_is_thread_safe() -> None:
    tokenizer = Tokenizer()
    text = "我上周搬到了Berlin, moving is hard"
    expected = tokenizer.tokenize(text)
    results: list[list[str]] = []

    def work() -> None:
        for _ in range(50):
            results.append(tokenizer.tokenize(text))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 200 and all(r == expected for r in results)


def test_non_str_is_refused() -> None:
    with pytest.raises(InvalidValue):
        tokenize(None)  # type: ignore[arg-type]


def test_loading_the_dictionary_logs_one_info_line(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="chronomem")
    Tokenizer()
    [record] = [r for r in caplog.records if r.name.startswith("chronomem")]
    assert record.name == "chronomem.text" and record.levelno == logging.INFO
    assert "jieba dictionary" in record.getMessage()
