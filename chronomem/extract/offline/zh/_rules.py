"""Chinese clause patterns of the offline extractor, one named rule per way of saying a predicate's fact.

Patterns run over one clause in Simplified characters (the text is converted character for character, so
spans index the original, Traditional text too) after its subject ("我", "我姐姐", "小王", or none: "住高新区"
keeps the subject of the clause before). An object runs lazily up to punctuation, a particle (了, 的, 呢) or
the verb that closes the pattern (在腾讯 *上班*); short objects are refused where a single character would be
noise.
"""

from __future__ import annotations

import re
from typing import Final

from ...._vocabulary import ZH_PETS, ZH_TITLE_SUFFIXES, words
from .._rules import BARE, DECISIVE, JOINER, LOOSE, USUAL, WEAK, Change, Rules

__all__ = ["ZH_ALIASES", "ZH_FOLLOW", "ZH_NAME", "ZH_RULES"]

#: Where a Latin name set apart by spaces was (:data:`~.._rules.JOINER`): a name may start or end there.
_J = f"{JOINER}?"
_STOP = rf"(?=$|[\s{JOINER}，,。.！!？?；;、：:~～)）]|了|的|呢|吧|啊|呀|啦|嘛|哦)"
#: One character of an object: no punctuation or particle; a space only inside Latin words ("Model Y").
_C = r"(?:[^\s，,。.！!？?；;、：:了的]|(?<=[A-Za-z0-9]) (?=[A-Za-z0-9]))"
#: One character of an object that runs up to the verb closing its pattern: no punctuation, particle or 在 (``_WD``
#: allows 在); a space only inside Latin words ("New Balance").
_W = r"(?:[^\s，,。.！!？?；;、了的在]|(?<=[A-Za-z0-9]) (?=[A-Za-z0-9]))"
_WD = r"(?:[^\s，,。.！!？?；;、了的]|(?<=[A-Za-z0-9]) (?=[A-Za-z0-9]))"
#: 在 "at", but not the 在 inside 现在 "now", 正在, 实在, 存在, 所在, 好在.
_AT = r"(?<![现正实存所好])在"
_OBJ = rf"(?P<obj>{_C}{{1,15}}){_STOP}"
_LIST = rf"(?P<obj>(?:{_C}|、){{1,24}}){_STOP}"
#: A person's or pet's name as given after 叫/名叫: Latin letters or up to four Han characters.
ZH_NAME: Final = r"(?:[A-Za-z][\w.\-]*(?: [A-Z][\w.\-]*)*|[\u4e00-\u9fff]{1,4}?)"
_NAMED = (
    rf"{_J}(?P<obj>{ZH_NAME})(?=$|[\s{JOINER}，,。.！!？?；;、~～)）]|了|的|呢|吧|啊|呀|啦|嘛|哦|今年|已经|是|在|很|也)"
)
_TITLES = "|".join(sorted(ZH_TITLE_SUFFIXES, key=len, reverse=True))
_TITLE = rf"{_J}(?P<obj>(?![做当干一个名位])[\u4e00-\u9fffA-Za-z]{{0,8}}?(?:{_TITLES}))"
_PETS = "|".join(sorted(ZH_PETS, key=len, reverse=True))
_LANG = (
    _J + r"(?P<obj>(?:[\u4e00-\u9fff]{1,3}?(?:语|话)|[\u4e00-\u9fff]{1,2}文|English|Spanish|French|German|Japanese))"
)
_PLACE_SUFFIX = re.compile(r"(?:市|省|区|县|镇|村|州|岛|湾|城|国|乡|街道|新区)$")
_BAD_OBJECT = re.compile(
    r"^(?:什么|哪|这|那|它|他|她|你|我|人|一下|一点|东西|任何|死|得|着|过|上了|没有|没|不|都|也|家$|家里|家休息|路上)"
)


#: Words that end an object wherever jieba puts them ("北京*已经*三年", "成都*都*挺好").
_STOP_WORDS = frozenset(
    words(
        "都 也 还 就 很 挺 有 和 跟 在 上班 工作 住 生活 待 呆 读书 定居 发展 "
        "玩 旅游 出差 开会 去 来 回 过 做 当 干 呢 吧"
    )
)
#: jieba tags that end an object: adverbs, prepositions, particles, conjunctions, pronouns, time, numbers.
_STOP_TAGS = frozenset(words("d p ul uj uz ug uv ud u c r y t f m q x zg"))


def _trimmed(text: str) -> str:
    """``text`` up to the first word (by jieba) that cannot be part of a name or a thing."""
    if len(text) <= 2:
        return text
    import rjieba

    kept = ""
    for i, (word, tag) in enumerate(rjieba.tag(text)):
        latin = word.isascii() and (word.isalnum() or word == " ")
        if i > 0 and not latin and (word in _STOP_WORDS or tag in _STOP_TAGS):
            break
        kept += word
    return kept


def _obj(text: str) -> str | None:
    """An object phrase up to its first stop word: refuses question words and pronouns ("哪里", "这个")."""
    text = _trimmed(text.strip())
    if not text or _BAD_OBJECT.match(text):
        return None
    return text


_SEPARATOR = re.compile(r"、|和|跟|及|以及|与|还有|,|，")


def _items(text: str) -> str | None:
    """A list of objects ("花生、芒果和牛奶"): each item trimmed, the list cut where an item is cut."""
    end, at = 0, 0
    for m in [*_SEPARATOR.finditer(text), None]:
        item = text[at : len(text) if m is None else m.start()]
        kept = _obj(item)
        if kept is None:
            break
        end = at + len(kept)
        if kept != item.strip() or m is None:
            break
        at = m.end()
    return text[:end].strip() or None


def _phrase(text: str) -> str | None:
    """An intention as said ("换工作", "跑马拉松"): not cut at verbs, only refused when it names nothing."""
    text = text.strip()
    return None if not text or _BAD_OBJECT.match(text) else text


def _obj2(text: str) -> str | None:
    """An object of at least two characters (a bare "住" + one character is rarely a place)."""
    kept = _obj(text)
    return kept if kept is not None and len(kept) >= 2 else None


def _place(text: str) -> str | None:
    """A bare "(现在)在X" names a place only when X looks like one: a place suffix or jieba's ``ns`` tag."""
    kept = _obj2(text)
    if kept is None:
        return None
    if _PLACE_SUFFIX.search(kept):
        return kept
    import rjieba

    tags = rjieba.tag(kept)
    return kept if tags and all(t == "ns" for _, t in tags) else None


_BRANCH = re.compile(r"(?:分公司|分部|总部|办公室|分行|分店|分院|校区|园区|工厂|总公司)$")


def _moved_to(text: str) -> str | None:
    """Where one moves to: a transfer to "深圳分公司" is a move to 深圳."""
    kept = _obj2(text)
    if kept is None:
        return None
    place = _BRANCH.sub("", kept)
    return place if len(place) >= 2 else kept


_SCHOOL = re.compile(r"(?:大学|学院|学校|中学|小学|幼儿园|高中|初中|大专|研究生院)$")
_ORG_SUFFIX = re.compile(
    r"(?:公司|集团|银行|医院|学校|大学|学院|中心|研究所|研究院|工作室|事务所|科技|网络|银行|酒店|餐厅)$"
)


def _organisation(text: str) -> str | None:
    """A bare "现在在X" after talk of work names an employer when X looks like one (not a place)."""
    kept = _obj2(text)
    if kept is None or kept != text.strip() or kept in _WHERE_ONE_IS or _place(kept) is not None:
        return None  # the whole rest must be the name: "在星巴克等你" is no employer
    if _SCHOOL.search(kept):
        return None
    if _ORG_SUFFIX.search(kept) or re.fullmatch(r"[A-Za-z][\w&.\- ]*", kept):
        return kept
    import rjieba

    tags = rjieba.tag(kept)
    if len(tags) != 1:
        return None
    return kept if tags[0][1] in {"nt", "nz", "nrt", "eng", "n", "nr", "j"} else None


#: Where one is rather than where one works ("还在医院", "还在路上").
_WHERE_ONE_IS = frozenset(
    words(
        "医院 学校 公司 家 家里 路上 外面 楼下 楼上 门口 车上 地铁 机场 车站 酒店 宿舍 办公室 单位 店里 "
        "那边 这边 这里 那里 国外 老家 床上 会上 线上 网上 外地 附近"
    )
)


def _pet_name(text: str) -> str | None:
    """A pet's name right after its kind ("我的猫团子"), not a verb ("狗去世了") or a word of grammar."""
    text = text.strip()
    if not text or _BAD_OBJECT.match(text):
        return None
    import rjieba

    tags = rjieba.tag(text)
    if re.match(r"去世|走了|死了|丢了|没了|病|离开|跑了", text):
        return None
    return None if tags and tags[0][1][:1] in {"v", "d", "p", "c", "u", "r", "y", "t", "m", "q"} else text


def _organisation_doing(text: str) -> str | None:
    """ "在X做运营": X is where one works, unless X is a place ("在深圳做程序员": jieba knows 深圳) or home."""
    kept = _obj2(text)
    if kept is None or _place(kept) is not None or kept in {"家", "家里", "这里", "那里", "这边", "那边"}:
        return None
    return re.sub(r"^(?:一家|一个|这家|那家|家)", "", kept) or None


_CUT = re.compile(r"(?:都|也|还|就|很|挺|上班|工作|实习|做|当|干|呢|吧|啊|呀|啦).*$")


def _employer(text: str) -> str | None:
    """A company one joins, cut at a particle or verb but not split by jieba ("拼多多" is one name)."""
    kept = _CUT.sub("", text.strip())
    if len(kept) < 2 or _BAD_OBJECT.match(kept) or kept in {"新公司", "公司", "一家公司", "单位", "新单位"}:
        return None
    return kept


def _school(text: str) -> str | None:
    """A bare "在X" names a school when X is one ("南京大学", "实验小学")."""
    kept = _obj2(text)
    return kept if kept is not None and _SCHOOL.search(kept) else None


def _organisation_or_any(text: str) -> str | None:
    """An employer named after 在 or 去: anything but a place ("在深圳工作" says where, not for whom)."""
    kept = _obj2(text)
    if kept is None or _place(kept) is not None:
        return None
    return re.sub(r"^(?:一家|一个|这家|那家|家)", "", kept) or None


def _from_place(text: str) -> str | None:
    """ "我是X人": X is a place (四川人, 上海人), not a kind of person (好人, 学生)."""
    kept = _obj(text)
    if kept is None or kept in {"好", "坏", "本地", "外地", "老实", "一个"}:
        return None
    return kept


ZH_RULES: Final = Rules("zh")
_r = ZH_RULES.rule

# lives_in ----------------------------------------------------------------------------------------------
_r("lives_in.live", "lives_in", rf"(?:住在|居住在|生活在|定居在|定居|安家在|落户在|落户|住){_OBJ}",
   "住 生活在 定居 安家 落户", USUAL, check=_obj2)  # fmt: skip
_r("lives_in.move", "lives_in", rf"(?:搬到|搬去|搬来|搬回|搬回到|搬家到|搬家去|迁到|移居|移民到|移民去|移民|调到|调去)"
   rf"了?{_OBJ}", "搬 迁到 移居 移民 调到 调去", DECISIVE, change=Change.START, check=_moved_to)  # fmt: skip
_r("lives_in.moved_from", "lives_in", rf"从(?P<obj>{_C}{{2,10}}?)(?:搬到|搬去|搬来|搬回|迁到|调到|来到|到)",
   "从", DECISIVE - 1, change=Change.UNTIL, check=_obj2)  # fmt: skip
_r("lives_in.in_live", "lives_in", _AT + rf"(?P<obj>{_W}{{2,12}}?)"
   r"(?:住|定居|生活|安家|落户|待|呆)",
   "住 定居 生活 安家 落户 待 呆", USUAL + 2, check=_obj2)  # fmt: skip
_r("lives_in.bare", "lives_in", r"^(?:现在|目前|如今|最近|人|我|现|还|也|一直)*在"
   rf"(?P<obj>{_W}{{2,10}})(?:呢|了|啦|呀)?$", "在", BARE, check=_place)  # fmt: skip

_r("works_at.bare", "works_at", r"^(?:现在|目前|如今|最近|现|还)*(?:在|去了|跳到了?|换到了?)"
   rf"(?P<obj>{_WD}{{2,12}})"
   r"(?:呢|了|啦|呀)?$", "在 去了 跳到 换到", BARE - 1, check=_organisation)  # fmt: skip

# from --------------------------------------------------------------------------------------------------
_r("from.hometown", "from", rf"(?:老家|家乡|故乡|籍贯|祖籍)(?:就|也|其实|本来)?(?:是|在)?{_OBJ}",
   "老家 家乡 故乡 籍贯 祖籍", DECISIVE,
   check=_obj2)  # fmt: skip
_r("from.person", "from", r"(?:^(?:是)?|是)(?P<obj>[\u4e00-\u9fff]{2,6}?)人(?:$|[，,。！!]|啊|呀|哦|呢)", "人",
   USUAL - 5, check=_from_place)  # fmt: skip
_r("from.come", "from", rf"(?:来自|出生在|出生于|生在){_OBJ}", "来自 出生 生在", USUAL + 2, check=_obj2)
_r("from.grew_up", "from", _AT + rf"(?P<obj>{_W}{{2,12}}?)(?:长大|出生)", "长大 出生",
   DECISIVE - 2,
   check=_obj2)  # fmt: skip

# works_at ----------------------------------------------------------------------------------------------
_r("works_at.at", "works_at", _AT + rf"(?P<obj>{_W}{{1,15}}?)"
   r"(?:上班|工作|任职|打工|实习|干活|做事|供职|当|做|干|担任)",
   "上班 工作 任职 打工 实习 干活 做事 供职 当 做 干 担任", USUAL,
   check=_organisation_or_any)  # fmt: skip
_r("works_at.doing", "works_at", _AT + rf"(?P<obj>{_W}{{2,10}}?)(?:做|当|担任|干)"
   r"(?![饭菜事])", "做 当 担任 干", USUAL + 1, check=_organisation_doing)  # fmt: skip
_r("works_at.go", "works_at", rf"(?:去|进|到)了?(?P<obj>{_W}{{2,15}}?)"
   r"(?:上班|工作|任职|实习)",
   "上班 工作 任职 实习", USUAL + 1, change=Change.START, check=_organisation_or_any)  # fmt: skip
_r("lives_in.work_in", "lives_in", _AT + rf"(?P<obj>{_W}{{2,10}}?)(?:上班|工作|打工|做|当)",
   "上班 工作 打工", USUAL - 1,
   check=_place)  # fmt: skip
_r("works_at.job_at", "works_at", rf"(?:工作|新工作|上班|单位|公司)(?:是|就)?在{_OBJ}", "工作 上班 单位 公司",
   USUAL - 3,
   check=_organisation_or_any)  # fmt: skip
_r("works_at.join", "works_at", rf"(?:入职|加入|跳槽到|跳槽去|跳到|换到|签约)了?{_OBJ}(?=了|上班|工作|任职|当|做|"
   r"实习|$|[，,。！!])", "入职 加入 跳槽 跳到 换到 签约", DECISIVE, change=Change.START, check=_employer)  # fmt: skip
_r("works_at.quit", "works_at", rf"(?:从{_OBJ})?(?:离职|辞职|辞掉了?工作|辞了?工作|被裁|被开除|被辞退|被炒|退休|裸辞|"
   r"不干了|换了?家公司|换了?工作|换了?个工作|换了?份工作|工作丢了|丢了工作|失业)",
   "离职 辞 被裁 被开除 被辞退 被炒 退休 不干了 换 丢了 失业",
   DECISIVE + 3, change=Change.END, check=_obj2)  # fmt: skip
_r("works_at.last_day", "works_at", r"最后一天(?:上班|班)?", "最后一天", DECISIVE + 4, change=Change.LAST_DAY)

# job_title ---------------------------------------------------------------------------------------------
_r("job_title.is", "job_title", rf"(?:是|当|做|担任|干|升职当|升职为|升为|升职成|升成|转岗做|转岗当|转行做|转行当|成为|"
   rf"当上了?|升了?)(?:一名|一个|一位|个|名|位)?{_TITLE}", "是 当 做 担任 干 升 转 成为", USUAL)  # fmt: skip

# studies_at --------------------------------------------------------------------------------------------
_r("studies_at.at", "studies_at", _AT + rf"(?P<obj>{_W}{{2,15}}?)"
   r"(?:读书|上学|读研|读博|念书|读大学|"
   r"读本科|读硕士|读博士|留学|进修|上大学|读高中|读初中|读|念|学习)", "读 上学 念书 留学 进修 上大学 学习", USUAL + 2,
   check=_obj2)  # fmt: skip
_r("studies_at.bare", "studies_at", rf"^(?:现在|目前|如今|最近|现|还)*在(?P<obj>{_W}{{2,12}})"
   r"(?:呢|了|啦|呀)?$", "在", BARE + 1, check=_school)  # fmt: skip
_r("studies_at.admitted", "studies_at", rf"(?:考上了?|考进了?|考入){_OBJ}", "考上 考进 考入", USUAL,
   change=Change.START, check=_obj2)  # fmt: skip

# works_on, phone, email, birthday -------------------------------------------------------------------------
_r("works_on.project", "works_on", r"(?:负责|在做|在搞|参与|带|跟进|主导|做)(?P<obj>[^\s，,。！!？?；;了的]{0,12}?项目|"
   r"项目[A-Za-z0-9\u4e00-\u9fff ]{1,12}|(?i:project)\s+[A-Z][\w-]*|[A-Z][\w-]*\s+(?i:project))",
   "项目 project", USUAL)  # fmt: skip
_r("phone.number", "phone", r"(?:手机号码?|电话号码?|手机|电话|号码|联系方式)(?:是|：|:|为)?"
   r"\s*(?P<obj>\+?\d[\d\s-]{5,}\d)",
   "手机 电话 号码 联系方式", USUAL)  # fmt: skip
_r("email.address", "email", r"(?P<obj>[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)", "@", USUAL)
_r("birthday.is", "birthday", r"生日(?:是|在|为|：|:)?(?P<obj>[^，,。.！!？?；;]{2,16})", "生日", USUAL)
_r("birthday.is_mine", "birthday", r"(?P<obj>[^，,。.！!？?；;是]{2,12})是我的?生日", "生日", USUAL + 1)
_r("birthday.born", "birthday", r"(?:出生于|生于|出生在|是)(?P<obj>(?:\d{4}年)?\d{1,2}月\d{1,2}[日号])(?:出生|生的)?",
   "出生 生于 月", USUAL - 1)  # fmt: skip

# partner, has_child, has_pet -------------------------------------------------------------------------------
_r("partner.married", "partner", rf"(?:和|跟|与)(?P<obj>{ZH_NAME})(?:结婚|领证|在一起|订婚|谈恋爱)",
   "结婚 领证 在一起 订婚 谈恋爱",
   50, change=Change.START)  # fmt: skip
_r("partner.split", "partner", rf"(?:(?:和|跟|与)(?P<obj>{ZH_NAME}))?(?:分手|离婚|分开)", "分手 离婚 分开", USUAL + 2,
   change=Change.END)  # fmt: skip
_r("has_child.have", "has_child", rf"(?:有|生了|添了)(?:一个|两个|个|一对|了)?(?P<role>儿子|女儿|孩子|宝宝|闺女)"
   rf"(?:[，,]?(?:叫|名叫|名字叫){_NAMED})?", "儿子 女儿 孩子 宝宝 闺女", USUAL)  # fmt: skip
#: Several names at once, joined by 和 or 、 ("两只猫，叫团团和圆圆", "两只狗：豆豆和毛毛"): one pet each.
_NAMES = (
    rf"{_J}(?P<obj>{ZH_NAME}(?:(?:和|、|跟|与){ZH_NAME})*)"
    r"(?=$|[\s，,。.！!？?；;~～)）]|了|呢|吧|啊|呀|啦|嘛|哦|今年|已经|都|是|在|很|也)"
)
_r("has_pet.have", "has_pet", rf"(?:养了?|有|领养了?|买了)(?:[一二两三四五六七八九几\d]?[只条个头]|了)?"
   rf"(?P<role>{_PETS})(?:(?:[，,]?(?:它们|它|牠們|牠)?(?:分别)?(?:叫|名叫|名字叫|取名叫?)|[：:]){_NAMES})?",
   "养 有 领养 买了", USUAL + 2, example="我养了两只猫，叫团团和圆圆")  # fmt: skip
_r("has_pet.named", "has_pet", rf"(?:^|我家|我的|家里|我们家|的)(?:的)?(?:老|小)?(?P<role>{_PETS})"
   rf"(?:叫|名叫|名字叫|是)?{_NAMED}",
   " ".join(ZH_PETS), DECISIVE - 1, check=_pet_name)  # fmt: skip
_r("has_pet.died", "has_pet", rf"(?P<role>{_PETS})(?:{_NAMED})?(?:[^，,。]{{0,4}}?)(?:去世|走了|死了|没了|丢了|病死|"
   r"离开了|送人了|送走了)", "去世 走了 死了 没了 丢了 病死 离开了 送", DECISIVE + 5, change=Change.END)  # fmt: skip

# likes, dislikes, allergic_to, diet, speaks, owns, goal -------------------------------------------------------
_r(
    "likes.like",
    "likes",
    rf"(?:喜欢|热爱|迷上了?|爱上了?|超爱|最爱|爱|喜爱){_LIST}",
    "喜欢 爱 迷上",
    WEAK,
    check=_items,
)
_r("dislikes.hate", "dislikes", rf"(?:讨厌|受不了|反感|不爱|怕|烦|不喜欢){_LIST}", "讨厌 受不了 反感 不爱 怕 烦 不喜欢",
   42, check=_items)  # fmt: skip
_r("allergic_to.to", "allergic_to", r"对(?P<obj>[^\s，,。.！!？?；;了的]{1,20}?)(?P<neg>不再|不|没有?)?过敏",
   "过敏", USUAL,
   check=_items)  # fmt: skip
_r("allergic_to.bare", "allergic_to", r"(?P<obj>[^\s，,。.！!？?；;了的对我他她]{1,8}?)(?P<neg>不再|不|没有?)?过敏",
   "过敏", USUAL - 2, check=_items)  # fmt: skip
_r("diet.vegetarian", "diet", r"(?P<obj>吃全素|吃素|纯素|素食|吃斋|不吃肉|生酮|吃清真|无麸质|低碳水)",
   "素 吃斋 不吃肉 生酮 清真 麸质 低碳",
   50)  # fmt: skip
_r("speaks.speak", "speaks", rf"(?:会说|会讲|能说|说|讲|懂|会|母语是)(?:一点|一些|点|流利的|一口流利的|一口)?{_LANG}",
   "说 讲 懂 会 母语", USUAL)  # fmt: skip
_r("speaks.good", "speaks", rf"{_LANG}(?:还|倒是|也|都|说得|讲得|水平)?"
   r"(?:不错|没问题|很好|挺好|流利|很流利|还行|可以|很溜|不赖)",
   "不错 没问题 很好 挺好 流利 还行 可以 很溜 不赖", USUAL - 2)  # fmt: skip
_r("owns.bought", "owns", rf"(?:买了|入手了?|提了|有)(?:一辆|一台|一套|一部|辆|台|套|部|新|一个新的?)"
   rf"(?P<obj>{_C}{{1,12}}){_STOP}", "买了 入手 提了 有", LOOSE, change=Change.START, check=_obj)  # fmt: skip
_r(
    "owns.sold",
    "owns",
    r"(?:卖了|卖掉了?|把(?P<obj>[^\s，,。.！!？?；;了的]{1,10}?)卖了)",
    "卖",
    LOOSE + 2,
    change=Change.END,
)
_r("goal.want", "goal", r"(?:想要|想|希望|梦想是?|目标是|打算|计划|准备)(?!念|起|到|法|着)"
   r"(?P<obj>[^，,。.！!？?；;]{2,20})",
   "想 希望 梦想 目标 打算 计划 准备", BARE, check=_phrase)  # fmt: skip

#: A bare "(现在)在X" right after a clause about a slot is about the same slot ("以前在百度上班，现在在小米").
ZH_FOLLOW: Final = Rules("zh.follow")
for _predicate in ("works_at", "lives_in", "studies_at"):
    ZH_FOLLOW.rule(
        _predicate,
        _predicate,
        r"^(?:现在|目前|如今|最近|现|还|又|已经|后来|然后)*(?:在|去了|到了|跳到了?|换到了?|搬到了?|转到了?)"
        rf"(?P<obj>{_WD}{{2,12}})(?:呢|了|啦|呀)?$",
        "在 去了 到了 跳到 换到 搬到 转到",
        10,
        check=_obj2,
    )

ZH_FOLLOW.rule(
    "has_pet",
    "has_pet",
    rf"^(?:一只|一条|一个|另一只|另一条|另一个|大的|小的|老大|老二)?(?:叫|名叫|名字叫)(?P<obj>{ZH_NAME})[。.!！~～]*$",
    "叫",
    10,
)

#: Alias declarations: (pattern, whose alias): "speaker" or "third" (the last third person named).
ZH_ALIASES: Final = (
    (
        re.compile(rf"(?:叫我|喊我|称呼我|管我叫)(?P<alias>{ZH_NAME})(?=$|[\s，,。.！!？?；;~～]|就|吧|好|了|呢)"),
        "speaker",
    ),
    (
        re.compile(
            rf"我(?:的)?(?:小名|外号|昵称|英文名|网名|艺名|花名|名字)(?:是|叫)(?P<alias>{ZH_NAME})(?=$|[\s，,。.！!？?；;])"
        ),
        "speaker",
    ),
    (re.compile(rf"^我叫(?P<alias>{ZH_NAME})(?=$|[\s，,。.！!？?；;])"), "speaker"),
    (
        re.compile(rf"(?:小名|外号|昵称|英文名|乳名|花名)(?:是|叫)?(?P<alias>{ZH_NAME})(?=$|[\s，,。.！!？?；;])"),
        "third",
    ),
)
