"""Words that carry no search meaning in a *question* ("what did I say about Berlin?", "我上周说过什么?").

These lists are for query terms only; documents are indexed with every word (BM25 weighs common words
down by itself). Time words (yesterday, 上周) and negations are deliberately *not* here: they carry the
temporal intent and the polarity of a question.
"""

from __future__ import annotations

from typing import Final

__all__ = ["EN_QUERY_STOPWORDS", "ZH_QUERY_STOPWORDS"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


EN_QUERY_STOPWORDS: Final = _words(
    """
    a about above after again am an and any are as at be been being before below between both but by can
    could did do does doing down during each else ever few for from further had has have having he her here
    hers herself him himself his how i if in into is it its itself just let me mention mentioned more most
    my myself of off on once only or other our ours ourselves out over own please remember remind said same
    say says she should so some such tell than that the their theirs them themselves then there these they
    this those through to told too under until up us very was we were what whatever when where whether which
    while who whom whose why will with would you your yours yourself yourselves s t d ll m re ve
    """
)

ZH_QUERY_STOPWORDS: Final = _words(
    """
    的 了 着 过 吗 呢 吧 啊 呀 哦 嗯 么 嘛 是 在 和 与 跟 及 或 而 就 都 也 还 又 把 被 给 对 向 从 让
    我 你 您 他 她 它 我们 你们 他们 她们 它们 咱们 自己 这 那 这个 那个 这些 那些 这里 那里 哪 哪个
    哪些 哪里 哪儿 什么 啥 谁 怎么 怎样 怎么样 如何 为什么 为何 多少 几 是否 是不是 有没有 请问 请
    告诉 一下 关于 有关 说 说过 提到 提过 讲 讲过 记得 知道 一个 一些 有 个 这是 那是 就是 还是 都是 也是
    """
)
