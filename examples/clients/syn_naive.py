"""A naive Screw Your Neighbour program (pagat.com's Cuckoo, S1-S6) that speaks the trace protocol.

    cucu-conformance run --preset screw-your-neighbour --defaults -- python examples/clients/syn_naive.py

It reads one trace per line on standard input (cucu-trace/1 without its outcome), plays the
deal with its own few rules and answers with its outcome on standard output.  It models the
preset's own readings only; under options it skips the vector.
"""

import json
import sys

FACES = {"A": 1, "J": 11, "Q": 12, "K": 13}


def rank(card):
    card = card.rstrip("♠♥♦♣")
    return FACES.get(card) or int(card)


def play_row(t):
    """A deal, and the deals after it ('then'), each from the lives and dealer the one before left."""
    if t["ruleset"] != "screw-your-neighbour":
        return {"skip": "this program plays screw-your-neighbour under its own readings only"}
    lives, dealer = [seat["marks"] for seat in t["seats"]], t["dealer"]
    for deal in [t] + t.get("then", []):
        outcome = play(deal, lives, dealer)
        if "illegal" in outcome or outcome["next_dealer"] is None:
            return outcome
        lives, dealer = [m + d for m, d in zip(lives, outcome["net"])], outcome["next_dealer"]
    return outcome


def play(t, lives, dealer):
    n = len(lives)
    order = [(dealer + k) % n for k in range(1, n + 1) if lives[(dealer + k) % n] > 0]  # the dealer last
    hand = {s: c for s, c in enumerate(t["deal"]["cards"]) if c is not None}
    stock = list(t["deal"]["rest"])
    turn = 0
    for step, d in enumerate(t["decisions"]):
        seat, what = d["seat"], d["decision"]
        allowed = ("keep", "exchange-with-stack") if seat == dealer else ("keep", "offer")
        if turn >= len(order) or seat != order[turn] or what not in allowed:
            return {"illegal": {"step": step}}
        if what == "offer" and rank(hand[order[turn + 1]]) != 13:  # S3: a king refuses
            hand[seat], hand[order[turn + 1]] = hand[order[turn + 1]], hand[seat]
        if what == "exchange-with-stack" and rank(stock[0]) != 13:  # S4: a king cut from the stock goes back
            hand[seat], stock[0] = stock[0], hand[seat]
        turn += 1  # S2: each player has one turn, a king's holder too  # noqa: SIM113
    low = min(rank(hand[s]) for s in order)
    net = [-1 if s in order and rank(hand[s]) == low else 0 for s in range(n)]  # S5: all tied lowest lose
    lives = [m + d for m, d in zip(lives, net)]
    alive = [s for s in range(n) if lives[s] > 0]
    if not alive:  # S6: the last players out together are joint winners
        winner, nxt = sorted(order) if len(order) > 1 else order[0], None
    elif len(alive) == 1:
        winner, nxt = alive[0], None
    else:
        winner, nxt = None, next((dealer + k) % n for k in range(1, n + 1) if lives[(dealer + k) % n] > 0)
    return {"net": net, "out": [s for s in range(n) if lives[s] == 0], "hands": [hand.get(s) for s in range(n)],
            "next_dealer": nxt, "winner": winner}


for line in sys.stdin:
    if line.strip():
        trace = json.loads(line)
        answer = play_row(trace)
        key = "skip" if "skip" in answer else "outcome"
        print(json.dumps({"id": trace.get("id"), key: answer.get("skip", answer)}), flush=True)
