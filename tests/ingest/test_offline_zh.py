"""chronomem.ingest.OfflineExtractor on Chinese messages: sentence + context -> claims (issue #11)."""

from __future__ import annotations

import pytest
from test_offline_support import AT_ZH, SHANGHAI, asserted, episode, extract, facts, local

from chronomem.ingest import Action, Role

ME = "me"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我住在苏州。", (ME, "lives_in", "苏州")),
        ("我去年搬到了厦门", (ME, "lives_in", "厦门")),
        ("我们上个月搬家到青岛了", (ME, "lives_in", "青岛")),
        ("我老家是洛阳", (ME, "from", "洛阳")),
        ("我是湖南人", (ME, "from", "湖南")),
        ("我在美团上班", (ME, "works_at", "美团")),
        ("我上周入职了网易", (ME, "works_at", "网易")),
        ("我是一名药剂师", (ME, "job_title", "药剂师")),
        ("我升职当组长了", (ME, "job_title", "组长")),
        ("我在复旦读研", (ME, "studies_at", "复旦")),
        ("我负责凤凰项目", (ME, "works_on", "凤凰项目")),
        ("我的手机号是13900001111", (ME, "phone", "13900001111")),
        ("我的邮箱是lin@example.cn", (ME, "email", "lin@example.cn")),
        ("我和小林结婚了", (ME, "partner", "小林")),
        ("我养了一只猫叫团子", (ME, "has_pet", "团子")),
        ("我喜欢爬山", (ME, "likes", "爬山")),
        ("我讨厌排队", (ME, "dislikes", "排队")),
        ("我不喜欢吃香菜", (ME, "dislikes", "吃香菜")),
        ("我对虾过敏", (ME, "allergic_to", "虾")),
        ("我现在吃素", (ME, "diet", "吃素")),
        ("我会说法语", (ME, "speaks", "法语")),
        ("我买了一辆比亚迪", (ME, "owns", "比亚迪")),
        ("我想跑马拉松", (ME, "goal", "跑马拉松")),
    ],
)
def test_first_person_statements_are_asserted_about_the_speaker(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我下个月就在 Spotify 上班", (ME, "works_at", "Spotify")),
        ("我搬到 Vancouver 了", (ME, "lives_in", "Vancouver")),
        ("我在 Tsinghua 读博", (ME, "studies_at", "Tsinghua")),
        ("我会说 French", (ME, "speaks", "French")),
        ("我在 New Balance 工作", (ME, "works_at", "New Balance")),
    ],
)
def test_a_latin_name_set_off_by_spaces_in_chinese_is_read_as_one_word(
    text: str, expected: tuple[str, str, str]
) -> None:
    """Mixed Chinese puts a space around a Latin word as typography ("在 Spotify 上班"): the name is the object,
    without the spaces."""
    assert expected in asserted(text)


def test_traditional_characters_keep_their_form() -> None:
    assert (ME, "lives_in", "臺南") in asserted("我住在臺南")


def test_a_dropped_subject_is_the_speaker_and_a_place_in_parts_is_one_place() -> None:
    got = asserted("现在在杭州，住西湖区")
    assert got == {(ME, "lives_in", "杭州西湖区")}


def test_a_bare_place_after_a_time_word_is_where_one_lives() -> None:
    assert asserted("目前在南京") == {(ME, "lives_in", "南京")}


def test_lists_give_one_claim_per_item() -> None:
    got = asserted("我对花生、芒果和牛奶过敏")
    assert {o for _, p, o in got if p == "allergic_to"} == {"花生", "芒果", "牛奶"}


@pytest.mark.parametrize(
    ("text", "relative", "link", "fact"),
    [
        ("我姐姐住在武汉", "Dana的姐姐", "family", ("lives_in", "武汉")),
        ("我朋友小周在网易上班", "小周", "knows", ("works_at", "网易")),
        ("我老公在银行工作", "Dana的老公", "partner", ("works_at", "银行")),
        ("孩子他爸在华为上班", "Dana的老公", "partner", ("works_at", "华为")),
        ("我儿子叫豆包，他在读小学", "豆包", "has_child", None),
    ],
)
def test_third_persons_are_their_own_entities(
    text: str, relative: str, link: str, fact: tuple[str, str] | None
) -> None:
    got = asserted(text)
    assert (ME, link, relative) in got
    if fact is not None:
        assert (relative, *fact) in got
        assert (ME, *fact) not in got


@pytest.mark.parametrize(
    "text",
    ["你觉得我要不要学吉他？", "你还在阿里吗", "我该不该搬到深圳", "你住在哪里？"],
)
def test_questions_assert_nothing(text: str) -> None:
    assert asserted(text) == set()


@pytest.mark.parametrize(
    ("text", "predicate", "modality"),
    [
        ("如果拿到offer，我就搬到上海", "lives_in", "hypothetical"),
        ("要是我有钱，我就买了一辆宝马", "owns", "hypothetical"),
        ("我打算搬到成都", "lives_in", "planned"),
        ("我准备下个月搬到广州", "lives_in", "planned"),
        ("我可能会去腾讯上班", "works_at", "planned"),
        ("我不会说粤语", "speaks", "negated"),
        ("我没有在银行工作过", "works_at", "negated"),
    ],
)
def test_modality_is_kept(text: str, predicate: str, modality: str) -> None:
    got = [(m, a) for s, p, o, m, a in facts(text) if p == predicate]
    assert got and all(m == modality for m, _ in got)


@pytest.mark.parametrize(
    ("text", "predicate"),
    [
        ("我从京东离职了", "works_at"),
        ("我辞职了", "works_at"),
        ("我不在字节干了", "works_at"),
        ("我对芒果不过敏了", "allergic_to"),
        ("我不再住在北京了", "lives_in"),
        ("我们家的狗去世了", "has_pet"),
        ("我们分手了", "partner"),
        ("换了家公司", "works_at"),
    ],
)
def test_endings_retract(text: str, predicate: str) -> None:
    got = [c for c in extract(text).claims if c.predicate == predicate]
    assert got and all(c.action is Action.RETRACT for c in got)


def test_past_ends_at_the_message_and_the_present_holds() -> None:
    got = {c.object.name: c for c in extract("我以前在百度上班，现在在小米").claims if c.object is not None}
    assert local(got["百度"].valid_to, SHANGHAI) == "2024-03-06 10:00"
    assert got["小米"].valid_to is None


def test_a_firm_dated_transfer_holds_from_its_date() -> None:
    (c,) = extract("下个月一号起我调到成都分公司").claims
    assert (c.predicate, c.object and c.object.name, c.modality) == ("lives_in", "成都", "asserted")
    assert local(c.valid_from, SHANGHAI) == "2024-04-01 00:00"


def test_a_change_holds_from_the_time_it_names() -> None:
    (c,) = extract("我三年前搬到了大连").claims
    assert local(c.valid_from, SHANGHAI) == "2021-01-01 00:00" or local(c.valid_from, SHANGHAI).startswith("2021")  # type: ignore[union-attr]


def test_a_vague_intention_is_a_goal_not_a_value() -> None:
    got = facts("我想换工作")
    assert (ME, "goal", "换工作", "asserted", "assert") in got
    assert not any(p == "works_at" and a == "retract" for _, p, _, _, a in got)


@pytest.mark.parametrize(
    ("text", "alias"),
    [("同事都叫我Tina", "Tina"), ("大家都喊我阿杰", "阿杰"), ("我的小名叫妞妞", "妞妞")],
)
def test_alias_declarations_name_the_speaker(text: str, alias: str) -> None:
    got = {(a.entity.speaker, a.alias) for a in extract(text).aliases}
    assert (True, alias) in got
    assert not any(p == "knows" for _, p, _ in asserted(text))


def test_an_alias_of_a_child() -> None:
    got = {(a.entity.name, a.alias) for a in extract("我儿子叫王子涵，小名叫乐乐").aliases}
    assert ("王子涵", "乐乐") in got


def test_the_assistant_asserts_nothing() -> None:
    assert extract("好的，你住在上海，在腾讯上班。", role=Role.ASSISTANT).claims == ()


@pytest.mark.parametrize(
    ("text", "value"),
    [("我生日是5月3号", "--05-03"), ("我的生日是十月一号", "--10-01"), ("我是1992年8月8日出生的", "1992-08-08")],
)
def test_birthdays_are_iso_dates(text: str, value: str) -> None:
    assert ("me", "birthday", value) in asserted(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("刚换了家公司，现在在美团做产品", ("me", "works_at", "美团")),
        ("我目前在一家外企做财务", ("me", "works_at", "外企")),
        ("我在上海待了五年了", ("me", "lives_in", "上海")),
        ("我是做程序员的", ("me", "job_title", "程序员")),
        ("我在深圳工作三年了", ("me", "lives_in", "深圳")),
        ("孩子他妈是老师", ("Dana的老婆", "job_title", "老师")),
        ("我女儿今年上大学了，在南京大学", ("Dana的女儿", "studies_at", "南京大学")),
        ("我们家养了两只猫，一只叫米饭，一只叫馒头", ("me", "has_pet", "馒头")),
    ],
)
def test_colloquial_statements(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


def test_a_trip_is_no_job() -> None:
    assert not any(p == "works_at" for _, p, _ in asserted("我老公下个月要去上海出差"))


def test_a_length_counts_back_from_the_message() -> None:
    (c,) = [c for c in extract("我在上海待了五年了").claims if c.predicate == "lives_in"]
    assert (local(c.valid_from, SHANGHAI) or "").startswith("2019-03")


def test_what_someone_says_the_speaker_should_do_is_reported() -> None:
    got = facts("我妈说我应该搬回杭州")
    assert ("me", "lives_in", "杭州", "reported", "assert") in got


def test_later_is_a_plan() -> None:
    assert ("me", "has_pet", "Dana的兔子", "planned", "assert") in facts("过两个月再养一只兔子")


def test_colloquial_role_words_name_one_relative() -> None:
    assert ("Dana的妈妈", "lives_in", "青岛") in asserted("我老妈住在青岛")
    assert ("Dana的妈妈", "lives_in", "烟台") in asserted("我妈住在烟台")


@pytest.mark.parametrize(
    "text", ["我爱死这首歌了", "我在路上了", "我在家", "我在开会", "我在星巴克等你", "我是说真的", "我今天在公司加班"]
)
def test_ordinary_chat_asserts_nothing(text: str) -> None:
    assert asserted(text) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我在Google做PM", ("me", "works_at", "Google")),
        ("我在Google做PM", ("me", "job_title", "PM")),
        ("我现在负责Project Atlas", ("me", "works_on", "Project Atlas")),
        ("我提了一辆Model Y", ("me", "owns", "Model Y")),
        ("我对gluten过敏", ("me", "allergic_to", "gluten")),
        ("我在台積電上班", ("me", "works_at", "台積電")),
    ],
)
def test_mixed_language(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我老家四川的", ("me", "from", "四川")),
        ("我现在是自由职业", ("me", "job_title", "自由职业")),
        ("我去年从阿里跳槽到了腾讯", ("me", "works_at", "腾讯")),
    ],
)
def test_more_colloquial_statements(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


def test_a_statement_before_a_question_still_counts() -> None:
    assert asserted("我搬到上海了，你呢？") == {("me", "lives_in", "上海")}


def test_someone_elses_relative_is_linked_to_them() -> None:
    got = asserted("小王的老婆在银行上班")
    assert {("小王", "partner", "小王的老婆"), ("小王的老婆", "works_at", "银行")} <= got


def test_but_is_no_denial_and_a_time_in_another_clause_stays_there() -> None:
    assert ("Dana的老婆", "lives_in", "上海") in asserted("不过我老婆下个月调到上海分公司，我们可能要搬家")
    (c,) = [c for c in extract("对了，我女儿叫朵朵，今年三岁，对牛奶过敏").claims if c.predicate == "allergic_to"]
    assert c.valid_from is None


def test_a_place_in_two_parts_keeps_the_order_said() -> None:
    got = asserted(
        "对，还在杭州，住滨江", recent=(episode("那你还住在杭州吗？", speaker="小智", role="assistant", at=AT_ZH),)
    )
    assert got == {("me", "lives_in", "杭州滨江")}


def test_a_past_place_ends_where_the_next_one_begins() -> None:
    got = {c.object.name: c for c in extract("我以前在重庆待过五年，前年才搬来成都的").claims if c.object}
    assert local(got["成都"].valid_from, SHANGHAI) == "2022-01-01 00:00"
    assert got["重庆"].valid_to == got["成都"].valid_from


def test_a_childs_full_name_and_nickname() -> None:
    got = extract("我儿子张浩宇，小名叫豆豆")
    assert ("me", "has_child", "张浩宇") in asserted("我儿子张浩宇，小名叫豆豆")
    assert ("张浩宇", "豆豆") in {(a.entity.name, a.alias) for a in got.aliases}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("不过现在一直住在珠海。", ("me", "lives_in", "珠海")),
        ("我特别喜欢游泳，你呢？", ("me", "likes", "游泳")),
        ("老家是长春的，所以不怕冷。", ("me", "from", "长春")),
        ("我哥哥王强住在武汉", ("王强", "lives_in", "武汉")),
        ("乐乐对花生过敏", ("乐乐", "allergic_to", "花生")),
    ],
)
def test_words_that_look_like_others(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("早不在了，去年就跳到美团了。", ("me", "works_at", "美团")),
        ("我老家就是西安的！", ("me", "from", "西安")),
        ("新工作在网易", ("me", "works_at", "网易")),
        ("我上周三从武汉搬到长沙了", ("me", "lives_in", "长沙")),
        ("我日语还不错", ("me", "speaks", "日语")),
        ("我的猫团子也跟我一起搬过来了", ("me", "has_pet", "团子")),
        ("下周五是我生日", ("me", "birthday", "--03-15")),
        ("我还是个银行柜员", ("me", "job_title", "银行柜员")),
    ],
)
def test_yet_more_ways_of_saying_it(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


@pytest.mark.parametrize("text", ["我倒是什么都能吃，没有过敏的东西。", "现在在家休息", "我喂猫吃饭"])
def test_no_false_objects(text: str) -> None:
    assert asserted(text) == set()


def test_moving_from_a_place_ends_it_at_the_move() -> None:
    got = {c.object.name: c for c in extract("我上周三从武汉搬到长沙了").claims if c.object}
    assert got["武汉"].valid_to == got["长沙"].valid_from and got["武汉"].valid_from is None


def test_a_length_with_one_le_is_over_and_with_two_still_holds() -> None:
    (over,) = extract("是啊，在北京住了五年，冬天太干了").claims
    (still,) = extract("我在上海住了五年了").claims
    assert over.valid_to is not None and still.valid_to is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("好消息！我跳槽到拼多多了，今天是第一天上班。", ("me", "works_at", "拼多多")),
        ("我在美团做运营", ("me", "works_at", "美团")),
        ("我在深圳做程序员", ("me", "lives_in", "深圳")),
        ("小林跳槽去字节了", ("小林", "works_at", "字节")),
        ("帮我在日历里记一下生日吧，11月2号，到时候提醒我。", ("me", "birthday", "--11-02")),
    ],
)
def test_employers_places_and_days(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


def test_pets_named_one_by_one() -> None:
    got = asserted("我养了两只狗，一只叫花花，一只叫豆豆。")
    assert {("me", "has_pet", "花花"), ("me", "has_pet", "豆豆")} <= got


def test_a_condition_after_the_main_clause_leaves_it_asserted() -> None:
    assert ("me", "speaks", "粤语") in asserted("我会说粤语，如果你需要的话")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("不可能，小周还在美团，我上周还见过他。", {("小周", "works_at", "美团")}),
        ("小周还在医院", set()),
        ("他还在路上", set()),
    ],
)
def test_still_at_a_company_but_not_at_a_hospital(text: str, expected: set[tuple[str, str, str]]) -> None:
    # "我上周还见过他" is an event of the speaker's; the profile facts are what this test is about
    assert {f for f in asserted(text) if f[1] != "event"} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("听说小周搬到成都了", ("小周", "lives_in", "成都")),
        ("我觉得老陈在医院上班", ("老陈", "works_at", "医院")),
        ("据说小吴在华为上班", ("小吴", "works_at", "华为")),
        ("小赵说他搬到杭州了", ("小赵", "lives_in", "杭州")),  # 他: the one who said it
        ("我听说老郑换工作了，现在在腾讯上班", ("老郑", "works_at", "腾讯")),  # the next clause is still his
        ("我哥昨天打电话来了。他说他搬到厦门了", ("Dana的哥哥", "lives_in", "厦门")),
        ("我认为我表姐住在青岛", ("Dana的表姐", "lives_in", "青岛")),
    ],
)
def test_what_the_speaker_thinks_or_heard_of_someone_is_theirs_reported(
    text: str, expected: tuple[str, str, str]
) -> None:
    claims = [c for c in extract(text).claims if c.predicate == expected[1]]
    assert [(c.subject.name, c.predicate, c.object.name if c.object else c.value) for c in claims] == [expected]
    assert all(c.modality == "reported" and c.confidence == 0.5 and not c.subject.speaker for c in claims)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("我觉得我会搬到厦门", {(ME, "lives_in", "厦门", "planned", "assert")}),  # the speaker's own plan
        ("我爸以为我住在广州", set()),  # his mistaken belief: no one's fact
        ("我妈觉得我还在腾讯上班", set()),
        ("我不觉得老陈在医院上班", set()),
        ("我跟他说我在腾讯上班", {(ME, "works_at", "腾讯", "asserted", "assert")}),  # the speaker's own words
        ("我爸以为我住在广州，其实我住在深圳", {(ME, "lives_in", "深圳", "asserted", "assert")}),
    ],
)
def test_the_speakers_own_words_stay_theirs_and_a_belief_about_the_speaker_is_no_fact(
    text: str, kept: set[tuple[str, str, str, str, str]]
) -> None:
    got = {f for f in facts(text) if f[1] not in ("family", "knows")}
    assert got == kept
