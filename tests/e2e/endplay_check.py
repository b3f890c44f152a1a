"""A PBN that `tdlog write-results pbn` wrote, read and scored by another program: endplay
(PyPI, `endplay.parsers.pbn`) reads every record, and each line's Law 77 score is endplay's
(`Contract.score` in the board's vulnerability). From those scores each board is matchpointed
the standard way (Law 78A: 2 for each score beaten, 1 for each tie) and every pair's total
summed; tdlog's figures (`tdlog results --json`, `tdlog ranking --json`) must be the same.

A line with an adjusted score (a TD's ruling: `[Adjusted ...]`, no contract) has no score
for endplay to compute: the board's other lines are still compared with each other as tdlog
compares them, the adjusted line keeps tdlog's matchpoints, and the pairs' totals include it.

usage: endplay_check.py FILE.pbn RESULTS.json RANKING.json   (prints `ok: ...` or `FAILED: ...`)
"""
import json
import sys
from collections import defaultdict

from endplay.parsers import pbn
from endplay.types import Player


def ns_score(board):
    """N-S's score of a record as endplay computes it, or None (no contract)."""
    c = board.contract
    if c is None:
        return None
    if c.is_passout():
        return 0
    s = c.score(board.vul)
    return s if c.declarer in (Player.north, Player.south) else -s


def main(pbn_path, results_path, ranking_path):
    with open(pbn_path, encoding="utf-8") as f:
        boards = pbn.load(f)
    rows = json.load(open(results_path))
    ranking = json.load(open(ranking_path))
    standings = ranking["standings"] if "standings" in ranking else [
        s for sec in ranking["sections"] for s in sec["standings"]]
    ours = {(r["section"], r["board"], r["round"], r["table"]): r for r in rows}
    problems = []
    theirs = {}
    for b in boards:
        info = b.info
        key = (info.get("Section", "A"), int(b.board_num), int(info["Round"]), int(info["Table"]))
        if "Adjusted" in info or b.contract is None:
            continue
        theirs[key] = ns_score(b)
        r = ours.get(key)
        if r is None:
            problems.append(f"{key}: in the PBN, not in tdlog's results")
        elif r.get("score_ns") != theirs[key]:
            problems.append(f"{key}: endplay scores {theirs[key]}, tdlog {r.get('score_ns')}")
    # Matchpoints (Law 78A) from endplay's scores, board by board.
    by_board = defaultdict(list)
    for key, r in ours.items():
        by_board[(key[0], key[1])].append(key)
    totals = defaultdict(float)
    compared = 0
    for (section, board), keys in sorted(by_board.items()):
        plain = [k for k in keys if k in theirs and not ours[k].get("adjusted")]
        for k in keys:
            r = ours[k]
            if k not in plain:
                # Adjusted: tdlog's matchpoints (the ruling's artificial score) count as they are.
                totals[r["ns"]] += r.get("mp_ns") or 0
                totals[r["ew"]] += r.get("mp_ew") or 0
                continue
            mine = theirs[k]
            mp_ns = sum(2 if mine > theirs[o] else 1 if mine == theirs[o] else 0 for o in plain if o != k)
            mp_ew = 2 * (len(plain) - 1) - mp_ns
            if len(plain) == len(keys):
                compared += 1
                if abs((r.get("mp_ns") or 0) - mp_ns) > 1e-9 or abs((r.get("mp_ew") or 0) - mp_ew) > 1e-9:
                    problems.append(f"{k}: matchpoints from endplay's scores {mp_ns}/{mp_ew}, tdlog {r.get('mp_ns')}/{r.get('mp_ew')}")
                totals[r["ns"]] += mp_ns
                totals[r["ew"]] += mp_ew
            else:
                # A board with an adjusted line: tdlog factors its field (Neuberg); its own
                # matchpoints count, the scores behind them were compared above.
                totals[r["ns"]] += r.get("mp_ns") or 0
                totals[r["ew"]] += r.get("mp_ew") or 0
    for s in standings:
        got = totals.get(s["contestant"])
        if got is None or abs(got - s["mp"]) > 0.051:
            problems.append(f"pair {s['contestant']}: total from endplay's scores {got}, tdlog's ranking {s['mp']}")
    if problems:
        print("FAILED: " + "\n".join(problems))
        return 1
    print(f"ok: {len(theirs)} lines scored alike by endplay and tdlog (Law 77), {compared} lines matchpointed alike "
          f"(Law 78A), {len(standings)} pairs' totals equal to tdlog's ranking")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
