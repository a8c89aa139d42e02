"""The profile vocabulary as data: one :class:`Predicate` record per predicate, the one table every part of
chronomem reads for what a predicate is (cardinality, object, kind, whether it lasts a lifetime, the words that
ask for it and the statement that frames an answer), plus the word lists the offline extractor maps onto
it (relations named by role, languages, job titles, pets, diets).

Adding a predicate is adding one record (:func:`register`) and, for the offline extractor, its rules in each
language. The lists are general-purpose lexicons of English and Chinese, not phrases of any evaluation set:
the words a speaker uses for a relative, a language or an occupation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from ._names import check_identifier
from ._values import Kind
from .errors import InvalidValue

__all__ = [
    "EN_DIETS",
    "EN_LANGUAGES",
    "EN_PETS",
    "EN_RELATIONS",
    "EN_RELATION_WORDS",
    "EN_TITLE_HEADS",
    "FEMALE_ROLES",
    "MALE_ROLES",
    "MANY_VALUED_WORDS",
    "PREDICATES",
    "ZH_PETS",
    "ZH_RELATIONS",
    "ZH_RELATION_WORDS",
    "ZH_TITLE_SUFFIXES",
    "Cue",
    "Predicate",
    "Relation",
    "declared_multi",
    "lasting",
    "multi_by_default",
    "register",
    "single_valued",
    "words",
]


@dataclass(frozen=True, slots=True)
class Cue:
    """Words that point at a predicate (a regular expression, any language, matched case-blind) and their
    ``rank``: when a text holds the cues of several predicates, the lowest rank wins."""

    words: str
    rank: int

    def search(self, text: str) -> bool:
        """Whether ``text`` holds the cue."""
        return _compiled(self.words).search(text) is not None


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _compiled(words: str) -> re.Pattern[str]:
    pattern = _PATTERNS.get(words)
    if pattern is None:
        pattern = _PATTERNS[words] = re.compile(words, re.I)
    return pattern


@dataclass(frozen=True, slots=True)
class Predicate:
    """What chronomem knows about one predicate; every extractor and the pipeline read it.

    ``single`` when a subject holds one value at a time (a slot per subject); ``value`` when the object is
    JSON text rather than an entity, else ``entity_type`` is the type hint of the entity; ``en`` and ``zh``
    say it in each language (the LLM prompt's description); ``kind`` is the kind its facts default to;
    ``synonyms`` are other names a model may use for it. ``profile`` is False for a predicate beyond the
    profile, which the offline extractor makes and the prompt does not offer (``event``).

    ``lasting`` when a value lasts a lifetime (a birthday, where one is from): another value contradicts it
    rather than superseding it, and a value said without a time holds from the start of time. ``acquired``
    when one gets it (a pet, a child, a partner, a possession): got ahead of time, it is a plan until it
    happens, where any other dated change ahead holds from its date.

    How a conversation points at it: ``asks`` are the words of a question that asks for it ("where do you
    live?"), so a short answer is read as its statement; ``topic`` the words of the speaker's message that a
    bare "where?" after it asks about ("I got a new job!"); ``named`` the words that name it in a correction
    that names no value of it ("I mistyped the phone"); ``frames`` its statement in each language with
    ``{}`` where a short answer goes ("I live in {}").

    How a question to the memory points at it: ``sought`` are the words of a question that asks anyone's value
    of it ("where does Tom live?", "王芳住在哪里？"), whoever the question names; when several predicates' words
    are in one question, the lowest rank wins. Search ranks the value in force of the subject the question
    names first (:mod:`chronomem.retrieve._slots`), unless a later message of the subject's holds the ``told``
    words (those of a message that speaks of its value: moving, a job, a number) and the store read no value
    of it there: the store may lag behind what was said.
    """

    name: str
    single: bool
    value: bool = False
    entity_type: str = "thing"
    en: str = ""
    zh: str = ""
    kind: str = Kind.FACT
    synonyms: tuple[str, ...] = ()
    profile: bool = True
    lasting: bool = False
    acquired: bool = False
    asks: Cue | None = None
    topic: Cue | None = None
    named: Cue | None = None
    frames: Mapping[str, str] = field(default_factory=dict)
    sought: Cue | None = None
    told: Cue | None = None

    @property
    def object(self) -> str:
        """What the object is: ``value``, or the entity type."""
        return "value" if self.value else self.entity_type


_P = Predicate
_C = Cue
#: Every known predicate by name, in the order the LLM prompt offers them. Add to it with :func:`register`.
PREDICATES: Final[dict[str, Predicate]] = {
    p.name: p
    for p in (
        _P("lives_in", True, entity_type="place", en="I live in Berlin; I moved to Paris",
           zh="我住在北京；我搬到上海了",
           synonyms=("live_in", "lives_at", "resides_in", "moved_to", "home", "location"),
           asks=_C(r"where (?:do|did) you (?:live|stay)|where are you (?:living|based|staying|now)|"
                   r"where(?:'s| is) home|which city|what city|where did you (?:move|end up)|"
                   r"住(?:在)?哪|在哪个城市|搬(?:到|去)哪|现在在哪(?![家所个]|\S{0,3}(?:上班|工作|读书|上学))|哪个区|"
                   r"still (?:live|living) in|还住|还在\S{0,10}住", 1),
           topic=_C(r"\b(?:moved?|moving|flat|apartment|house|place|home|relocat\w*)\b|搬|房子|新家", 2),
           frames={"en": "I live in {}", "zh": "我住在{}"},
           sought=_C(r"\bwhere\b[^?]*\b(?:live[sd]?|living|stay(?:s|ing)?|based|resides?|mov(?:e|es|ed|ing)|"
                     r"relocat\w*)\b|\b(?:which|what) (?:city|town)\b|\bwhere(?:'s| is) \S+ home\b|"
                     r"住(?:在)?(?:哪|什么地方)|在哪个城市|搬(?:到|去|家到)?(?:哪|什么地方)|家在哪", 2),
           told=_C(r"\b(?:mov(?:e|ed|ing)|relocat\w*|live[sd]?|living)\b|搬|住在", 0)),
        _P("from", True, entity_type="place", en="I'm from Ohio; I grew up in Lyon", zh="我老家是成都；我是四川人",
           synonyms=("is_from", "comes_from", "hometown", "grew_up_in", "origin", "born_in"), lasting=True,
           asks=_C(r"where are you from|where(?:'re| are) you originally|where did you grow up|hometown|"
                   r"哪里人|哪儿人|老家(?:是|在)?哪|家乡", 4),
           frames={"en": "I'm from {}", "zh": "我老家是{}"},
           sought=_C(r"\bwhere(?:'s| is| was| are| were) \S+(?: \S+)? (?:originally )?from\b|"
                     r"\bwhere did \S+(?: \S+)? grow up\b|\bhometown\b|哪里人|哪儿人|老家|家乡", 4)),
        _P("works_at", True, entity_type="organisation", en="I work at Acme; I joined Globex",
           zh="我在腾讯上班；我入职了字节", synonyms=("work_at", "works_for", "employer", "employed_by", "joined"),
           asks=_C(r"where (?:do|are) you (?:work|working)|who do you work for|which company|what company|"
                   r"where did you (?:start|join)|在哪(?:儿|里|家公司)?(?:上班|工作)|哪家公司|什么公司|"
                   r"still at\b|still (?:work|working|employed) (?:at|for|with)|还在\S{0,10}(?:上班|工作)", 2),
           topic=_C(r"\b(?:job|work|offer|hired|position|role|company|employer)\b|工作|上班|公司|offer|入职|跳槽", 1),
           frames={"en": "I work at {}", "zh": "我在{}上班"},
           sought=_C(r"\bwhere\b[^?]*\b(?:works?|working|employed|job)\b|\bwho\b[^?]*\bworks? for\b|"
                     r"\b(?:which|what) (?:company|firm|employer)\b|"
                     r"在哪(?:儿|里|个|家)?(?:公司)?(?:上班|工作|任职)|哪家公司|什么公司", 1),
           told=_C(r"\b(?:job|jobs|hired|joined|quit|company|employer|offer|work(?:ing)? (?:at|for))\b|"
                   r"工作|上班|公司|入职|跳槽|辞职", 0)),
        _P("job_title", True, value=True, en="I'm a nurse; I became team lead", zh="我是护士；我升职当组长了",
           synonyms=("job", "occupation", "profession", "title", "position"),
           asks=_C(r"what do you do|what(?:'s| is) your (?:job|role|position|title)|what do you work as|"
                   r"做什么工作|干什么工作|什么职位|做什么的|干什么的|什么工作", 3),
           frames={"en": "I'm a {}", "zh": "我是{}"},
           sought=_C(r"\bwhat (?:does|do|did) \S+(?: \S+)? do for (?:a )?(?:living|work)\b|"
                     r"\bwhat(?:'s| is| was) \S+(?: \S+)? (?:job title|occupation|profession)\b|"
                     r"做什么工作|干什么工作|什么职位|是做什么的|是干什么的", 3),
           told=_C(r"\b(?:promoted|promotion|job|role|title)\b|升职|职位|工作", 0)),
        _P("studies_at", True, entity_type="organisation", en="I study at MIT", zh="我在清华读研",
           synonyms=("study_at", "studies", "attends", "school", "university"),
           asks=_C(r"where do you study|which (?:school|university|college)|where are you studying|"
                   r"在哪(?:儿|里)?(?:读书|上学|读研)|哪个学校|什么学校|哪所", 5),
           topic=_C(r"\b(?:school|university|college|degree|phd|master'?s)\b|学校|大学|读研|读博|考上", 3),
           frames={"en": "I study at {}", "zh": "我在{}读书"},
           sought=_C(r"\bwhere\b[^?]*\b(?:study|studies|studying|enrolled)\b|"
                     r"\b(?:which|what) (?:school|university|college)\b|"
                     r"在哪(?:儿|里|个|所)?(?:学校|大学)?(?:读书|上学|读研|读博|念书)|哪(?:个|所)(?:学校|大学)", 5),
           told=_C(r"\b(?:school|university|college|transferr?\w*|enrol\w*)\b|学校|大学|转学", 0)),
        _P("works_on", False, entity_type="project", en="I'm working on Project Alpha", zh="我负责Alpha项目",
           synonyms=("working_on", "work_on", "project")),
        _P("phone", True, value=True, en="my number is 555-0134", zh="我的手机号是13812345678",
           synonyms=("phone_number", "telephone", "mobile", "number"),
           asks=_C(r"\b(?:phone|number|cell|mobile)\b|手机号|电话|号码", 6),
           named=_C(r"\b(?:phone|number|cell|mobile)\b|手机|电话|号码", 1),
           frames={"en": "my number is {}", "zh": "我的手机号是{}"},
           sought=_C(r"\b(?:phone|cell|mobile|telephone) number\b|\bnumber (?:for|of)\b|手机号|电话号码|号码是多少", 6),
           told=_C(r"\b(?:phone|number|cell|mobile)\b|手机|电话|号码", 0)),
        _P("email", True, value=True, en="my email is a@b.org", zh="我的邮箱是a@b.org",
           synonyms=("email_address", "mail"), asks=_C(r"e-?mail|邮箱", 7), named=_C(r"e-?mail|邮箱", 2),
           frames={"en": "my email is {}", "zh": "我的邮箱是{}"}, sought=_C(r"e-?mail|邮箱", 7),
           told=_C(r"e-?mail|邮箱", 0)),
        _P("birthday", True, value=True, en="my birthday is May 3 (--05-03)", zh="我生日是5月3号（--05-03）",
           synonyms=("birth_date", "date_of_birth", "born_on"), lasting=True,
           asks=_C(r"birthday|when were you born|生日|哪天出生", 8), named=_C(r"birthday|生日", 3),
           frames={"en": "my birthday is {}", "zh": "我的生日是{}"},
           sought=_C(r"birthday|\bwhen (?:was|were) \S+(?: \S+)? born\b|生日|哪天出生", 8)),
        _P("partner", True, entity_type="person", en="my wife Anna; I married Tom", zh="我老婆叫小红；我和小王结婚了",
           synonyms=("spouse", "wife", "husband", "married_to", "girlfriend", "boyfriend"), acquired=True,
           sought=_C(r"\b(?:partner|wife|husband|spouse|girlfriend|boyfriend|fianc[eé]e?)\b|"
                     r"\bwho (?:is|was|did) \S+(?: \S+)? (?:married to|marry|dating|seeing)\b|"
                     r"老婆|老公|妻子|丈夫|男朋友|女朋友|对象|伴侣|爱人|和谁结婚|跟谁结婚", 9),
           told=_C(r"\b(?:partner|wife|husband|girlfriend|boyfriend|fianc[eé]e?|married|divorc\w*|broke up|"
                   r"split up|engaged)\b|老婆|老公|妻子|丈夫|男朋友|女朋友|对象|结婚|离婚|分手", 0)),
        _P("has_child", False, entity_type="person", en="my son Leo", zh="我儿子叫乐乐",
           synonyms=("child", "children", "son", "daughter"), acquired=True),
        _P("has_pet", False, entity_type="animal", en="I have a cat named Milo", zh="我养了一只猫叫咪咪",
           synonyms=("pet", "pets", "owns_pet"), acquired=True),
        _P("likes", False, en="I love hiking", zh="我喜欢爬山", kind=Kind.PREFERENCE,
           synonyms=("like", "loves", "love", "enjoys", "favourite", "favorite", "prefers"),
           frames={"en": "I like {}", "zh": "我喜欢{}"}),
        _P("dislikes", False, en="I hate crowds", zh="我不喜欢人多的地方", kind=Kind.PREFERENCE,
           synonyms=("dislike", "hates", "hate")),
        _P("allergic_to", False, en="I'm allergic to peanuts", zh="我对花生过敏", synonyms=("allergy", "allergies"),
           frames={"en": "I'm allergic to {}", "zh": "我对{}过敏"}),
        _P("diet", True, value=True, en="I'm vegetarian now", zh="我现在吃素", synonyms=("eats", "diet_type"),
           frames={"en": "I'm {}"},
           sought=_C(r"\bwhat\b[^?]*\bdiet|\bwhat (?:does|do) \S+(?: \S+)? eat\b|饮食|吃素吗", 10),
           told=_C(r"\b(?:vegan|vegetarian|pescatarian|diet|meat|keto)\b|吃素|素食|饮食|吃肉", 0)),
        _P("speaks", False, entity_type="language", en="I speak Spanish", zh="我会说日语",
           synonyms=("speak", "language", "languages"), frames={"en": "I speak {}", "zh": "我会说{}"}),
        _P("owns", False, en="I bought a Tesla", zh="我买了一辆特斯拉", synonyms=("own", "bought", "possesses"),
           acquired=True),
        _P("goal", False, value=True, en="I want to run a marathon", zh="我想跑马拉松", kind=Kind.GOAL,
           synonyms=("goals", "wants", "wants_to", "wish", "wishes")),
        _P("family", False, entity_type="person", en="my sister Jane; my mom", zh="我姐姐；我妈妈",
           synonyms=("relative", "sibling", "sister", "brother", "mother", "father", "parent")),
        _P("knows", False, entity_type="person", en="my friend Sam; my colleague 老李", zh="我朋友小张；我同事老李",
           synonyms=("friend", "colleague", "friend_of", "coworker")),
        # Beyond the profile: an event or plan of the speaker's, in their words (many at a time).
        _P("event", False, value=True, profile=False),
    )
}  # fmt: skip


def register(predicate: Predicate) -> Predicate:
    """Add ``predicate`` to :data:`PREDICATES` (or replace the record of that name) and return it: every
    reader of the table sees it from then on. The offline extractor makes claims of it only where a
    language's rules say it. Public as ``chronomem.register_predicate``: an application declares its own
    predicates (cardinality, object) once, before its memories read messages.

    A name the write path would refuse (:func:`~chronomem._names.check_identifier`) is refused here
    (:class:`InvalidValue`)."""
    if not isinstance(predicate, Predicate):
        raise InvalidValue(f"register_predicate takes a Predicate, not {type(predicate).__name__}")
    check_identifier(predicate.name, "predicate")
    PREDICATES[predicate.name] = predicate
    return predicate


def single_valued(predicate: str) -> bool:
    """Whether ``predicate`` holds one value at a time (unknown predicates are taken as many-valued)."""
    p = PREDICATES.get(predicate)
    return p is not None and p.single


def lasting(predicate: str) -> bool:
    """Whether a value of ``predicate`` lasts a lifetime (see :class:`Predicate`); unknown predicates do not."""
    p = PREDICATES.get(predicate)
    return p is not None and p.lasting


def declared_multi(predicate: str) -> bool | None:
    """Whether ``predicate`` holds many values at once, as its record declares; ``None`` for a predicate with no
    record (the namespace's first use of it decides, :func:`multi_by_default`)."""
    p = PREDICATES.get(predicate)
    return None if p is None else not p.single


#: Predicates with no record that hold many values at once when a namespace first uses them: things one has,
#: owns, visits, speaks, belongs to or likes come many at a time.
MANY_VALUED_WORDS: Final = frozenset(
    {
        "has",
        "owns",
        "visited",
        "speaks",
        "member_of",
        "friend_of",
        "interested_in",
        "hobby",
        "喜欢",
        "不喜欢",
        "认识",
        "拥有",
        "去过",
        "会说",
    }
)


def multi_by_default(predicate: str) -> bool:
    """Whether a namespace that first uses ``predicate`` without saying its cardinality takes it as
    many-valued: as its record declares, else when it is one of :data:`MANY_VALUED_WORDS`."""
    declared = declared_multi(predicate)
    return predicate in MANY_VALUED_WORDS if declared is None else declared


@dataclass(frozen=True, slots=True)
class Relation:
    """A role word for a person related to the speaker: the predicate that links them (``partner``,
    ``has_child``, ``family``, ``knows``) and the role as spoken (used to name an unnamed relative)."""

    predicate: str
    role: str


def words(text: str) -> list[str]:
    """A word list written as one space-separated string (easier to read and extend than a list literal)."""
    return text.split()


def _relations(predicate: str, spoken: str) -> dict[str, Relation]:
    """Role words; ``word=role`` names the role a colloquial word stands for ("mum=mom", "老妈=妈妈"), so one
    relative is one entity however the speaker calls them."""
    pairs = (w.partition("=") for w in spoken.split())
    return {word: Relation(predicate, role or word) for word, _, role in pairs}


#: English role words (singular; a plural "s" is accepted by the patterns).
EN_RELATIONS: Final[dict[str, Relation]] = {
    **_relations(
        "partner",
        "wife husband partner boyfriend girlfriend fiance fiancé fiancee fiancée spouse hubby=husband wifey=wife "
        "bf=boyfriend gf=girlfriend",
    ),
    **_relations("has_child", "son daughter kid child stepson stepdaughter baby"),
    **_relations(
        "family",
        "sister brother mom mum=mom mother=mom dad father=dad parent sibling grandma grandmother grandpa grandfather "
        "aunt uncle cousin niece nephew stepmom stepdad stepmother stepfather twin",
    ),
    **_relations(
        "knows",
        "friend colleague coworker co-worker boss manager roommate flatmate housemate neighbor neighbour "
        "classmate teammate buddy mate mentor landlord",
    ),
}

#: Chinese role words, longest first where one contains another (孩子他爸 before 孩子).
ZH_RELATIONS: Final[dict[str, Relation]] = {
    **_relations(
        "partner",
        "孩子他爸=老公 孩子他妈=老婆 孩子她爸=老公 孩子她妈=老婆 孩子爸=老公 孩子妈=老婆 "
        "老婆 老公 妻子=老婆 丈夫=老公 爱人 媳妇=老婆 男朋友 女朋友 男友 女友 "
        "未婚夫 未婚妻 对象 先生 太太",
    ),
    **_relations("has_child", "儿子 女儿 闺女 孩子 宝宝 小孩 大儿子 小儿子 大女儿 小女儿"),
    **_relations(
        "family",
        "姐姐 妹妹 哥哥 弟弟 妈妈 爸爸 老妈=妈妈 老爸=爸爸 母亲=妈妈 父亲=爸爸 "
        "爷爷 奶奶 外公 外婆 姥姥 姥爷 叔叔 阿姨 舅舅 姑姑 表姐 表妹 表哥 表弟 堂姐 堂妹 堂哥 堂弟 "
        "婆婆 公公 岳父 岳母 大姐 二姐 大哥 二哥 姐=姐姐 妹=妹妹 哥=哥哥 弟=弟弟 妈=妈妈 爸=爸爸",
    ),
    **_relations("knows", "朋友 好朋友 同事 老板 领导 室友 舍友 邻居 同学 闺蜜 哥们 兄弟 老同学 上司 师傅"),
}


def _alternation(words: dict[str, Relation]) -> str:
    """A regex alternation of ``words``, longest first ("grandmother" before "mother", 孩子他爸 before 孩子)."""
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


#: The role words as regex alternations (patterns that find relatives use them).
EN_RELATION_WORDS: Final = _alternation(EN_RELATIONS)
ZH_RELATION_WORDS: Final = _alternation(ZH_RELATIONS)

#: Languages by their English names (a speaker of English names a language this way).
EN_LANGUAGES: Final = frozenset(
    words(
        "English Spanish French German Italian Portuguese Dutch Swedish Norwegian Danish Finnish Polish Czech "
        "Russian Ukrainian Greek Turkish Arabic Hebrew Persian Farsi Hindi Urdu Bengali Punjabi Tamil Telugu "
        "Chinese Mandarin Cantonese Japanese Korean Vietnamese Thai Indonesian Malay Tagalog Swahili Hungarian "
        "Romanian Bulgarian Serbian Croatian Catalan Basque Irish Welsh Icelandic Latin ASL"
    )
)

#: Head nouns of English occupations; a title is any short phrase ending in one ("pediatric nurse").
EN_TITLE_HEADS: Final = frozenset(
    words(
        "nurse doctor physician surgeon dentist pharmacist vet veterinarian therapist psychologist counselor "
        "counsellor teacher professor lecturer tutor student researcher scientist engineer developer programmer "
        "designer architect analyst consultant accountant lawyer attorney paralegal manager director lead head "
        "officer executive ceo cto cfo coo vp president founder cofounder co-founder intern assistant "
        "administrator clerk cashier chef cook baker barista bartender waiter waitress driver pilot mechanic "
        "electrician plumber carpenter firefighter paramedic police policeman officer journalist writer editor "
        "author reporter photographer artist musician actor actress dancer coach trainer librarian secretary "
        "receptionist salesman saleswoman recruiter pm po sre dba technician specialist coordinator supervisor "
        "strategist economist banker trader broker agent producer translator interpreter principal "
        "freelancer entrepreneur owner partner associate scientist fellow postdoc resident"
    )
)

#: Suffixes of Chinese occupation words; a title is a short phrase ending in one ("心理咨询师").
ZH_TITLE_SUFFIXES: Final = words(
    "工程师 设计师 分析师 咨询师 会计师 律师 医生 护士 老师 教师 教授 讲师 程序员 研究员 经理 总监 主管 组长 "
    "主任 总裁 总经理 老板 店长 厨师 司机 记者 编辑 作家 警察 会计 销售 客服 运营 产品经理 实习生 学生 研究生 "
    "博士生 博士后 顾问 秘书 助理 专员 架构师 科学家 药剂师 营养师 摄影师 画家 歌手 演员 翻译 导游 保安 "
    "快递员 外卖员 公务员 兽医 自由职业者 自由职业 全职妈妈 全职爸爸 技术员 柜员 店员 职员 业务员 销售员 服务员 营业员 "
    "咖啡师 理发师 建筑师 医师 技师 社工 CEO CTO PM HR"
)

#: Pets by species word (English; a plural "s" is accepted by the patterns).
EN_PETS: Final = frozenset(
    words(
        "dog puppy cat kitten rabbit bunny hamster parrot bird fish goldfish turtle tortoise guinea-pig "
        "ferret lizard snake horse pony chinchilla gerbil rat mouse budgie cockatiel greyhound labrador lab "
        "poodle beagle terrier retriever spaniel collie husky corgi pug dachshund bulldog shepherd chihuahua "
        "boxer rottweiler doberman whippet schnauzer pomeranian sheepdog tabby siamese ragdoll"
    )
)

#: Pets by species word (Chinese).
ZH_PETS: Final = words(
    "猫咪 小猫 猫 狗狗 小狗 狗 兔子 小兔子 仓鼠 鹦鹉 乌龟 金鱼 鱼 龙猫 刺猬 八哥 柯基 金毛 柴犬 泰迪 哈士奇 "
    "布偶猫 英短 橘猫 边牧"
)

#: English diet words; the stored value is the word as spoken.
EN_DIETS: Final = frozenset(
    words(
        "vegetarian vegan pescatarian pescetarian keto paleo gluten-free dairy-free halal kosher "
        "lactose-free carnivore flexitarian"
    )
)

#: Role words that say she or he (for "he"/"she"/"他"/"她" to find the right person).
FEMALE_ROLES: Final = frozenset(
    words(
        "wife girlfriend gf fiancee fiancée mom mum mother sister daughter grandma grandmother aunt niece stepmom "
        "stepmother stepdaughter wifey 老婆 妻子 女朋友 女友 妈妈 姐姐 妹妹 女儿 奶奶 外婆 姥姥 阿姨 姑姑 表姐 表妹 "
        "堂姐 堂妹 婆婆 岳母 闺女 未婚妻 太太 媳妇 大女儿 小女儿 闺蜜"
    )
)
MALE_ROLES: Final = frozenset(
    words(
        "husband boyfriend bf fiance fiancé dad father brother son grandpa grandfather uncle nephew stepdad "
        "stepfather stepson hubby 老公 丈夫 男朋友 男友 爸爸 哥哥 弟弟 儿子 爷爷 外公 姥爷 叔叔 舅舅 表哥 表弟 堂哥 "
        "堂弟 公公 岳父 未婚夫 先生 大儿子 小儿子 哥们"
    )
)
