"""How people are called in Chinese and English: the keys a person is filed under, and whether a short form
("老王", "王哥", "Caroline", "Dr. Smith") may name a person known by another form ("王伟", "Caroline Smith").

Pure functions; entity resolution looks the keys up in the name index (one lookup per key, whatever the
size of the graph) and decides with :func:`same_person`. The rules:

* Chinese: a full name (a common surname + a given name of one or two characters) and the familiar forms
  built on the surname (老王, 小王, 阿王, 王哥, 王姐, 王总, 王老师…) share a surname key. A familiar form names
  a full name or another familiar form of that surname (小王/老王/王哥 are one person when the conversation
  has one such person); two different full names never match.
* English: a person is filed under their first token and, with two tokens or more, their last. A lone first
  name names a fuller name that starts with it ("Caroline" -> "Caroline Smith"); a title with one name
  ("Dr. Smith", "Aunt May") names a person with that last or first name; two full names match only when one's
  tokens begin the other's.

>>> lookup_keys("王伟") == lookup_keys("老王")
True
>>> same_person("老王", "王伟"), same_person("王芳", "王伟")
(True, False)
>>> same_person("Caroline", "Caroline Smith"), same_person("Dr. Smith", "John Smith")
(True, True)
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final, NamedTuple

__all__ = ["lookup_keys", "same_person"]

#: Keys start with a control character no normalised name holds, so they never collide with a name.
_MARK: Final = "\x1f"

# The common single-character surnames (together about nine in ten people) and the compound ones.
_SURNAMES: Final = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢"
    "姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施"
    "文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷"
    "盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷"
    "晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝"
)
_COMPOUND_SURNAMES: Final = frozenset(
    {
        "欧阳",
        "司马",
        "上官",
        "诸葛",
        "东方",
        "皇甫",
        "尉迟",
        "公孙",
        "慕容",
        "长孙",
        "宇文",
        "司徒",
        "夏侯",
        "令狐",
        "端木",
    }
)
_ZH_PREFIXES: Final = ("老", "小", "阿")
_ZH_SUFFIXES: Final = (
    "老师", "先生", "女士", "小姐", "阿姨", "叔叔", "师傅", "经理", "医生", "大夫", "教授", "主任", "总",
    "哥", "姐", "叔", "姨", "工", "董",
)  # fmt: skip
_HAN: Final = re.compile(r"^[\u4e00-\u9fff]{2,5}$")
_TITLES: Final = frozenset(
    {"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "madam", "aunt", "auntie", "uncle",
     "coach", "grandma", "grandpa", "granny", "cousin"}
)  # fmt: skip
_TOKEN: Final = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


class _Form(NamedTuple):
    """A reading of a name: Chinese (surname, familiar form?) or English (tokens, titled?)."""

    lang: str  # "zh" | "en" | ""
    surname: str = ""
    familiar: bool = False
    tokens: tuple[str, ...] = ()
    titled: bool = False


def _read(name: str) -> _Form:
    text = unicodedata.normalize("NFKC", name).strip()
    if _HAN.match(text):
        return _read_zh(text)
    words = [w.casefold() for w in _TOKEN.findall(text)]
    titled = bool(words) and words[0].rstrip(".") in _TITLES and len(words) > 1
    tokens = tuple(words[1:] if titled else words)
    if not tokens or len(tokens) > 4:
        return _Form("")
    return _Form("en", tokens=tokens, titled=titled)


def _read_zh(text: str) -> _Form:
    for prefix in _ZH_PREFIXES:  # 老王 小李 阿张
        if len(text) == 2 and text.startswith(prefix) and text[1] in _SURNAMES:
            return _Form("zh", surname=text[1], familiar=True)
    for suffix in _ZH_SUFFIXES:  # 王哥 张老师 欧阳老师
        stem = text[: -len(suffix)]
        if text.endswith(suffix) and (stem in _SURNAMES or stem in _COMPOUND_SURNAMES):
            return _Form("zh", surname=stem, familiar=True)
    if text[:2] in _COMPOUND_SURNAMES and 3 <= len(text) <= 4:
        return _Form("zh", surname=text[:2])
    if text[0] in _SURNAMES and 2 <= len(text) <= 3:
        return _Form("zh", surname=text[0])
    return _Form("")


def lookup_keys(name: str) -> tuple[str, ...]:
    """The index keys a person called ``name`` is filed under and a mention of ``name`` looks up (besides the
    exact name): the surname for a Chinese name or familiar form; the first and last token for an English
    name (a titled single name, "Dr. Smith" or "Aunt May", is both)."""
    form = _read(name)
    if form.lang == "zh":
        return (f"{_MARK}zh{_MARK}{form.surname}",)
    if form.lang != "en":
        return ()
    first, last = form.tokens[0], form.tokens[-1]
    keys = [f"{_MARK}first{_MARK}{first}"]
    if len(form.tokens) > 1 or form.titled:
        keys.append(f"{_MARK}last{_MARK}{last}")
    return tuple(keys)


def same_person(mention: str, name: str) -> bool:
    """Whether ``mention`` may name the person known as ``name`` (not the same string; see the module
    docstring for the rules)."""
    a, b = _read(mention), _read(name)
    if a.lang != b.lang or not a.lang:
        return False
    if a.lang == "zh":
        return a.surname == b.surname and (a.familiar or b.familiar)
    return _tokens_agree(a, b) or _tokens_agree(b, a)


def _tokens_agree(short: _Form, full: _Form) -> bool:
    """``short`` is a shorter way to call ``full``: its tokens begin ``full``'s, or a titled single name is
    ``full``'s last (or first) name."""
    if short.titled and len(short.tokens) == 1:
        return short.tokens[0] in (full.tokens[-1], full.tokens[0]) and len(full.tokens) > 1
    n = len(short.tokens)
    return n < len(full.tokens) and full.tokens[:n] == short.tokens
