"""The vectors' labels are true (issue 25, §3): implementers select by them.  Each tag is
checked against a replay of the vector, independently of the generator where it can be."""

from __future__ import annotations

from cucu_ref.formats.match import replay_row
from cucu_ref.formats.trace import outcome_json, parse, replay
from cucu_ref.game.rulesets import OPTIONS
from cucu_ref.services.conformance.generate import features
from cucu_ref.services.conformance.vectors import load

VECTORS = [v for v in load() if not v.illegal]
# every deal of each vector, played: one, or the deals of a row ('then'), whose labels are all of theirs
DEALS = {}
for _v in VECTORS:
    if "then" in _v.doc:
        DEALS[_v.id] = replay_row({k: x for k, x in _v.doc.items() if k not in ("outcome", "vector")}).deals
    else:
        _trace, _ = parse(_v.doc)
        DEALS[_v.id] = [(_trace, replay(_trace))]
REPLAYS = {vid: deals[0] for vid, deals in DEALS.items()}


def _events(v):
    return [(trace, e) for trace, rep in DEALS[v.id] for e in rep.events]


def _role(trace, card):
    return trace.rules.role_of.get(card.value)


def test_at_dealer_means_the_dealer_of_this_deal():
    # issue 25: 28 of 55 vectors tagged at-dealer had no arresto at the deal's dealer (the next
    # deal's was compared); an arresto at the dealer is one whose holder is the trace's 'dealer'
    tagged = 0
    for v in VECTORS:
        for f in v.features:
            if f.startswith("arresto:") and f.endswith(":at-dealer"):
                tagged += 1
                role = f.split(":")[1]
                assert any(e.kind == "arresto" and e.seat == trace.dealer and _role(trace, e.card) == role
                           for trace, e in _events(v)), (v.id, f)
    assert tagged >= 10


def test_no_cuckoo_at_the_dealer_in_coucou():
    # F4: the last player exchanges with the talon, not the dealer: no request reaches him
    assert not [v.id for v in VECTORS if v.preset == "coucou" and not v.options
                and any("at-dealer" in f for f in v.features)]


def test_a_skip_onto_the_dealer_is_a_skip_then_an_exchange_with_him():
    for v in VECTORS:
        if "exchange:after-skip:at-dealer" not in v.features:
            continue
        met = []
        for trace, rep in DEALS[v.id]:
            events = [e for e in rep.events if e.kind != "deal"]
            met += [a for a, b in zip(events, events[1:])
                    if a.kind == "skip" and b.kind == "exchange" and b.other == trace.dealer and b.seat == a.other]
        assert met, v.id


def test_every_event_tag_names_an_event_of_the_deal():
    for v in VECTORS:
        events = {(e.kind, e.rule) for _, e in _events(v)}
        for f in v.features:
            if f.startswith("event:"):
                _, kind, rule = f.split(":")
                assert (kind, rule) in events, (v.id, f)


def test_an_inn_rule_only_where_the_deal_has_an_inn():
    # issue 25: K14 was listed for 97 vectors without an inn (the source of Q2's reading 'never')
    for v in VECTORS:
        if "K14" in v.rules and not v.hand_checked:
            assert any(e.rule == "K14" for _, e in _events(v)), v.id
        if "Z7" in v.rules:
            assert v.preset == "zeh-1769" or any(e.rule == "Z7" for _, e in _events(v)), v.id


def test_features_and_rules_are_what_the_deal_did():
    for v in VECTORS:
        if v.hand_checked:
            continue
        feats, cited = set(), set()
        for trace, rep in DEALS[v.id]:  # a row's labels are every deal's
            more_feats, more_rules = features(trace, rep.events, rep.final)
            feats |= more_feats
            cited |= more_rules
        extra = {f for f in v.features if f.startswith(("pack:", "illegal:", "row:", "seating:"))}
        assert set(v.features) - extra == feats, v.id
        drawn = {"Q15"} if "seating" in v.doc else set()  # the seating draw's, before any deal (K2)
        assert set(v.rules) - {"L5"} - drawn <= cited, (v.id, sorted(set(v.rules) - cited))


def test_each_reading_listed_decides_and_its_sources_are_listed_apart():
    for v in VECTORS:
        if "then" in v.doc:
            assert v.readings == {}, v.id  # deals in a row: no reading is looked for
            continue
        trace, rep = REPLAYS[v.id]
        mine = outcome_json(trace, rep.outcome)
        sources = set()
        for name, value in v.readings.items():
            spec = OPTIONS[name]
            assert getattr(trace.rules, name) == value, (v.id, name)
            sources |= {spec.settles, next(r.source for r in spec.readings if r.value == value)}
            if name == "without_fools" or f"-{name}={value}-" not in v.id:
                continue  # replayed for the reading a vector is made for (the pack's: by its cards, L5)
            others = [r.value for r in spec.readings if r.value != value]
            assert any(_outcome(trace, name, o) != mine for o in others), (v.id, name)
        assert set(v.doc["vector"].get("reading_sources", ())) <= sources, v.id


def test_a_row_names_the_deals_it_plays_and_passes_the_deal_on():
    # K2 (D2): after each deal the next seat still in deals; a row's features say how many deals
    # and whether the deal passed over a seat whose player went out
    rows = [v for v in VECTORS if "then" in v.doc]
    assert {v.preset for v in rows} == {v.preset for v in VECTORS}
    for v in rows:
        row = replay_row({k: x for k, x in v.doc.items() if k not in ("outcome", "vector")})
        assert row.problem is None and len(row.deals) == len(v.doc["then"]) + 1, v.id
        assert f"row:{min(len(row.deals), 3)}-deals" in v.features, v.id
        passes = [(a.dealer, b.dealer) for (a, _), (b, _) in zip(row.deals, row.deals[1:])]
        assert any(x != y for x, y in passes) == ("row:dealer-passes" in v.features), v.id
        if "row:dealer-passes-over-out" in v.features:
            assert any(next_seat_out(a, rep) for a, rep in row.deals[:-1]), v.id


def next_seat_out(trace, rep):
    n = len(trace.names)
    skipped = (trace.dealer + 1) % n
    return rep.final.marks[skipped] == 0 and rep.final.dealer != skipped


def _outcome(trace, name, value):
    try:
        return outcome_json(trace, replay(trace, trace.rules.with_options({name: value})).outcome)
    except ValueError as err:
        return str(err)


def test_the_seating_draw_seats_the_players_and_its_fool_decides():
    # K2: «20 Karten aus den 40, so dass jede Karte nur einmal vorkommt»; the highest deals and the
    # others sit in descending order to his right.  Q15: the fool of the draw is the lowest (C3's
    # single fool) or 14½; each reading has its vector, and under the other one the same draw
    # seats the table otherwise (another dealer), so a program that reads Q15 otherwise fails it.
    seating = [v for v in VECTORS if "seating" in v.doc]
    assert {v.options.get("seating_fool", "lowest") for v in seating} == set(OPTIONS["seating_fool"].values())
    for v in seating:
        assert {"seating:draw", "seating:fool", "row:2-deals"} <= set(v.features) and "Q15" in v.rules, v.id
        drawn = v.doc["seating"]["drawn"]
        assert "matto" in drawn and not {"XV", "XIIII"} & set(drawn), v.id  # the fool's rank decides the dealer
        trace, _ = DEALS[v.id][0]
        fool = drawn.index("matto")
        # under 14½ the fool's holder deals; as the lowest he sits on the dealer's left (the last to
        # his right, just before the dealer in play order)
        if v.options.get("seating_fool") == "fourteen-and-a-half":
            assert trace.client[trace.dealer] == fool, v.id
        else:
            assert trace.client[trace.dealer] == drawn.index("XII") and trace.client[trace.dealer - 1] == fool
        other = next(r for r in OPTIONS["seating_fool"].values() if r != v.options.get("seating_fool", "lowest"))
        doc = {k: x for k, x in v.doc.items() if k not in ("outcome", "vector")}
        doc["ruleset"] = {"preset": v.preset, "options": {"seating_fool": other}}
        moved, _ = parse({k: x for k, x in doc.items() if k != "then"})
        assert moved is not None and moved.client[moved.dealer] != trace.client[trace.dealer], v.id
