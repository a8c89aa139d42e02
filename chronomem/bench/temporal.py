"""``chronomem bench time``: parse a chat-like mix of messages (most without a time expression)."""

from __future__ import annotations

import random
import time
from datetime import datetime, timedelta, timezone

from ..temporal import parse

__all__ = ["MESSAGES", "run"]

#: A chat-like mix: about one message in four names a time.
MESSAGES = [
    "好的，我知道了",
    "哈哈哈这个太好笑了",
    "你吃饭了吗？",
    "我觉得这个方案还可以再改改",
    "收到，谢谢！",
    "这个需求我们再讨论一下",
    "我最喜欢的颜色是蓝色",
    "他说他会处理的",
    "嗯嗯",
    "发我一下文档链接",
    "Sounds good to me.",
    "I'm not sure that's the right approach.",
    "Can you send me the file?",
    "lol",
    "My favourite food is dumplings.",
    "Thanks, that helps a lot!",
    "Let me think about it.",
    "The build is green again.",
    "I moved the config into its own module.",
    "ok",
    "Nice work on the review!",
    "我们周五下午三点开会",
    "上周三下午提到的那个需求做完了吗",
    "三个月前我换了工作",
    "从下周开始我每天跑步",
    "I met her last Tuesday.",
    "Two weeks ago we shipped v2.",
    "Let's meet tomorrow at 5pm.",
    "I've been sick since March.",
    "昨天晚上没睡好",
    "Dinner on 2024-07-01 at 19:30?",
]


def run(n: int = 20_000, seed: int = 0) -> dict[str, float | int]:
    """Parse ``n`` messages drawn from :data:`MESSAGES`; return throughput figures."""
    rng = random.Random(seed)
    texts = [rng.choice(MESSAGES) for _ in range(n)]
    ref = datetime(2024, 6, 12, 15, 0, tzinfo=timezone(timedelta(hours=8)))
    parse("warm up 明天", ref)
    start = time.perf_counter()
    found = 0
    for text in texts:
        found += len(parse(text, ref))
    elapsed = time.perf_counter() - start
    return {
        "messages": n,
        "mentions": found,
        "seconds": round(elapsed, 4),
        "messages_per_s": round(n / elapsed, 1),
        "us_per_message": round(elapsed / n * 1e6, 2),
    }
