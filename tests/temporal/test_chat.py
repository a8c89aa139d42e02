"""The families of ``test_en_families`` inside real chat sentences, English and Chinese: every mention of the sentence,
``text | start | grain | shape`` (start in the reference's wall clock, "-" when it has none)."""

from __future__ import annotations

import pytest

from chronomem.temporal import parse

from ._table import REF, local

CHAT: dict[str, list[tuple[str, str, str, str]]] = {
    "Can we do the review 4pm CET on Thursday?": [("4pm CET on Thursday", "2024-06-13 23:00", "minute", "instant")],
    "I'll be in the office 15h00 - 17h30 tomorrow, ping me": [
        ("15h00 - 17h30 tomorrow", "2024-06-13 15:00", "minute", "interval")
    ],
    "let's sync ten thirty tomorrow": [("ten thirty tomorrow", "2024-06-13 10:30", "minute", "instant")],
    "dinner at 7p?": [("7p", "2024-06-12 19:00", "hour", "instant")],
    "the invoice is due 12-25, don't forget": [("12-25", "2024-12-25 00:00", "day", "instant")],
    "My flight lands 31-Oct-24 around 9 in the evening": [
        ("31-Oct-24 around 9 in the evening", "2024-10-31 21:00", "hour", "instant")
    ],
    "rent is due on 5th": [("on 5th", "2024-07-05 00:00", "day", "instant")],
    "We close the books on the 20th of next month": [
        ("on the 20th of next month", "2024-07-20 00:00", "day", "instant")
    ],
    "Revenue for 2024Q3 was flat": [("2024Q3", "2024-07-01 00:00", "quarter", "instant")],
    "book the room 6/20 at 16h": [("6/20 at 16h", "2024-06-20 16:00", "minute", "instant")],
    "call me 9 tomorrow": [("9 tomorrow", "2024-06-13 09:00", "hour", "instant")],
    "in 7 days at 5pm we demo": [("in 7 days at 5pm", "2024-06-19 17:00", "hour", "instant")],
    "the train leaves 15 minutes past 3pm": [("15 minutes past 3pm", "2024-06-12 15:15", "minute", "instant")],
    "I'm free between 9h30 and 11h00 on thursday": [
        ("between 9h30 and 11h00 on thursday", "2024-06-13 09:30", "minute", "interval")
    ],
    "reserve the court 4pm for 30 mins please": [("4pm for 30 mins", "2024-06-12 16:00", "minute", "interval")],
    "we meet again 3 fridays from now": [("3 fridays from now", "2024-06-28 00:00", "day", "instant")],
    "that was 2 thursdays back": [("2 thursdays back", "2024-05-30 00:00", "day", "instant")],
    "the fifth last day of July is the deadline": [
        ("the fifth last day of July", "2024-07-27 00:00", "day", "instant")
    ],
    "send it by EOD please": [("by EOD", "2024-06-12 15:00", "second", "interval")],
    "please finish by the end of next month": [("by the end of next month", "2024-06-12 15:00", "second", "interval")],
    "I'm off for the rest of the week": [("the rest of the week", "2024-06-12 00:00", "day", "interval")],
    "the pizza comes in 3/4 hour": [("in 3/4 hour", "2024-06-12 15:45", "second", "instant")],
    "we leave in 2 and a half hours": [("in 2 and a half hours", "2024-06-12 17:30", "second", "instant")],
    "next season we'll hire two more people": [("next season", "2024-09-01 00:00", "season", "instant")],
    "need this ASAP": [("ASAP", "2024-06-12 15:00", "second", "open_after")],
    "let's talk tomorrow afternoonish": [("tomorrow afternoonish", "2024-06-13 12:00", "hour", "interval")],
    "I haven't slept well since I caught a cold": [("since I caught a cold", "-", "day", "anchored")],
    "two days after the wedding we flew to Rome": [("two days after the wedding", "-", "day", "anchored")],
    "七夕那天我们去看电影吧": [("七夕", "2024-08-10 00:00", "day", "instant")],
    "重阳节要回老家看爷爷": [("重阳节", "2024-10-11 00:00", "day", "instant")],
    "自从搬家以后我就没见过他": [("自从搬家以后", "-", "day", "anchored")],
    "结婚前我们去了一趟巴黎": [("结婚前", "-", "day", "anchored")],
    "下周三下午3点在会议室开会，别迟到": [("下周三下午3点", "2024-06-19 15:00", "hour", "instant")],
    "我三天后出差，周五晚上回来": [
        ("三天后", "2024-06-15 00:00", "day", "instant"),
        ("周五晚上", "2024-06-14 18:00", "hour", "interval"),
    ],
    "这个项目月底之前必须上线": [("月底之前", "-", "day", "open_before")],
}


@pytest.mark.parametrize("sentence", list(CHAT))
def test_chat_sentence(sentence: str) -> None:
    got = [
        (m.text, local(m.start_dt) if m.start_dt is not None else "-", m.grain.value, m.shape.value)
        for m in parse(sentence, REF)
    ]
    assert got == CHAT[sentence]
