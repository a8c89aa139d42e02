"""Chinese expressions against the reference Wed 2024-06-12 15:00 +08:00 (conventions: chronomem.temporal)."""

from __future__ import annotations

import pytest

from chronomem.temporal import parse

from ._table import REF, Case, check, load, local, only

DAYS = load("""
今天 | 2024-06-12 | day | instant
今日 | 2024-06-12 | day
明天 | 2024-06-13 | day
明日 | 2024-06-13 | day
后天 | 2024-06-14 | day
大后天 | 2024-06-15 | day
昨天 | 2024-06-11 | day
昨日 | 2024-06-11 | day
前天 | 2024-06-10 | day
大前天 | 2024-06-09 | day
今晚 | 2024-06-12 18:00 | hour | interval
昨晚 | 2024-06-11 18:00 | hour
明晚 | 2024-06-13 18:00 | hour
今早 | 2024-06-12 04:00 | hour
明早 | 2024-06-13 04:00 | hour
上午 | 2024-06-12 08:00 | hour
下午 | 2024-06-12 12:00 | hour
晚上 | 2024-06-12 18:00 | hour
凌晨 | 2024-06-12 00:00 | hour
中午 | 2024-06-12 12:00 | hour
傍晚 | 2024-06-12 17:00 | hour
早上 | 2024-06-12 04:00 | hour
明天上午 | 2024-06-13 08:00 | hour
明天下午 | 2024-06-13 12:00 | hour
昨天晚上 | 2024-06-11 18:00 | hour
今天早上 | 2024-06-12 04:00 | hour
后天中午 | 2024-06-14 12:00 | hour
前天凌晨 | 2024-06-10 00:00 | hour
""")

WEEKS = load("""
周一 | 2024-06-17 | day
周二 | 2024-06-18 | day
周三 | 2024-06-19 | day
周四 | 2024-06-13 | day
周五 | 2024-06-14 | day
周六 | 2024-06-15 | day
周日 | 2024-06-16 | day
周天 | 2024-06-16 | day
星期一 | 2024-06-17 | day
星期天 | 2024-06-16 | day
星期日 | 2024-06-16 | day
礼拜五 | 2024-06-14 | day
上周一 | 2024-06-03 | day
上周三 | 2024-06-05 | day
上周五 | 2024-06-07 | day
上周日 | 2024-06-09 | day
下周一 | 2024-06-17 | day
下周三 | 2024-06-19 | day
下周五 | 2024-06-21 | day
下周日 | 2024-06-23 | day
这周五 | 2024-06-14 | day
本周五 | 2024-06-14 | day
这周一 | 2024-06-10 | day
上星期二 | 2024-06-04 | day
下星期四 | 2024-06-20 | day
下礼拜一 | 2024-06-17 | day
上个星期五 | 2024-06-07 | day
下个礼拜三 | 2024-06-19 | day
上上周五 | 2024-05-31 | day
下下周一 | 2024-06-24 | day
上周 | 2024-06-03 | week
这周 | 2024-06-10 | week
本周 | 2024-06-10 | week
下周 | 2024-06-17 | week
下下周 | 2024-06-24 | week
上上周 | 2024-05-27 | week
上个星期 | 2024-06-03 | week
下个礼拜 | 2024-06-17 | week
这周末 | 2024-06-14 18:00 | hour | interval
周末 | 2024-06-14 18:00 | hour
上周末 | 2024-06-07 18:00 | hour
下周末 | 2024-06-21 18:00 | hour
下周的周三 | 2024-06-19 | day
""")

MONTHS_YEARS = load("""
上个月 | 2024-05-01 | month
这个月 | 2024-06-01 | month
本月 | 2024-06-01 | month
下个月 | 2024-07-01 | month
下下个月 | 2024-08-01 | month
上上个月 | 2024-04-01 | month
去年 | 2023-01-01 | year
今年 | 2024-01-01 | year
明年 | 2025-01-01 | year
前年 | 2022-01-01 | year
后年 | 2026-01-01 | year
月初 | 2024-06-01 | day | interval
月底 | 2024-06-21 | day
上个月底 | 2024-05-21 | day
下个月初 | 2024-07-01 | day
年底 | 2024-09-01 | month
年初 | 2024-01-01 | month
去年年底 | 2023-09-01 | month
去年底 | 2023-09-01 | month
明年年初 | 2025-01-01 | month
""")

RELATIVE = load("""
三天前 | 2024-06-09 | day | instant
3天前 | 2024-06-09 | day
两天前 | 2024-06-10 | day
一周前 | 2024-06-03 | week
两周前 | 2024-05-27 | week
两个星期前 | 2024-05-27 | week
一个月前 | 2024-05-01 | month
三个月前 | 2024-03-01 | month
半年前 | 2023-12-01 | month
一年前 | 2023-01-01 | year
两年前 | 2022-01-01 | year
十年前 | 2014-01-01 | year
五分钟前 | 14:55 | minute
十分钟后 | 15:10 | minute
两小时前 | 13:00 | hour
三个小时后 | 18:00 | hour
半小时后 | 15:30 | minute
半个小时前 | 14:30 | minute
一个半小时后 | 16:30 | minute
三天后 | 2024-06-15 | day
三天之后 | 2024-06-15 | day
三天以前 | 2024-06-09 | day
一周后 | 2024-06-17 | week
两个星期后 | 2024-06-24 | week
一个月后 | 2024-07-01 | month
三个月后 | 2024-09-01 | month
一年后 | 2025-01-01 | year
10天后 | 2024-06-22 | day
再过三天 | 2024-06-15 | day
二十天前 | 2024-05-23 | day
十五天后 | 2024-06-27 | day
几天前 | 2024-06-09 | day
前几天 | 2024-06-09 | day | instant
前两天 | 2024-06-10 | day
过几天 | 2024-06-15 | day
过两天 | 2024-06-14 | day
几个月前 | 2024-03-01 | month
几年前 | 2021-01-01 | year
几分钟前 | 14:57 | minute
过去三天 | 2024-06-09 | day | interval
最近三天 | 2024-06-09 | day | interval
未来三天 | 2024-06-13 | day | interval
接下来两周 | 2024-06-17 | week | interval
前三个月 | 2024-03-01 | month | interval
三天内 | 2024-06-12 15:00 | second | interval
""")

ABSOLUTE = load("""
2024年3月5日 | 2024-03-05 | day
2024年3月5号 | 2024-03-05 | day
2023年12月25日 | 2023-12-25 | day
2024年3月 | 2024-03-01 | month
2023年 | 2023-01-01 | year
二零二三年 | 2023-01-01 | year
二〇二四年五月一日 | 2024-05-01 | day
3月5日 | 2025-03-05 | day
三月五号 | 2025-03-05 | day
三月五日 | 2025-03-05 | day
十二月二十五日 | 2024-12-25 | day
8月15号 | 2024-08-15 | day
三月 | 2025-03-01 | month
十月 | 2024-10-01 | month
3月份 | 2025-03-01 | month
十五号 | 2024-06-15 | day
5号 | 2024-07-05 | day
20号 | 2024-06-20 | day
二十号 | 2024-06-20 | day
2024-03-05 | 2024-03-05 | day
2024/3/5 | 2024-03-05 | day
2024.03.05 | 2024-03-05 | day
2024-03 | 2024-03-01 | month
24年3月5日 | 2024-03-05 | day
2024年3月5日（周二） | 2024-03-05 | day
90年代 | 1990-01-01 | decade
八十年代 | 1980-01-01 | decade
2010年代 | 2010-01-01 | decade
""")

CLOCK = load("""
下午三点 | 15:00 | hour | instant
下午3点 | 15:00 | hour
下午三点半 | 15:30 | minute
上午十点 | 10:00 | hour
上午10点30分 | 10:30 | minute
晚上八点 | 20:00 | hour
晚上8点半 | 20:30 | minute
早上七点 | 07:00 | hour
凌晨两点 | 02:00 | hour
中午十二点 | 12:00 | hour
中午12点半 | 12:30 | minute
中午一点 | 13:00 | hour
晚上十二点 | 2024-06-13 00:00 | hour
晚上十一点 | 23:00 | hour
三点 | 15:00 | hour
两点半 | 2024-06-13 14:30 | minute
十点 | 2024-06-12 22:00 | hour
九点一刻 | 2024-06-12 21:15 | minute
三点三刻 | 15:45 | minute
八点零五分 | 2024-06-12 20:05 | minute
十点十五分 | 2024-06-12 22:15 | minute
10点15 | 2024-06-12 22:15 | minute
15点 | 15:00 | hour
15:30 | 15:30 | minute
下午3:30 | 15:30 | minute
8点钟 | 2024-06-12 20:00 | hour
下午五点整 | 17:00 | hour
明天下午三点 | 2024-06-13 15:00 | hour
明天早上8点 | 2024-06-13 08:00 | hour
后天晚上七点 | 2024-06-14 19:00 | hour
昨天下午两点 | 2024-06-11 14:00 | hour
下周五下午三点 | 2024-06-21 15:00 | hour
下周五下午 | 2024-06-21 12:00 | hour | interval
上周三下午 | 2024-06-05 12:00 | hour
周五晚上 | 2024-06-14 18:00 | hour
周一早上 | 2024-06-17 04:00 | hour
今晚8点 | 20:00 | hour
今晚八点半 | 20:30 | minute
明晚7点 | 2024-06-13 19:00 | hour
3月5日下午3点 | 2024-03-05 15:00 | hour
2024年3月5日下午3点 | 2024-03-05 15:00 | hour
明天8点 | 2024-06-13 08:00 | hour
明天三点 | 2024-06-13 15:00 | hour
现在 | 15:00 | second
此刻 | 15:00 | second
刚才 | 15:00 | second
""")

ANCHORED = load("""
下个月15号 | 2024-07-15 | day
明年三月 | 2025-03-01 | month
去年十二月 | 2023-12-01 | month
去年3月5号 | 2023-03-05 | day
明年5月1日 | 2025-05-01 | day
今年夏天 | 2024-06-01 | season
去年冬天 | 2023-12-01 | season
明年春天 | 2025-03-01 | season
夏天 | 2024-06-01 | season
秋天 | 2024-09-01 | season
冬天 | 2024-12-01 | season
春季 | 2025-03-01 | season
今夏 | 2024-06-01 | season
最近 | 2024-06-05 | day | interval
近期 | 2024-06-05 | day
""")

RANGES = load("""
从三月到五月 | 2024-03-01 | month | interval
三月到五月 | 2024-03-01 | month | interval
从周一到周三 | 2024-06-17 | day | interval
周一至周三 | 2024-06-17 | day | interval
5月1号到5号 | 2024-05-01 | day | interval
6月12号到7月3号 | 2024-06-12 | day | interval
下午三点到五点 | 15:00 | hour | interval
明天上午9点到11点 | 2024-06-13 09:00 | hour | interval
上周一到周三 | 2024-06-03 | day | interval
从下周一到下周五 | 2024-06-17 | day | interval
2019年至2020年 | 2019-01-01 | year | interval
从下周开始 | 2024-06-17 | week | open_after
从明天起 | 2024-06-13 | day | open_after
自从三月 | 2024-03-01 | month | open_after
三月以来 | 2024-03-01 | month | open_after
从去年开始 | 2023-01-01 | year | open_after
下午三点以后 | 15:00 | hour | open_after
周五之前 | - | day | open_before
到周五为止 | - | day | open_before
截止到月底 | - | day | open_before
""")

HOLIDAYS = load("""
春节 | 2025-01-29 | day
中秋节 | 2024-09-17 | day
中秋 | 2024-09-17 | day
国庆节 | 2024-10-01 | day
元旦 | 2025-01-01 | day
圣诞节 | 2024-12-25 | day
端午节 | 2025-05-31 | day
去年春节 | 2023-01-22 | day
明年中秋节 | 2025-10-06 | day
除夕 | 2025-01-28 | day
元宵节 | 2025-02-12 | day
情人节 | 2025-02-14 | day
劳动节 | 2025-05-01 | day
儿童节 | 2025-06-01 | day
七夕 | 2024-08-10 | day
七夕节 | 2024-08-10 | day
明年七夕 | 2025-08-29 | day
去年七夕 | 2023-08-22 | day
2020年七夕 | 2020-08-25 | day
七夕晚上 | 2024-08-10 18:00 | hour
重阳节 | 2024-10-11 | day
重阳 | 2024-10-11 | day
去年重阳节 | 2023-10-23 | day
2025年重阳节 | 2025-10-29 | day
""")

OTHER = load("""
每周一 | 2024-06-17 | day | recurring
每天早上8点 | 2024-06-13 08:00 | hour | recurring
每天 | 2024-06-12 | day | recurring
每晚 | 2024-06-12 18:00 | hour | recurring
每个月 | 2024-06-01 | month | recurring
三个小时 | 15:00 | hour | duration
两天 | 15:00 | day | duration
半年 | 15:00 | year | duration
""")

TRADITIONAL = load("""
下週五 | 2024-06-21 | day
上個月 | 2024-05-01 | month
兩點半 | 2024-06-13 14:30 | minute
後天 | 2024-06-14 | day
星期三下午三點 | 2024-06-19 15:00 | hour
這週末 | 2024-06-14 18:00 | hour
三個月前 | 2024-03-01 | month
明天晚上八點 | 2024-06-13 20:00 | hour
上禮拜二 | 2024-06-04 | day
兩個鐘頭後 | 17:00 | hour
聖誕節 | 2024-12-25 | day
國慶節 | 2024-10-01 | day
下個禮拜 | 2024-06-17 | week
今年春節 | 2024-02-10 | day
""")

COMPOSED = load("""
十月的第一个星期一 | 2024-10-07 | day
三月的最后一个周五 | 2024-03-29 | day
这个月最后一天 | 2024-06-30 | day
下个月的第一天 | 2024-07-01 | day
98年 | 1998-01-01 | year
98年5月 | 1998-05-01 | month
五月初 | 2024-05-01 | day | interval
六月中旬 | 2024-06-11 | day
七月底 | 2024-07-21 | day
上半年 | 2024-01-01 | month | interval
下半年 | 2024-07-01 | month
去年下半年 | 2023-07-01 | month
第一季度 | 2024-01-01 | quarter
第三季度 | 2024-07-01 | quarter
这个季度 | 2024-04-01 | quarter
上个季度 | 2024-01-01 | quarter
三天前的下午 | 2024-06-09 12:00 | hour
十几天前 | 2024-05-28 | day
去年的今天 | 2023-06-12 | day
上周三下午三点 | 2024-06-05 15:00 | hour
下周一上午十点半 | 2024-06-17 10:30 | minute
明天下午4点半 | 2024-06-13 16:30 | minute
本周六 | 2024-06-15 | day
这个周六 | 2024-06-15 | day
下个月底 | 2024-07-21 | day
明年年底 | 2025-09-01 | month
三周后 | 2024-07-01 | week
两个礼拜前 | 2024-05-27 | week
半个月前 | 2024-05-28 | day
20分钟后 | 15:20 | minute
早上8点到10点 | 2024-06-13 08:00 | hour | interval
周一到周五 | 2024-06-17 | day | interval
10月1日至7日 | 2024-10-01 | day | interval
1998年 | 1998-01-01 | year
今年3月 | 2024-03-01 | month
今天凌晨3点 | 03:00 | hour
零点 | 2024-06-13 00:00 | hour
晚上7点半到9点 | 19:30 | minute | interval
从早上9点到晚上6点 | 09:00 | hour | interval
一刻钟后 | 15:15 | minute
差五分三点 | 2024-06-13 14:55 | minute
三点差五分 | 2024-06-13 14:55 | minute
晚7点 | 19:00 | hour
早8点 | 08:00 | hour
周五晚8点 | 2024-06-14 20:00 | hour
每周三下午 | 2024-06-12 12:00 | hour | recurring
上个月的今天 | 2024-05-12 | day
明年的今天 | 2025-06-12 | day
这一周 | 2024-06-10 | week
明天一早 | 2024-06-13 04:00 | hour
十多天前 | 2024-06-02 | day
一个多月前 | 2024-05-01 | month
两三天前 | 2024-06-09 | day
两个半小时前 | 12:30 | minute
待会儿 | 15:00 | minute
月中 | 2024-06-11 | day
正月初一 | 2025-01-29 | day
大前年 | 2021-01-01 | year
前年春天 | 2022-03-01 | season
下下周三 | 2024-06-26 | day
半个月后 | 2024-06-27 | day
十二点前 | - | hour | open_before
6月12日星期三 | 2024-06-12 | day
19点30分 | 19:30 | minute
12月31日晚上 | 2024-12-31 18:00 | hour
2020年以来 | 2020-01-01 | year | open_after
2020年以前 | - | year | open_before
2019年夏天 | 2019-06-01 | season
2023年春节 | 2023-01-22 | day
一九九八年 | 1998-01-01 | year
零八年 | 2008-01-01 | year
6月5日（周三）上午10点 | 2024-06-05 10:00 | hour
明天中午12点到下午2点 | 2024-06-13 12:00 | hour | interval
2024年6月12日 15:30 | 2024-06-12 15:30 | minute
下周一 9:00 | 2024-06-17 09:00 | minute
六点半 | 18:30 | minute
晚上九点半 | 21:30 | minute
三点钟 | 15:00 | hour
第二天 | 2024-06-13 | day
前一天 | 2024-06-11 | day
2024年第一季度 | 2024-01-01 | quarter
2023年第三季度 | 2023-07-01 | quarter
今年第二季度 | 2024-04-01 | quarter
从明天开始到下周五 | 2024-06-13 | day | interval
从今天起到月底 | 2024-06-12 | day | interval
5到8月 | 2024-05-01 | month | interval
3到5号 | 2024-06-03 | day | interval
今年5月到8月 | 2024-05-01 | month | interval
从1号到10号 | 2024-06-01 | day | interval
下周五下午三点到五点 | 2024-06-21 15:00 | hour | interval
明天上午十点半到十二点 | 2024-06-13 10:30 | minute | interval
三天之后的下午 | 2024-06-15 12:00 | hour | interval
两周以内 | 2024-06-12 15:00 | second | interval
前幾天 | 2024-06-09 | day | instant
這幾天 | 2024-06-05 | day | interval
最近几天 | 2024-06-05 | day | interval
过去几天 | 2024-06-05 | day | interval
上週三下午 | 2024-06-05 12:00 | hour | interval
從下週開始 | 2024-06-17 | week | open_after
星期日早上 | 2024-06-16 04:00 | hour
""")

ALL = (
    DAYS
    + WEEKS
    + MONTHS_YEARS
    + RELATIVE
    + ABSOLUTE
    + CLOCK
    + ANCHORED
    + RANGES
    + HOLIDAYS
    + OTHER
    + TRADITIONAL
    + COMPOSED
)


@pytest.mark.parametrize("case", ALL, ids=str)
def test_resolves(case: Case) -> None:
    check(case)


@pytest.mark.parametrize(
    ("text", "mention"),
    [
        ("我们下周五下午三点开会", "下周五下午三点"),
        ("三个月前我换了工作", "三个月前"),
        ("上周三下午提到的那个需求做完了吗", "上周三下午"),
        ("从下周开始我每天跑步", "从下周开始"),
        ("我昨天去了医院", "昨天"),
        ("她2019年搬到了上海", "2019年"),
        ("明天下午两点半在会议室见", "明天下午两点半"),
    ],
)
def test_finds_in_sentences(text: str, mention: str) -> None:
    found = [m.text for m in parse(text, REF)]
    assert mention in found, found


@pytest.mark.parametrize(
    "text",
    [
        "一点都不好",
        "我有三个孩子",
        "他说了一点点",
        "住在5号楼",
        "这个方案不错",
        "好的，我知道了",
        "上面的问题",
        "下面是文档",
        "2月30日",
        "我等了很久",
        "他很有时间观念",
    ],
)
def test_no_time_expression(text: str) -> None:
    assert parse(text, REF) == []


def test_span_indexes_original_text() -> None:
    text = "好的，下週五下午三點見"
    m = only("下週五下午三點", REF)
    found = parse(text, REF)[0]
    assert text[found.span[0] : found.span[1]] == found.text == "下週五下午三點"
    assert found.start_dt == m.start_dt


def test_vague_has_uncertainty() -> None:
    m = only("几天前")
    assert m.uncertainty_dt is not None
    lo, hi = m.uncertainty_dt
    assert m.start_dt is not None and m.end_dt is not None
    assert lo <= m.start_dt < m.end_dt <= hi


def test_precise_has_no_uncertainty() -> None:
    assert only("昨天").uncertainty_dt is None


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("我周一去了北京", "2024-06-10 00:00"),  # 了 and no future marker: the last Monday
        ("周一去北京", "2024-06-17 00:00"),  # otherwise the next Monday
        ("我三月去了北京", "2024-03-01 00:00"),  # past: the reference's year
        ("三月去北京", "2025-03-01 00:00"),  # otherwise the next March
        ("我们周一要开会了", "2024-06-17 00:00"),  # 要 marks the future despite 了
    ],
)
def test_bare_dates_follow_the_tense(text: str, start: str) -> None:
    assert local(only(text).start_dt) == start
