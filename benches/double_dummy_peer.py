# The peer of `cargo bench --bench double_dummy`: endplay (PyPI; DDS 2.9 inside) solves the
# same deals as tdlog's `bridge::double_dummy`, timed inside this process after one warm-up
# solve (interpreter start-up and imports are not timed, as tdlog's own times leave out
# process start-up).
#   python benches/double_dummy_peer.py DEALS.json OUT.json
# DEALS.json: {"one": PBN, "set": [[PBN, VUL], ...]}; VUL is none, ns, ew or both.
# OUT.json: the DD tables of the set (declarer N, E, S, W x C, D, H, S, NT), the par of each,
# and the times in ms: one deal's table, the set's tables + par one by one, the set in a batch.
# endplay is installed into a venv under target/ by benches/double_dummy.sh, never by the tests.
import json
import sys
import time

from endplay.dds import calc_all_tables, calc_dd_table, par
from endplay.types import Deal, Player, Vul

VUL = {"none": Vul.none, "ns": Vul.ns, "ew": Vul.ew, "both": Vul.both}

deals_path, out_path = sys.argv[1], sys.argv[2]
spec = json.load(open(deals_path))
one = Deal(spec["one"])
deals = [(Deal(d), VUL[v]) for d, v in spec["set"]]

calc_dd_table(one)  # warm-up: the solver's threads and tables exist before anything is timed

t = time.perf_counter()
calc_dd_table(one)
one_ms = (time.perf_counter() - t) * 1000

t = time.perf_counter()
tables = []
pars = []
for d, v in deals:
    table = calc_dd_table(d)
    pars.append(par(table, v, Player.north).score)
    tables.append(table)
set_ms = (time.perf_counter() - t) * 1000

t = time.perf_counter()
calc_all_tables([d for d, _ in deals])
batch_ms = (time.perf_counter() - t) * 1000

# to_list() is [denomination S, H, D, C, NT (DDS's order)][player N, E, S, W]; written per
# declarer N, E, S, W with C, D, H, S, NT as tdlog's Strain::ALL.
ORDER = [3, 2, 1, 0, 4]
out = {
    "tables": [[[tb.to_list()[ORDER[s]][p] for s in range(5)] for p in range(4)] for tb in tables],
    "pars": pars,
    "one_ms": one_ms,
    "set_ms": set_ms,
    "batch_ms": batch_ms,
}
json.dump(out, open(out_path, "w"))
