#!/usr/bin/env python3
"""Search for Howell first rounds (src/results/movement/howell_tables.rs).

A Howell is its first round: moving pairs 1..m follow the pair numbered one below, stationary
pairs (m+1..2t) keep their seat, board sets move down one table (set + 1 each round, mod m).
A line works when every moving pair plays every set once (the seats' `set - seat` values are
all different mod m) and no two pairs meet twice (the differences of the seats at each table,
both signs, are all different). Among the lines found, directions are flipped for the best
balance (two pairs holding the same cards in the same direction on as equal a number of sets
as possible). Deterministic for a given seed and time budget on one machine only, so the
lines found are frozen in howell_tables.rs, and tests check them, not this script.

Usage: python3 scripts/howell_starters.py TABLES:ROUNDS:SECONDS ...   (prints Rust entries)
"""
import random, sys, time


def simulate(n, m, tabs):
    rounds = []
    for r in range(m):
        row = []
        for t in tabs:
            if t['kind'] == 'stat':
                mover = (t['q'] + r) % m + 1
                ns, ew = (t['pair'], mover) if t['stat_ns'] else (mover, t['pair'])
            else:
                ns, ew = (t['qns'] + r) % m + 1, (t['qew'] + r) % m + 1
            row.append((ns, ew, (t['b'] + r) % m))
        rounds.append(row)
    return rounds


def balance(n, m, rounds):
    d, opp = {}, {}
    for row in rounds:
        for ns, ew, b in row:
            d[(ns, b)], d[(ew, b)] = 1, -1
            opp[(ns, b)], opp[(ew, b)] = ew, ns
    vals = []
    for a in range(1, 2 * n + 1):
        for c in range(a + 1, 2 * n + 1):
            vals.append(sum(1 for b in range(m) if (a, b) in d and (c, b) in d
                            and opp[(a, b)] != c and d[(a, b)] == d[(c, b)]))
    mean = sum(vals) / len(vals)
    return sum((v - mean) ** 2 for v in vals), min(vals), max(vals)


def climb(n, m, tabs):
    def flip(t):
        if t['kind'] == 'stat':
            t['stat_ns'] = not t['stat_ns']
        else:
            t['qns'], t['qew'] = t['qew'], t['qns']
    cur = balance(n, m, simulate(n, m, tabs))[0]
    improved = True
    while improved:
        improved = False
        for i, t in enumerate(tabs):
            if i == 0:
                continue
            flip(t)
            sc = balance(n, m, simulate(n, m, tabs))[0]
            if sc < cur - 1e-9:
                cur, improved = sc, True
            else:
                flip(t)
    return cur


def dfs(n, m, s, rng, fixed, maxshare, limit=300000):
    used_q, used_v, used_b, used_d = {0}, set(), {}, set()
    tabs, nodes, shares = [], [0], [0]

    def rec(i):
        nodes[0] += 1
        if nodes[0] > limit:
            return False
        if i == n:
            return True
        stat = i < s
        bs = [fixed[i]] if fixed else list(range(m))
        if not fixed:
            rng.shuffle(bs)
        for b in bs:
            dup = used_b.get(b, 0) > 0
            if dup and shares[0] >= maxshare:
                continue
            qs = [0] if i == 0 else [q for q in range(m) if q not in used_q]
            rng.shuffle(qs)

            def push(vs, qq):
                used_b[b] = used_b.get(b, 0) + 1
                shares[0] += dup
                used_v.update(vs)
                used_q.update(qq)

            def pop(vs, qq):
                used_b[b] -= 1
                shares[0] -= dup
                used_v.difference_update(vs)
                used_q.difference_update([q for q in qq if not (i == 0 and q == 0)])
            if stat:
                for q in qs:
                    v = (b - q) % m
                    if v in used_v:
                        continue
                    push([v], [q])
                    tabs.append(dict(kind='stat', pair=2 * n - i, stat_ns=True, q=q, b=b))
                    if rec(i + 1):
                        return True
                    tabs.pop()
                    pop([v], [q])
            else:
                for a in qs:
                    va = (b - a) % m
                    if va in used_v:
                        continue
                    for c in qs:
                        if c <= a:
                            continue
                        vc = (b - c) % m
                        if vc in used_v or vc == va:
                            continue
                        d1, d2 = (a - c) % m, (c - a) % m
                        if d1 == d2 or d1 in used_d or d2 in used_d:
                            continue
                        push([va, vc], [a, c])
                        used_d.update((d1, d2))
                        tabs.append(dict(kind='mov', qns=a, qew=c, b=b))
                        if rec(i + 1):
                            return True
                        tabs.pop()
                        pop([va, vc], [a, c])
                        used_d.difference_update((d1, d2))
        return False
    return tabs if rec(0) else None


def search(n, m, budget, seed):
    s = 2 * n - m
    consecutive = s == 1 and n % 2 == 1
    for maxshare in range(0, n):
        rng, best, t0, tries = random.Random(seed), None, time.time(), 0
        while time.time() - t0 < budget:
            tries += 1
            fixed = None
            if consecutive and maxshare == 0:
                k = rng.randrange(n)
                rest = [b for b in range(n) if b != k]
                rng.shuffle(rest)
                fixed = [k] + rest
            t = dfs(n, m, s, rng, fixed, maxshare)
            if t is None:
                if tries > 30 and best is None:
                    break
                continue
            sc = climb(n, m, t)
            if best is None or sc < best[0]:
                best = (sc, [dict(x) for x in t])
            if sc == 0:
                break
        if best:
            return best
    return None


def norm(n, m, rows):
    """Sets renamed so the longest run not in play comes last; tables in board order."""
    used = {s for _, _, s in rows}
    best = (-1, None)
    for start in range(1, m + 1):
        if start in used:
            continue
        k = 0
        while k < m and ((start - 1 + k) % m) + 1 not in used:
            k += 1
        if k > best[0]:
            best = (k, start)
    shift = min(used) - 1 if best[1] is None else (best[1] - 1 + best[0]) % m
    out = [(a, b, (s - 1 - shift) % m + 1) for a, b, s in rows]
    return sorted(out, key=lambda x: (x[2], 0 if 2 * n in x[:2] else 1))


if __name__ == '__main__':
    for arg in sys.argv[1:]:
        n, m, budget = arg.split(':')
        n, m, budget = int(n), int(m), float(budget)
        best = search(n, m, budget, 7)
        if best is None:
            print(f'// {n} tables, {m} rounds: none found')
            continue
        r = simulate(n, m, best[1])
        rows = norm(n, m, [(ns, ew, b + 1) for ns, ew, b in r[0]])
        bal = balance(n, m, r)
        rs = ', '.join(f'({a}, {b}, {s})' for a, b, s in rows)
        print(f'    // balance {bal[1]}-{bal[2]}')
        print(f'    Starter {{\n        tables: {n},\n        rounds: {m},\n'
              f'        first_round: &[{rs}],\n        source: None,\n    }},')
