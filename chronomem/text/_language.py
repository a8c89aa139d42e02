"""Which language a message is in, by script: enough to route it to the Chinese or the English path.

Counting scripts is fast (one regex pass), deterministic, and right for the question that matters here
(Chinese vs English); statistical detectors guess badly on the short, mixed messages of a chat.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from ._normalise import HAN_CLASS

__all__ = ["LanguageCode", "detect_language"]

#: ``zh`` Chinese, ``ja`` Japanese, ``ko`` Korean, ``en`` Latin script (read as English),
#: ``und`` nothing to go on.
LanguageCode = Literal["zh", "ja", "ko", "en", "und"]

_SCRIPTS: Final = re.compile(
    f"(?P<han>[{HAN_CLASS}])"
    r"|(?P<kana>[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f])"
    r"|(?P<hangul>[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f])"
    r"|(?P<latin>[A-Za-z\u00c0-\u024f\uff21-\uff3a\uff41-\uff5a])"
)

_ASCII_LETTER: Final = re.compile("[A-Za-z]")


def detect_language(text: str) -> LanguageCode:
    """The language of ``text``, judged by the letters it is written in.

    - any kana -> ``ja`` (Japanese mixes kana into Han text; Chinese never does);
    - more Hangul than Han -> ``ko``;
    - at least as many Han characters as Latin words (five letters a word) -> ``zh``: a Chinese sentence
      with English names in it is still Chinese, an English one naming 北京 is still English;
    - otherwise Latin letters -> ``en``; no letters at all (digits, emoji, punctuation) -> ``und``.

    >>> detect_language("我明天和Alice去Berlin")
    'zh'
    >>> detect_language("What did I say about Berlin?")
    'en'
    """
    if text.isascii():  # the common case, without a pass over every letter
        return "en" if _ASCII_LETTER.search(text) else "und"
    counts = {"han": 0, "kana": 0, "hangul": 0, "latin": 0}
    for match in _SCRIPTS.finditer(text):
        counts[match.lastgroup or "latin"] += 1
    han, latin = counts["han"], counts["latin"]
    if counts["kana"]:
        return "ja"
    if counts["hangul"] > han:
        return "ko"
    # A Han character carries about a word; a Latin word is about five letters.
    if han and han * 5 >= latin:
        return "zh"
    if latin:
        return "en"
    return "und"
