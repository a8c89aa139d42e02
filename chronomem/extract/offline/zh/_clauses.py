"""How a Chinese message is split into clauses; the small talk before a short answer."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["CLAUSE_BREAK", "FILLER", "SCRIPT"]

#: Where one clause ends and the next begins: a comma (not one before a name, "它叫…"), a conjunction, or a verb
#: of saying or thinking before a new subject.
CLAUSE_BREAK: Final = re.compile(
    r"[，,；;：:]\s*(?!(?:它|他|她)?(?:叫|名叫|名字叫|取名|小名))|(?=但是|可是|而且|然后|所以|因为|虽然)|"
    r"(?:(?<=说)|(?<=觉得)|(?<=认为)|(?<=告诉我))(?=我|他|她|你)"
)

#: Two Han characters in a row: a clause of another language holding Chinese words is also read in Chinese.
SCRIPT: Final = re.compile(r"[\u4e00-\u9fff]{2}")

#: The small talk before a short answer ("嗯，还在上海").
FILLER: Final = re.compile(r"^(?:嗯+|对|是的|是啊|对啊|现在|目前|还在|还是|在|住|就|哈哈+|啊)[，,。!！]?\s*")
