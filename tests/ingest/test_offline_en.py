"""chronomem.ingest.OfflineExtractor on English messages: sentence + context -> claims (issue #11)."""

from __future__ import annotations

import pytest
from test_offline_support import BERLIN, asserted, extract, facts, local

from chronomem.ingest import Action, Role

ME = "me"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in Lisbon.", (ME, "lives_in", "Lisbon")),
        ("i'm living in New York City these days", (ME, "lives_in", "New York City")),
        ("We moved to Porto in January.", (ME, "lives_in", "Porto")),
        ("Just got the keys to my flat in Utrecht!", (ME, "lives_in", "Utrecht")),
        ("Finally relocated to Cape Town.", (ME, "lives_in", "Cape Town")),
        ("I'm originally from Kraków.", (ME, "from", "Kraków")),
        ("I grew up in Nairobi.", (ME, "from", "Nairobi")),
        ("I work at Initech.", (ME, "works_at", "Initech")),
        ("I joined Umbrella Labs last week.", (ME, "works_at", "Umbrella Labs")),
        ("I've been working for Soylent Corp since 2020.", (ME, "works_at", "Soylent Corp")),
        ("I'm a paramedic.", (ME, "job_title", "paramedic")),
        ("I got promoted to team lead.", (ME, "job_title", "team lead")),
        ("I'm doing a PhD at Oxford.", (ME, "studies_at", "Oxford")),
        ("I'm working on Project Nimbus.", (ME, "works_on", "Project Nimbus")),
        ("My number is 555-0188.", (ME, "phone", "555-0188")),
        ("You can email me at kim.l@example.org", (ME, "email", "kim.l@example.org")),
        ("I married Priya last summer.", (ME, "partner", "Priya")),
        ("I have a cat named Biscuit.", (ME, "has_pet", "Biscuit")),
        ("I love rock climbing.", (ME, "likes", "rock climbing")),
        ("I can't stand traffic jams.", (ME, "dislikes", "traffic jams")),
        ("I don't like horror movies.", (ME, "dislikes", "horror movies")),
        ("I'm allergic to shellfish.", (ME, "allergic_to", "shellfish")),
        ("I went vegan last year.", (ME, "diet", "vegan")),
        ("I speak Portuguese.", (ME, "speaks", "Portuguese")),
        ("I bought a Vespa.", (ME, "owns", "Vespa")),
        ("I want to learn the cello.", (ME, "goal", "learn the cello")),
    ],
)
def test_first_person_statements_are_asserted_about_the_speaker(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


def test_lists_give_one_claim_per_item() -> None:
    got = asserted("I'm allergic to peanuts, sesame and kiwi.")
    assert {o for _, p, o in got if p == "allergic_to"} == {"peanuts", "sesame", "kiwi"}
    assert {o for _, p, o in asserted("I speak Greek and Italian")} == {"Greek", "Italian"}


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("They love learning about animals and the bones were so cool.", set()),  # they: not the speaker
        ("I love hiking and the views are amazing.", {"hiking"}),  # a clause is no item of the list
        ("I'm a big fan of pottery - the creativity and skill is awesome.", {"pottery"}),
        ("Love and acceptance really can be found everywhere.", set()),  # the noun "love"
        ("I have a lot of love for dance.", {"dance"}),
        ("Your love for your kids is so awesome.", set()),
        ("Love seeing your dedication to helping others!", set()),  # what belongs to the one spoken to
        ("Yeah, I love to.", set()),
        ("I love it, every day.", set()),
        ("I love that'll keep me going", set()),
    ],
)
def test_likes_are_things_and_activities_not_clauses(text: str, kept: set[str]) -> None:
    assert {o for _, p, o in asserted(text) if p == "likes"} == kept


@pytest.mark.parametrize(
    "text",
    [
        "Look! [shares a photo: a photo of a man walking down a street with balloons]",  # "own" in "down"
        "We drove down a dirt road to get there.",
    ],
)
def test_a_rule_s_words_start_a_word(text: str) -> None:
    assert not asserted(text)


def test_a_title_at_an_organisation_gives_both() -> None:
    got = asserted("I'm a pediatric nurse at Mercy General.")
    assert (ME, "job_title", "pediatric nurse") in got
    assert (ME, "works_at", "Mercy General") in got


@pytest.mark.parametrize(
    ("text", "relative", "link"),
    [
        ("My sister lives in Boston.", "Dana's sister", "family"),
        ("My older brother works at Hooli.", "Dana's brother", "family"),
        ("My friend Tomasz moved to Gdańsk.", "Tomasz", "knows"),
        ("My wife Ingrid is a dentist.", "Ingrid", "partner"),
        ("Our son Mateo speaks Spanish.", "Mateo", "has_child"),
    ],
)
def test_third_persons_are_their_own_entities_linked_to_the_speaker(text: str, relative: str, link: str) -> None:
    got = facts(text)
    assert (ME, link, relative, "asserted", "assert") in got
    assert not any(s == ME and p not in ("family", "knows", "partner", "has_child") for s, p, *_ in got)
    assert any(s == relative for s, *_ in got)


def test_third_person_claims_are_less_sure_and_he_she_follow_the_last_named() -> None:
    got = extract("My cousin Ravi just moved to Leeds. He works at Argos now.").claims
    about = {c.predicate: c for c in got if c.subject.name == "Ravi"}
    assert set(about) == {"lives_in", "works_at"}
    assert about["lives_in"].confidence < 1.0


def test_a_named_person_can_be_the_subject() -> None:
    assert ("Marco", "works_at", "Fiat") in asserted("Marco works at Fiat.")


def test_names_are_aliased_to_the_role_so_a_later_unnamed_mention_finds_them() -> None:
    aliases = {(a.entity.name, a.alias) for a in extract("My brother Luis lives in Quito.").aliases}
    assert ("Luis", "Dana's brother") in aliases


def test_a_partner_named_by_role_is_whoever_holds_the_relation() -> None:
    """ "my husband" (unnamed or named) carries the slot it stands for; a sister does not: one has several."""
    husband = {c.subject.occupies for c in extract("My husband works at Google.").claims if c.predicate == "works_at"}
    named = {
        c.object.occupies for c in extract("My husband Tom is a chef.").claims if c.predicate == "partner" and c.object
    }
    sister = {c.subject.occupies for c in extract("My sister lives in Quito.").claims if c.predicate == "lives_in"}
    assert husband == {("Dana", "partner")} and named == {("Dana", "partner")} and sister == {None}


@pytest.mark.parametrize(
    "text",
    [
        "Are you still at Netflix?",
        "Should I learn Spanish?",
        "Do you think I should move to Denver?",
        "where do you live",
    ],
)
def test_questions_assert_nothing(text: str) -> None:
    assert asserted(text) == set()


@pytest.mark.parametrize(
    ("text", "modality"),
    [
        ("If I get the job at Stark, I'll move to Seattle.", "hypothetical"),
        ("I would live in Tokyo if I could.", "hypothetical"),
        ("I'm going to move to Vienna.", "planned"),
        ("I might move to Ghent.", "planned"),
        ("I'm thinking about moving to Oslo.", "planned"),
        ("I've never lived in Madrid.", "negated"),
    ],
)
def test_modality_is_kept(text: str, modality: str) -> None:
    got = facts(text)
    assert got, text
    assert all(m == modality for s, p, o, m, a in got if p == "lives_in")
    assert not asserted(text) & {(ME, "lives_in", o) for _, _, o, _, _ in got}


def test_reported_speech_is_reported() -> None:
    got = facts("My mom says my uncle moved to Perth.")
    assert ("Dana's uncle", "lives_in", "Perth", "reported", "assert") in got


@pytest.mark.parametrize(
    ("text", "predicate", "obj"),
    [
        ("I quit my job at the bank.", "works_at", None),
        ("I no longer work at Globex.", "works_at", "Globex"),
        ("I don't live in Leeds anymore.", "lives_in", "Leeds"),
        ("I'm not allergic to latex anymore.", "allergic_to", "latex"),
        ("I got laid off.", "works_at", None),
        ("Sadly my dog passed away.", "has_pet", None),
        ("We broke up last month.", "partner", None),
    ],
)
def test_endings_retract(text: str, predicate: str, obj: str | None) -> None:
    got = [c for c in extract(text).claims if c.predicate == predicate]
    assert got and all(c.action is Action.RETRACT for c in got)
    assert (got[0].object.name if got[0].object else None) == obj


def test_not_after_all_retracts_from_the_beginning() -> None:
    (c,) = [c for c in extract("Turns out I'm not allergic to penicillin after all.").claims]
    assert c.action is Action.RETRACT and c.valid_from == 0


def test_used_to_ends_a_past_value_at_the_message() -> None:
    (c,) = extract("I used to live in Rome.").claims
    assert c.predicate == "lives_in" and c.object is not None and c.object.name == "Rome"
    assert local(c.valid_to, BERLIN) == "2024-03-06 10:00"


def test_a_past_stretch_is_its_own_interval() -> None:
    (c,) = extract("I lived in Rome from 2015 to 2018.").claims
    assert (local(c.valid_from, BERLIN), local(c.valid_to, BERLIN)) == ("2015-01-01 00:00", "2019-01-01 00:00")


def test_a_change_holds_from_the_time_it_names() -> None:
    (c,) = extract("I moved to Paris last month.").claims
    assert local(c.valid_from, BERLIN) == "2024-02-01 00:00" and c.valid_to is None


def test_a_length_counts_back_from_the_message() -> None:
    (c,) = extract("I've lived in Bern for three years.").claims
    assert local(c.valid_from, BERLIN) is not None and local(c.valid_from, BERLIN).startswith("2021-03")  # type: ignore[union-attr]


def test_a_firm_dated_change_ahead_is_asserted_from_that_date() -> None:
    (c,) = extract("I start at Siemens on the 3rd.").claims
    assert (c.predicate, c.modality, c.action) == ("works_at", "asserted", Action.ASSERT)
    assert local(c.valid_from, BERLIN) == "2024-04-03 00:00"


def test_last_day_retracts_after_that_day() -> None:
    (c,) = extract("Friday was my last day at Acme.").claims
    assert c.action is Action.RETRACT and local(c.valid_from, BERLIN) == "2024-03-02 00:00"


def test_no_time_words_leave_the_portion_to_the_message_time() -> None:
    (c,) = extract("I live in Lisbon.").claims
    assert (c.valid_from, c.valid_to) == (None, None)


@pytest.mark.parametrize(
    ("text", "alias"),
    [("Call me Tina.", "Tina"), ("Everyone calls me Bobby", "Bobby"), ("My name's Robert but I go by Rob.", "Rob")],
)
def test_alias_declarations_name_the_speaker(text: str, alias: str) -> None:
    got = {(a.entity.speaker, a.alias) for a in extract(text, speaker="Roberta").aliases}
    assert (True, alias) in got


def test_an_alias_of_a_third_person() -> None:
    got = {(a.entity.name, a.alias) for a in extract("My daughter Margaret, we call her Maggie.").aliases}
    assert ("Margaret", "Maggie") in got


def test_the_assistant_asserts_nothing() -> None:
    got = extract("Great, so you live in Paris and work at Acme. I love hiking too!", role=Role.ASSISTANT)
    assert got.claims == () and got.aliases == ()


def test_you_in_a_chat_between_friends_is_the_other_person() -> None:
    got = extract("You moved to Austin, right.", speaker="Lee", participants=("Lee", "Kai"))
    assert any(c.subject.addressee and c.subject.name == "Kai" for c in got.claims)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("My birthday is May 3.", "--05-03"),
        ("my birthday's on the 14th of October", "--10-14"),
        ("I was born on 1990-02-11", "1990-02-11"),
    ],
)
def test_birthdays_are_iso_dates(text: str, value: str) -> None:
    assert ("me", "birthday", value) in asserted(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Yeah so we finally closed on the house in Decatur last Friday", (ME, "lives_in", "Decatur")),
        ("Been at Contoso for about five years now", (ME, "works_at", "Contoso")),
        ("my hubby Jake works from home", (ME, "partner", "Jake")),
        ("I left Globex in March and joined a startup called Fernly", (ME, "works_at", "Fernly")),
        ("Not at Netflix anymore - I'm at Hulu now", (ME, "works_at", "Hulu")),
        ("My sister-in-law Rachel is a lawyer", ("Rachel", "job_title", "lawyer")),
        ("I'm now a senior data analyst at Brightline", (ME, "job_title", "senior data analyst")),
    ],
)
def test_colloquial_statements(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


def test_the_time_of_one_clause_does_not_leak_into_the_one_before() -> None:
    got = {c.predicate: c for c in extract("I'm from Texas but I've lived in Seattle for ten years").claims}
    assert got["from"].valid_from is None and got["lives_in"].valid_from is not None


def test_his_name_names_the_pet_just_mentioned() -> None:
    got = extract("my girlfriend and I just adopted a puppy, his name is Waffles").aliases
    assert ("Dana's puppy", "Waffles") in {(a.entity.name, a.alias) for a in got}


def test_not_at_a_company_anymore_retracts_it() -> None:
    got = {
        (c.object.name if c.object else None, c.action)
        for c in extract("Not at Netflix anymore - I'm at Hulu now").claims
    }
    assert got == {("Netflix", Action.RETRACT), ("Hulu", Action.ASSERT)}


def test_advice_reported_about_the_speaker_is_not_asserted() -> None:
    got = facts("My mom thinks I should move to Denver.")  # her belief about the speaker: no one's fact
    assert not [f for f in got if f[1] == "lives_in"]
    assert (ME, "lives_in", "Denver", "reported", "assert") in facts("My mom said I should move to Denver.")


def test_will_is_a_plan_and_the_present_with_a_date_is_firm() -> None:
    assert (ME, "has_pet", "Dana's dog", "planned", "assert") in facts("I'll adopt a dog next month.")
    assert (ME, "lives_in", "Berlin") in asserted("I'm moving to Berlin next month.")


def test_colloquial_role_words_name_one_relative() -> None:
    assert ("Dana's mom", "lives_in", "Leeds") in asserted("My mum lives in Leeds")
    assert ("Dana's mom", "lives_in", "York") in asserted("My mother lives in York")


@pytest.mark.parametrize(
    "text",
    [
        "I'm in London for a conference this week.",
        "I'm a big fan of your work",
        "We had dinner at Nando's last night.",
        "I'm at the airport now.",
        "I love you guys.",
        "I'm so tired today.",
        "I work from home most days.",
    ],
)
def test_ordinary_chat_asserts_nothing(text: str) -> None:
    # no profile fact; a dated thing done ("dinner last night") is an event, not a profile fact
    assert {p for _, p, _ in asserted(text)} <= {"knows", "family", "event"}


def test_chinese_names_in_an_english_sentence() -> None:
    got = asserted("I moved to 上海 last year and joined 字节跳动")
    assert {(ME, "lives_in", "上海"), (ME, "works_at", "字节跳动")} <= got


def test_a_pet_with_a_long_name_and_a_short_one() -> None:
    got = extract("my cat Sir Reginald, Reggie for short")
    assert (ME, "has_pet", "Sir Reginald") in asserted("my cat Sir Reginald, Reggie for short")
    assert ("Sir Reginald", "Reggie") in {(a.entity.name, a.alias) for a in got.aliases}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i live in boston now", (ME, "lives_in", "boston")),
        ("just moved to austin lol", (ME, "lives_in", "austin")),
        ("im a nurse at mercy", (ME, "job_title", "nurse")),
        ("my sister lives in denver", ("Dana's sister", "lives_in", "denver")),
    ],
)
def test_all_lower_case_chat(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


def test_all_lower_case_without_a_name_asserts_nothing() -> None:
    assert asserted("i live in a small town") == set()


def test_back_in_a_place_now_is_where_one_lives() -> None:
    (c,) = extract("Back in Ohio now").claims
    assert (c.predicate, c.object and c.object.name, c.valid_to) == ("lives_in", "Ohio", None)


@pytest.mark.parametrize("text", ["So I moved to Paris, any tips?", "I moved to Paris, do you know any good cafés?"])
def test_a_statement_before_a_question_still_counts(text: str) -> None:
    assert asserted(text) == {(ME, "lives_in", "Paris")}


def test_each_verb_takes_its_own_time() -> None:
    start, end = extract("I started at Google in 2019 and left last year.").claims
    assert (start.action, local(start.valid_from, BERLIN)) == (Action.ASSERT, "2019-01-01 00:00")
    assert (end.action, local(end.valid_from, BERLIN)) == (Action.RETRACT, "2023-01-01 00:00")


@pytest.mark.parametrize("text", ["I left.", "I left Paris last year.", "We left early.", "We left at 9."])
def test_leaving_without_a_job_named_is_no_retraction(text: str) -> None:
    assert not any(c.predicate == "works_at" for c in extract(text).claims)


def test_someone_elses_relative_is_linked_to_them() -> None:
    got = facts("Mel's sister moved to Ohio.")
    assert ("Mel", "family", "Mel's sister", "asserted", "assert") in got
    assert ("Mel's sister", "lives_in", "Ohio", "asserted", "assert") in got


def test_a_list_ends_where_a_new_clause_begins() -> None:
    assert asserted("I'm allergic to cats, so no pets for us lol") == {(ME, "allergic_to", "cats")}


def test_a_title_in_apposition() -> None:
    got = asserted("Quick intro: I'm Priya, a product designer at Lumen.")
    assert {(ME, "job_title", "product designer"), (ME, "works_at", "Lumen")} <= got


def test_getting_something_next_month_is_a_plan_but_starting_a_job_is_firm() -> None:
    assert (ME, "has_pet", "Dana's kitten", "planned", "assert") in facts("We're getting a kitten next month!")
    assert (ME, "works_at", "Initech") in asserted("I'm starting at Initech next month.")


def test_a_changed_number_far_from_its_noun() -> None:
    assert (ME, "phone", "07700 900123") in asserted("Oh wait, my number changed btw, it's 07700 900123 now")


def test_getting_ones_own_place_owns_nothing() -> None:
    assert asserted("hey! so i finally got my own place") == set()


@pytest.mark.parametrize(
    "text", ["I quit smoking last year.", "I got fired up about it", "We resigned ourselves to it"]
)
def test_quitting_a_habit_is_no_job_ending(text: str) -> None:
    assert not any(c.predicate == "works_at" for c in extract(text).claims)


def test_a_move_in_progress_without_a_date_is_a_plan() -> None:
    assert facts("I'm moving to Berlin.") == {(ME, "lives_in", "Berlin", "planned", "assert")}
    assert asserted("I'm moving to Berlin next month.") == {(ME, "lives_in", "Berlin")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Right now I speak Tamil and Gujarati, that's it.", (ME, "speaks", "Gujarati")),
        ("For now I'm in Halifax, working as a barista at Javaville.", (ME, "lives_in", "Halifax")),
        ("Omar's at Stripe now, he started there in May.", ("Omar", "works_at", "Stripe")),
        ("Omar's still in Leeds.", ("Omar", "lives_in", "Leeds")),
    ],
)
def test_sentence_openers_are_no_names(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I moved from Lyon to Nantes last month.", (ME, "lives_in", "Nantes")),
        ("Oslo is where I live now.", (ME, "lives_in", "Oslo")),
        ("I might visit Bath, but Leeds's home.", (ME, "lives_in", "Leeds")),
        ("My aunt is visiting from Cork, where she lives.", ("Dana's aunt", "lives_in", "Cork")),
        ("I'm staying put in my flat in Derby.", (ME, "lives_in", "Derby")),
        ("I live in Reno and work at a startup called Quillfeather.", (ME, "works_at", "Quillfeather")),
        ("I just started as a sous-chef at Noma.", (ME, "job_title", "sous-chef")),
        (
            "I want to run the Chicago Lakefront Marathon in October.",
            (ME, "goal", "run the Chicago Lakefront Marathon"),
        ),
        ("lately I've been really into pottery.", (ME, "likes", "pottery")),
    ],
)
def test_more_ways_of_saying_it(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


def test_moving_from_a_place_ends_it_at_the_move() -> None:
    got = {c.object.name: c for c in extract("I moved from Lyon to Nantes last month.").claims if c.object}
    assert got["Lyon"].valid_to == got["Nantes"].valid_from and got["Lyon"].valid_from is None


def test_a_past_diet() -> None:
    (c,) = extract("I was vegetarian for two years.").claims
    assert (c.predicate, c.value, local(c.valid_to, BERLIN)) == ("diet", "vegetarian", "2024-03-06 10:00")


def test_relatives_named_together_and_their_own_relatives() -> None:
    got = asserted("Six of us: my brother Kwame and his wife Ama, plus friends.")
    assert {(ME, "family", "Kwame"), ("Kwame", "partner", "Ama")} <= got
    kids = asserted("Tom and me, our kids Lily and Max, and my dad.")
    assert {(ME, "has_child", "Lily"), (ME, "has_child", "Max")} <= kids


def test_a_chinese_name_in_an_english_sentence() -> None:
    assert ("小雨", "lives_in", "San Francisco") in asserted("My wife 小雨 is still in San Francisco until June.")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Remind me to take June 9 off. It's my birthday.", "--06-09"),
        ("Can you put my birthday in my calendar so I get a reminder? It's 14 August.", "--08-14"),
    ],
)
def test_a_birthday_and_its_day_said_apart(text: str, value: str) -> None:
    assert (ME, "birthday", value) in asserted(text)


def test_a_birthday_party_is_no_birthday() -> None:
    assert asserted("My birthday party is tomorrow") == set()


def test_a_named_pet_that_died_was_a_pet_until_then() -> None:
    got = {c.action: c for c in extract("My dog Biscuit died last spring.").claims}
    assert got[Action.ASSERT].valid_to == got[Action.RETRACT].valid_from is not None


def test_a_condition_after_the_main_clause_leaves_it_asserted() -> None:
    got = asserted("By the way, I speak Swahili and French, in case you ever need something translated.")
    assert {(ME, "speaks", "Swahili"), (ME, "speaks", "French")} <= got
    assert asserted("I'd move to Tokyo if I could.") == set()


def test_a_new_number_from_a_date_ahead_holds_from_then() -> None:
    (c,) = extract("From April 2nd my new number is 555-0177.").claims
    assert (c.predicate, c.modality, local(c.valid_from, BERLIN)) == ("phone", "asserted", "2024-04-02 00:00")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Painting looks like a great outlet for expressing yourself.", set()),  # "like" the preposition
        ("It feels like home.", set()),
        ("Things like that make me happy.", set()),
        ("I'd love to support those with similar issues.", {(ME, "goal", "support those with similar issues")}),
        ("I like hiking.", {(ME, "likes", "hiking")}),
        ("We really like board games.", {(ME, "likes", "board games")}),
    ],
)
def test_like_and_love_are_preferences_only_as_verbs_and_not_as_wishes(text: str, expected: set[object]) -> None:
    assert {(s, p, o) for s, p, o in asserted(text) if p in ("likes", "goal")} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I think Marco works at Siemens.", ("Marco", "works_at", "Siemens")),
        ("I believe Lena moved to Vienna last year.", ("Lena", "lives_in", "Vienna")),
        ("I heard that Omar is a pharmacist now.", ("Omar", "job_title", "pharmacist")),
        ("I guess Lena speaks Czech.", ("Lena", "speaks", "Czech")),
        ("Lena said she moved to Vienna.", ("Lena", "lives_in", "Vienna")),  # she: the one who said it
        ("Omar told me he works at Siemens now.", ("Omar", "works_at", "Siemens")),
        ("Apparently, Omar moved to Lyon.", ("Omar", "lives_in", "Lyon")),
        ("I believe my cousin lives in Quito.", ("Dana's cousin", "lives_in", "Quito")),
        ("My dad says Marco moved to Leeds and works at Arup.", ("Marco", "works_at", "Arup")),
    ],
)
def test_what_the_speaker_thinks_heard_or_was_told_of_someone_is_theirs_reported(
    text: str, expected: tuple[str, str, str]
) -> None:
    claims = [c for c in extract(text).claims if c.predicate == expected[1]]
    assert [(c.subject.name, c.predicate, c.object.name if c.object else c.value) for c in claims] == [expected]
    assert all(c.modality == "reported" and c.confidence == 0.5 and not c.subject.speaker for c in claims)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I think I'll move to Vienna.", {(ME, "lives_in", "Vienna", "planned", "assert")}),  # a hedged plan
        ("I think I live in Graz now.", {(ME, "lives_in", "Graz", "asserted", "assert")}),  # the speaker's own
        ("My dad thinks I still work at Initech.", set()),  # his belief, maybe wrong: no one's fact
        ("Marco believes I'm a pharmacist.", set()),
        ("I don't think Marco works at Siemens.", set()),  # a denied report says nothing either way
        ("My aunt believes I live in Graz, but I live in Linz.", {(ME, "lives_in", "Linz", "asserted", "assert")}),
        ("I think Lena lives in Vienna and I live in Linz.", {("Lena", "lives_in", "Vienna", "reported", "assert"),
                                                             (ME, "lives_in", "Linz", "asserted", "assert")}),
    ],
)  # fmt: skip
def test_the_speakers_own_hedge_stays_theirs_and_a_belief_about_the_speaker_is_no_fact(
    text: str, kept: set[tuple[str, str, str, str, str]]
) -> None:
    got = {f for f in facts(text) if f[1] not in ("family", "knows")}
    assert got == kept
