"""Chinese actions: the action of a clause of the speaker that no rule read ("明天上午十点我要去看牙医"),
whether it is denied and whether it is planned."""

from __future__ import annotations

import re
from typing import Final

from .._events import ACTION_END as _END

__all__ = ["action", "may_name_action"]

_ZH_LEAD: Final = re.compile(r"^(?:所以|但是|可是|而且|然后|因为|不过|结果|那|就)?\s*(?:我们|咱们|我)?\s*")
_ZH_AUX: Final = re.compile(
    r"^(?:也|都|还|就|才|又|再|已经|刚刚|刚|一直|终于|得|要|想要|打算|准备|计划|将要|将|会|需要|必须|正在|"
    r"没有|没|不会|不要|不想|不|别)\s*"
)
_ZH_NEGATION: Final = re.compile(r"没有|没|不|别")
_ZH_PLAN: Final = re.compile(r"要|打算|准备|计划|将|会")
#: Verbs an action starts with (a general lexicon of doing, going and meeting; states and qualities are not).
_ZH_VERBS: Final = re.compile(
    r"^(?:去|来|回|开会|开车|开|看|见|吃|喝|买|卖|做|写|读|学|上|下|参加|打|跑|游|玩|睡|起床|洗|搬|出|进|到|坐|飞|"
    r"骑|约|请|带|送|接|等|找|跟|和|陪|给|拿|交|感冒|发烧|生病|考|面试|加班|休息|出差|旅游|旅行|结婚|离婚|聚餐|"
    r"体检|逛|听|唱|跳|踢|练|运动|健身|剪|修|订|取|办|签|报名|聊|见面|拜访|约会|参观|爬|钓|煮|烤|摔|丢|迟到|"
    r"醒|吵架|散步|搬家|值班|上课|上班|下班|请假|登机|出发|到达|降落|起飞|演讲|汇报|开始|结束|完成|提交)"
)


_ZH_VERB_ANYWHERE: Final = re.compile(_ZH_VERBS.pattern.removeprefix("^"))


def action(text: str) -> tuple[str, bool, bool] | None:
    rest = _ZH_LEAD.sub("", text, count=1)
    aux = ""
    while (m := _ZH_AUX.match(rest)) is not None and m.end() > 0:
        aux, rest = aux + m.group(0), rest[m.end() :]
    rest = re.sub(r"[了啦吧呢哦呀啊嘛]+$", "", _END.sub("", rest))
    if not 2 <= len(rest) <= 24 or not _ZH_VERBS.match(rest):  # a short action, not a whole story
        return None
    return rest, bool(_ZH_NEGATION.search(aux)), bool(_ZH_PLAN.search(aux))


def may_name_action(text: str) -> bool:
    """Whether :func:`action` may find an action in ``text`` at all: a verb of the lexicon somewhere in it."""
    return _ZH_VERB_ANYWHERE.search(text) is not None
