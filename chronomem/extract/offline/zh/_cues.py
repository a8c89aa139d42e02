"""Chinese cues of modality: a question, a hypothetical, reported words, a correction; a plan, a denial, an
ending, a past state, a denial that it ever held."""

from __future__ import annotations

import re
from typing import Final

from ...._vocabulary import ZH_RELATIONS
from .._modality import Cues

__all__ = ["ZH_CUES", "ZH_HEARSAY", "ZH_REPORTS"]

_ZH_REL = "|".join(sorted(ZH_RELATIONS, key=len, reverse=True))

#: "听说", "她说" report someone else's words; "我说错了" corrects what the speaker said before. 不/没/未/别/无
#: deny, except inside words that do not ("不过" but, "不错" good, "未来" future, "别人" others). A length of
#: time not followed by a final 了 is over ("在北京住了五年，…"), one followed by it still holds ("住了五年了").
ZH_CUES: Final = Cues(
    question=re.compile(r"[?？]\s*$|[吗嘛][。.!！~～]*\s*$|要不要|该不该|能不能|是不是|会不会|有没有|好不好"),
    hypothetical=re.compile(r"如果|要是|假如|假设|万一|倘若|若是|的话|即使|就算|哪怕|但愿|要不是|想象"),
    reported=re.compile(rf"听说|据说|听人说|(?:他|她|他们|{_ZH_REL})(?:跟我|和我)?(?:说|告诉我|讲)"),
    correction=re.compile(
        r"说错了?|打错了?|写错了?|记错了?|搞错了?|弄错了?|口误|更正|纠正|不对[，,。]|应该是|不是\S{1,12}?[，,]\s*(?:而)?是"
    ),
    planned=re.compile(
        r"打算|准备|计划|想要|想|考虑|可能|也许|或许|说不定|将来|以后|有一天|希望|争取|梦想|有机会|应该|(?<![觉记获取懂晓值显使])得(?!到)|(?<!活)该|"
        r"(?<![需主重只])要|会(?![说讲写用])|再(?!也)"
    ),
    negation=re.compile(
        r"不(?!过|错|少|久|仅|但|管|然|如|同|断|停|得不|一定)|没(?!想到)|未(?!来)|(?<![特分区级类告个识])别(?!人|的)|无(?!论)"
    ),
    ended=re.compile(r"不再|再也不|已经不|已经没|早就不|不\S*了|没\S*了"),
    never_was=re.compile(r"其实不|其实没|原来不|原来没|根本不|根本没|并不|并没"),
    past=re.compile(r"以前|之前|曾经|原来|过去|那时候?|小时候|当年|以往|早年"),
    still_after_length="了",
    begins=re.compile(r"开始|入职|上班|报到|报道|上岗|入学|开学|第一天"),
)

#: A verb of thinking, believing, hearing or saying right after its subject: "她觉得", "我姑姑说", "我以为",
#: "我听说", "老张跟我讲". The clause it opens is what the subject thinks or said (:mod:`.._reported`);
#: ``heard`` marks learning it from others, ``denied`` a denial ("我不觉得…"), ``said`` a verb of saying
#: (where the others are what someone believes). 说 followed by 的/话/错 is no report ("他说的", "说话", "说错了").
ZH_REPORTS: Final = re.compile(
    r"(?:也|还|都|一直|总)?(?:(?P<heard>听说|听人说|听别人说)|(?:[跟和对同给](?:我|你|您|他们|她们|他|她))?"
    r"(?:(?P<said>说(?![的话错明服得])|讲(?![的话])|提到|告诉我)|觉得|认为|以为|感觉|猜|估计|相信|觉着|怀疑)|"
    r"(?P<denied>不|没)(?:觉得|认为|相信|听说))"
)

#: Words that report without naming who said it, opening a clause: "据说", "听说", "有人说".
ZH_HEARSAY: Final = re.compile(r"(?P<heard>听说|据说|听人说|听别人说|有人说|据传)")
