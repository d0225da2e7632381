"""Hekla's balance study (issue 14): thousands of bot games per player count, their
figures as a table and as pictures for docs/hekla.md.

    .venv/bin/pip install -e '.[plots]'
    .venv/bin/python benchmarks/hekla_balance.py --games 2000 --random-games 500 \
        --json output/hekla-balance.json --plot docs/images/hekla-balance.png
    .venv/bin/python benchmarks/hekla_balance.py --from output/hekla-balance.json --plot ...   # redraw only

Every game depends only on its seed (game i of a study uses seed + i), so the same
arguments give the same figures and the same pictures.  Three studies:

* ``greedy``: every seat plays the greedy bot (the turn that gains most now), 2, 3
  and 4 players on the edition's board (HG1 5 x 5, HG2 hot b2 d2 c4);
* ``random``: every seat plays at random, the baseline;
* variants, greedy with two players: no hot fields, and a 6 x 6 area with the
  same hot fields, to see what HG1 and HG2 do;
* ``search`` (issue 29; ``--study search``, alone, since its games cost seconds, not
  milliseconds): every seat plays the search bot (its turn against every eruption of
  the next player's), ``--search-games`` games for each of ``--players``:

      nice -n 15 .venv/bin/python benchmarks/hekla_balance.py --study search --players 3 \
          --search-games 100 --seed 0 --json output/hekla-balance-search-3p.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.hekla import play, rules
from sectionx.games.hekla.rules import Board

VARIANTS: dict[str, Board] = {"edition": Board(), "no hot fields": Board(hot=frozenset()),
                              "6 x 6": Board(width=6, height=6)}


def one_game(players: int, bot: str, seed: int, board: Board) -> dict[str, Any]:
    """One game's figures (:class:`sectionx.games.hekla.play.Game`), as JSON."""
    g = play.play_game(players, (bot,), seed, board)
    return {"players": players, "bot": bot, "seed": seed, "turns": g.turns, "ended_by": g.ended_by,
            "track": list(g.track), "winners": [rules.SEATS.index(p) for p in g.winners], "long_moves": g.long_moves,
            "multi_eruptions": g.multi_eruptions, "eruptions": len(g.middles), "hot_eruptions": g.hot_eruptions,
            "middles": dict(Counter(g.middles)), "outer_at": g.outer_at}


def study(games: int, random_games: int, variant_games: int, seed: int) -> dict[str, list[dict[str, Any]]]:
    runs: dict[str, list[dict[str, Any]]] = {}
    plan = [(f"greedy {n}p", n, "greedy", games, "edition") for n in (2, 3, 4)]
    plan += [(f"random {n}p", n, "random", random_games, "edition") for n in (2, 3, 4)]
    plan += [(f"greedy 2p, {v}", 2, "greedy", variant_games, v) for v in VARIANTS if v != "edition"]
    for name, players, bot, count, variant in plan:
        started = time.perf_counter()
        runs[name] = [one_game(players, bot, seed + i, VARIANTS[variant]) for i in range(count)]
        print(f"{name}: {count} games in {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return runs


def search_study(games: int, players: list[int], seed: int) -> dict[str, list[dict[str, Any]]]:
    """Every seat the search bot, on the edition's board (HG1, HG2)."""
    runs: dict[str, list[dict[str, Any]]] = {}
    for n in players:
        started = time.process_time()
        runs[f"search {n}p"] = [one_game(n, "search", seed + i, VARIANTS["edition"]) for i in range(games)]
        print(f"search {n}p: {games} games in {time.process_time() - started:.0f} CPU s", file=sys.stderr, flush=True)
    return runs


def summary(games: list[dict[str, Any]], lap: int = 24) -> dict[str, Any]:
    players = games[0]["players"]
    wins = [0.0] * players
    for g in games:
        for s in g["winners"]:
            wins[s] += 1 / len(g["winners"])  # a shared win is split between its winners
    lengths = [g["turns"] for g in games]
    leaders = [max(g["track"]) for g in games]
    eruptions = sum(g["eruptions"] for g in games)
    return {"games": len(games), "win_share_by_seat": [round(w / len(games), 3) for w in wins],
            "shared": sum(len(g["winners"]) > 1 for g in games), "ended_by_H9": sum(g["ended_by"] == "H9" for g in games),
            "turns_median": statistics.median(lengths), "rounds_median": statistics.median(lengths) / players,
            "leader_median": statistics.median(leaders), "leader_max": max(leaders),
            "leader_reached_outer": round(sum(v >= lap for v in leaders) / len(games), 3),
            "long_moves_per_game": round(sum(g["long_moves"] for g in games) / len(games), 2),
            "multi_eruption_turns_per_game": round(sum(g["multi_eruptions"] for g in games) / len(games), 2),
            "eruptions_per_game": round(eruptions / len(games), 2),
            "hot_share_of_eruptions": round(sum(g["hot_eruptions"] for g in games) / max(1, eruptions), 3)}


def plot(runs: dict[str, list[dict[str, Any]]], out: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 3, figsize=(13, 7.5))
    colours = {2: "#c0392b", 3: "#2e8b57", 4: "#2f6fb3"}
    seats = ("red", "green", "yellow", "blue")
    # 1. win share by seat, greedy
    ax = axes[0][0]
    for n in (2, 3, 4):
        s = summary(runs[f"greedy {n}p"])["win_share_by_seat"]
        ax.plot(range(1, n + 1), s, "o-", color=colours[n], label=f"{n} players")
        ax.axhline(1 / n, color=colours[n], linestyle=":", linewidth=1)
    ax.set_xticks(range(1, 5))
    ax.set_xticklabels([f"{i + 1}\n{seats[i]}" for i in range(4)], fontsize=8)
    ax.set_title("win share by seat (greedy; dotted: fair share)", fontsize=10)
    ax.legend(fontsize=8)
    # 2. game length in rounds
    ax = axes[0][1]
    for n in (2, 3, 4):
        ax.hist([g["turns"] / n for g in runs[f"greedy {n}p"]], bins=range(0, 80, 2), histtype="step",
                color=colours[n], label=f"{n} players", linewidth=1.5)
    ax.set_title("game length, rounds (greedy)", fontsize=10)
    ax.set_xlabel("rounds (every player one turn)", fontsize=8)
    ax.legend(fontsize=8)
    # 3. how far the leader gets
    ax = axes[0][2]
    for n in (2, 3, 4):
        ax.hist([max(g["track"]) for g in runs[f"greedy {n}p"]], bins=range(0, 120, 3), histtype="step",
                color=colours[n], label=f"{n} players", linewidth=1.5)
    ax.axvline(24, color="black", linestyle="--", linewidth=1)
    ax.text(25, ax.get_ylim()[1] * 0.9, "outer ring\n(after 24)", fontsize=8)
    ax.axvline(24 + 32, color="grey", linestyle=":", linewidth=1)
    ax.text(57, ax.get_ylim()[1] * 0.75, "2nd lap\nof it", fontsize=8, color="grey")
    ax.set_title("the winner's track fields at the end (greedy)", fontsize=10)
    ax.legend(fontsize=8)
    # 4. long moves and multiple eruptions per game
    ax = axes[1][0]
    labels, longs, multis = [], [], []
    for bot in ("greedy", "random"):
        for n in (2, 3, 4):
            s = summary(runs[f"{bot} {n}p"])
            labels.append(f"{bot}\n{n}p")
            longs.append(s["long_moves_per_game"])
            multis.append(s["multi_eruption_turns_per_game"])
    xs = range(len(labels))
    ax.bar([x - 0.2 for x in xs], longs, width=0.4, color="#888888", label="long moves (H3)")
    ax.bar([x + 0.2 for x in xs], multis, width=0.4, color="#e08a00", label="turns with 2+ eruptions (H5)")
    ax.set_xticks(list(xs))
    ax.set_xticklabels(labels, fontsize=8)
    ax.set_yscale("log")
    ax.set_title("per game (log scale)", fontsize=10)
    ax.legend(fontsize=8)
    # 5. where lava lands (greedy, all player counts)
    ax = axes[1][1]
    grid = [[0] * 5 for _ in range(5)]
    for n in (2, 3, 4):
        for g in runs[f"greedy {n}p"]:
            for name, k in g["middles"].items():
                grid[int(name[1:]) - 1][ord(name[0]) - ord("a")] += k
    total = sum(map(sum, grid))
    image = ax.imshow([[v / total * 100 for v in row] for row in grid], origin="lower", cmap="Oranges")
    for r in range(5):
        for c in range(5):
            hot = (c, r) in Board().hot
            ax.text(c, r, f"{grid[r][c] / total * 100:.1f}" + ("\nhot" if hot else ""), ha="center", va="center",
                    fontsize=8, fontweight="bold" if hot else "normal")
    ax.set_xticks(range(5))
    ax.set_xticklabels(list("abcde"))
    ax.set_yticks(range(5))
    ax.set_yticklabels(range(1, 6))
    ax.set_title("where lava lands, % of eruptions (greedy)", fontsize=10)
    fig.colorbar(image, ax=ax, fraction=0.046)
    # 6. variants of HG1-HG2, two players greedy
    ax = axes[1][2]
    names = ["greedy 2p"] + [k for k in runs if k.startswith("greedy 2p,")]
    present = [k for k in names if k in runs]
    figures = [summary(runs[k]) for k in present]
    xs = range(len(present))
    ax.bar([x - 0.2 for x in xs], [f["rounds_median"] for f in figures], width=0.4, color="#2f6fb3",
           label="median rounds")
    ax.bar([x + 0.2 for x in xs], [f["leader_median"] for f in figures], width=0.4, color="#c0392b",
           label="median winner's fields")
    ax.set_xticks(list(xs))
    ax.set_xticklabels(["edition\n5x5, hot b2 d2 c4" if k == "greedy 2p" else k.split(", ", 1)[1] for k in present],
                       fontsize=8)
    ax.set_title("two players (greedy): board variants", fontsize=10)
    ax.legend(fontsize=8)
    fig.suptitle("Hekla balance study: " + ", ".join(f"{k}: {len(v)}" for k, v in runs.items() if "," not in k)
                 + " games", fontsize=10)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=90, metadata={"Software": None})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="greedy games per player count")
    ap.add_argument("--random-games", type=int, default=500, help="random games per player count")
    ap.add_argument("--variant-games", type=int, default=1000, help="greedy 2-player games per board variant")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--study", choices=("bots", "search"), default="bots",
                    help="bots: greedy, random and the variants (the default); search: the search bot alone")
    ap.add_argument("--search-games", type=int, default=100, help="search games per player count (--study search)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=(2, 3, 4),
                    help="player counts of --study search")
    ap.add_argument("--json", type=Path, help="write every game's figures here")
    ap.add_argument("--from", dest="source", type=Path, help="read the games from this file instead of playing")
    ap.add_argument("--plot", type=Path, help="draw the pictures here (PNG)")
    args = ap.parse_args()
    if args.plot and args.study == "search":
        print("hekla_balance: --plot draws the bots study (greedy and random), not --study search", file=sys.stderr)
        return 2
    if args.source:
        runs = json.loads(args.source.read_text())
    elif args.study == "search":
        runs = search_study(args.search_games, args.players, args.seed)
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(runs))
    else:
        runs = study(args.games, args.random_games, args.variant_games, args.seed)
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(runs))
    for name, games in runs.items():
        print(name, json.dumps(summary(games, len(VARIANTS["6 x 6" if "6 x 6" in name else "edition"].inner))))
    if args.plot:
        plot(runs, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
