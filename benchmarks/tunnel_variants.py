"""Der Tunnel's variant study (issue 27, part 5): does a variant stop the cutthroat token,
and what does it cost the tunnel?

    .venv/bin/pip install -e '.[plots]'
    nice .venv/bin/python benchmarks/tunnel_variants.py --games 300 --seed 20271127 \\
        --summary docs/images/tunnel-variants.json --plot docs/images/tunnel-variants.png
    .venv/bin/python benchmarks/tunnel_variants.py --from docs/images/tunnel-variants.json --plot ...  # redraw

For 2 to 5 players and every configuration (no variant, TV1, TV2, TV3, TV4, each with the
token counts 3/2 and 2/1 of TU8 where they differ: 2/1 gives other supplies only with 2
and 3 players, and TV3's common pairs ignore the count), ``--games`` games of two mixes:

* ``greedy``: every seat plays the greedy bot;
* ``cutthroat``: one seat plays the cutthroat bot, the others greedy.

Game i of every cell uses seed ``--seed + i`` (the same stack of tiles in every cell) and
names seat ``i mod players`` as its *seat*: the cutthroat's seat in the cutthroat mix, a
greedy seat in the greedy mix.  The two mixes are thus paired game by game: the same
tiles, the same seat, only that seat's bot differs, and the differences (the seat's win
share and score, the others' scores) are measured per pair with a 95 % interval of their
mean (1.96 standard errors).

Definitions (docs/tunnel.md, The variant study): a *half-claimed* opening holds a token
whose set's partner is not on the board; a road holding one cannot complete (TU3).  A
follower is *trapped at the end* when it stands, after the last tile and before the
end's scoring, on a road holding a half-claimed opening; a *victim* is a trapped follower
of a player who owns none of the sets half-claimed on that road.  *Points lost* by the
victims: the mean score of the other seats in the cutthroat game less theirs in the
paired greedy game.  A *trap* is a set's first token laid on a road holding more
followers of other players than of the player laying it.

Every game depends only on its unit (players, configuration, mix, seed, seat), so the
figures are the same for any ``--workers`` or ``--scheduler``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.tunnel import play
from sectionx.workers import run_units

VARIANTS = ("none", "TV1", "TV2", "TV3", "TV4")
MIXES = ("greedy", "cutthroat")


@dataclass(frozen=True)
class Unit:
    """One game of the study: everything that decides it."""

    players: int
    variant: str
    tokens: str
    mix: str
    seed: int
    seat: int


def configs(players: list[int]) -> list[tuple[int, str, str]]:
    """(players, variant, tokens) of every cell, 3/2 first; 2/1 only where it differs."""
    found = []
    for n in players:
        for tokens in ("3/2", "2/1"):
            if tokens == "2/1" and n > 3:
                continue  # TU8: one set each with 4 or 5 players, whichever count
            for v in VARIANTS:
                if tokens == "2/1" and v == "TV3":
                    continue  # TV3: a common supply of six pairs, whichever count
                found.append((n, v, tokens))
    return found


def cell_name(players: int, variant: str, tokens: str, mix: str) -> str:
    return f"{players}p {variant} {tokens} {mix}"


def one_game(unit: Unit) -> dict[str, Any]:
    """Play one game of the study and return its figures (JSON)."""
    n = unit.players
    bots = tuple("cutthroat" if unit.mix == "cutthroat" and s == unit.seat else "greedy" for s in range(n))
    variants = frozenset() if unit.variant == "none" else frozenset({unit.variant})
    g = play.play_game(n, bots, unit.seed, tokens=unit.tokens, variants=variants)
    roads = play.trapped_roads(g.final)
    tokens_laid = sum(len(laid) for laid in g.final.placed.values())
    return {"seed": unit.seed, "seat": unit.seat, "totals": g.totals, "winners": list(g.winners), "turns": g.turns,
            "out": len(g.final.out), "tunnels": g.tunnels, "tokens": tokens_laid,
            "tunnel_points": sum(s.points * len(s.seats) for s in g.scored if s.rule == "TU7"),
            "traps": sum(g.traps), "seat_traps": g.traps[unit.seat], "thefts": sum(g.thefts),
            "trapped": sum(sum(r.followers) for r in roads), "victims": sum(r.victims for r in roads),
            "trapped_points": sum(r.tiles for r in roads if any(r.followers)), "held": sum(g.held)}


def units(cells: list[tuple[int, str, str]], games: int, seed: int) -> Iterator[Unit]:
    for n, v, tokens in cells:
        for mix in MIXES:
            for i in range(games):
                yield Unit(n, v, tokens, mix, seed + i, i % n)


# ------------------------------------------------------------------------ figures


def mean_ci(values: list[float]) -> dict[str, float]:
    """The mean and the half-width of its 95 % interval (1.96 standard errors)."""
    m = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": round(m, 4), "ci": round(half, 4)}


def share(game: dict[str, Any], seat: int) -> float:
    """The seat's share of the win (CB10: a shared win split between the winners)."""
    return 1 / len(game["winners"]) if seat in game["winners"] else 0.0


def summarise(runs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Every cell's figures, and for each configuration the paired differences between
    its cutthroat and greedy mixes."""
    cells: dict[str, Any] = {}
    for name, games in runs.items():
        n = len(games[0]["totals"])
        cells[name] = {
            "games": len(games),
            "seat_win_share": mean_ci([share(g, g["seat"]) for g in games]),
            "seat_score": mean_ci([g["totals"][g["seat"]] for g in games]),
            "others_score": mean_ci([(sum(g["totals"]) - g["totals"][g["seat"]]) / (n - 1) for g in games]),
            "trapped": mean_ci([g["trapped"] for g in games]),
            "victims": mean_ci([g["victims"] for g in games]),
            "games_with_victims": round(sum(g["victims"] > 0 for g in games) / len(games), 4),
            "trapped_points": mean_ci([g["trapped_points"] for g in games]),
            "held": mean_ci([g["held"] for g in games]),
            "traps": mean_ci([g["traps"] for g in games]),
            "seat_traps": mean_ci([g["seat_traps"] for g in games]),
            "thefts": mean_ci([g["thefts"] for g in games]),
            "tunnels": mean_ci([g["tunnels"] for g in games]),
            "tokens": mean_ci([g["tokens"] for g in games]),
            "tunnel_points": mean_ci([g["tunnel_points"] for g in games]),
            "turns": mean_ci([g["turns"] for g in games]),
            "out": mean_ci([g["out"] for g in games]),
            "points": mean_ci([sum(g["totals"]) / n for g in games]),
        }
    paired: dict[str, Any] = {}
    for name, cut in runs.items():
        if not name.endswith(" cutthroat"):
            continue
        base = name.removesuffix(" cutthroat")
        greedy = runs[base + " greedy"]
        assert [g["seed"] for g in cut] == [g["seed"] for g in greedy]
        n = len(cut[0]["totals"])

        def others(g: dict[str, Any], n: int = n) -> float:
            return float(sum(g["totals"]) - g["totals"][g["seat"]]) / (n - 1)

        paired[base] = {
            "win_share_gain": mean_ci([share(c, c["seat"]) - share(g, g["seat"]) for c, g in zip(cut, greedy, strict=True)]),
            "seat_score_gain": mean_ci([c["totals"][c["seat"]] - g["totals"][g["seat"]]
                                        for c, g in zip(cut, greedy, strict=True)]),
            "points_lost_by_others": mean_ci([others(g) - others(c) for c, g in zip(cut, greedy, strict=True)]),
            "victims_added": mean_ci([c["victims"] - g["victims"] for c, g in zip(cut, greedy, strict=True)]),
        }
    # What each variant changes against no variant, game by game (the same tiles, seats, mix).
    against: dict[str, Any] = {}
    for name, games in runs.items():
        n_, v, tokens, mix = name.split(" ")
        none = runs.get(f"{n_} none {tokens} {mix}")
        if v == "none" or none is None:
            continue
        pairs = list(zip(games, none, strict=True))
        against[name] = {key: mean_ci([float(a[key] - b[key]) for a, b in pairs])
                         for key in ("tunnels", "tunnel_points", "tokens", "victims", "trapped")}
        against[name]["points"] = mean_ci([(sum(a["totals"]) - sum(b["totals"])) / len(a["totals"]) for a, b in pairs])
    return {"cells": cells, "paired": paired, "against_none": against}


# ------------------------------------------------------------------------ tables


def _ci(figure: dict[str, float], digits: int = 2, scale: float = 1.0) -> str:
    return f"{figure['mean'] * scale:.{digits}f} ± {figure['ci'] * scale:.{digits}f}"


def markdown(summary: dict[str, Any]) -> str:
    """The study's two tables for docs/tunnel.md, from a summary (every figure a mean
    with its 95 % interval)."""
    cells, paired, against = summary["cells"], summary["paired"], summary.get("against_none", {})
    configs_seen = [name.removesuffix(" greedy") for name in cells if name.endswith(" greedy")]
    lines = [("| players | variant | tokens | others' followers trapped at the end | games with a victim | "
             "the cutthroat's win share | against a greedy seat | points each other player loses | thefts (TV2) |"),
             "|---|---|---|---|---|---|---|---|---|"]
    for config in configs_seen:
        n, v, tokens = config.split(" ")
        c, p = cells[config + " cutthroat"], paired[config]
        lines.append(f"| {n[:-1]} | {'none' if v == 'none' else v} | {tokens} | {_ci(c['victims'])} | "
                     f"{100 * c['games_with_victims']:.0f} % | {_ci(c['seat_win_share'], 1, 100)} % | "
                     f"{_ci(p['win_share_gain'], 1, 100)} pp | {_ci(p['points_lost_by_others'], 1)} | "
                     f"{c['thefts']['mean']:.2f} |")
    lines += ["", ("| players | variant | tokens | tunnels built | against no variant | points through tunnels (TU7) "
              "| tokens laid | followers trapped at the end | points a player | moves (tiles out) |"),
              "|---|---|---|---|---|---|---|---|---|---|"]
    for config in configs_seen:
        n, v, tokens = config.split(" ")
        g = cells[config + " greedy"]
        vs = against.get(config + " greedy")
        lines.append(f"| {n[:-1]} | {'none' if v == 'none' else v} | {tokens} | {_ci(g['tunnels'])} | "
                     f"{_ci(vs['tunnels']) if vs else '–'} | {_ci(g['tunnel_points'], 1)} | {g['tokens']['mean']:.1f} | "
                     f"{_ci(g['trapped'])} | {g['points']['mean']:.1f} | {g['turns']['mean']:.0f} "
                     f"({g['out']['mean']:.2f}) |")
    return "\n".join(lines)


# ------------------------------------------------------------------------ pictures


def plot(summary: dict[str, Any], out: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cells, paired = summary["cells"], summary["paired"]
    series = [(2, "3/2"), (2, "2/1"), (3, "3/2"), (3, "2/1"), (4, "3/2"), (5, "3/2")]
    colours = {2: "#c0392b", 3: "#2e8b57", 4: "#2f6fb3", 5: "#8e44ad"}
    width = 0.13

    def bars(ax: Any, figure: Any, title: str, ylabel: str, *, fair: bool = False) -> None:
        for k, (n, tokens) in enumerate(series):
            xs, ys, es = [], [], []
            for x, v in enumerate(VARIANTS):
                value = figure(n, v, tokens)
                if value is None:
                    continue
                xs.append(x + (k - (len(series) - 1) / 2) * width)
                ys.append(value["mean"])
                es.append(value["ci"])
            if not xs:
                continue
            ax.bar(xs, ys, width=width, yerr=es, color=colours[n], alpha=0.55 if tokens == "2/1" else 0.95,
                   hatch="//" if tokens == "2/1" else None, edgecolor="white", error_kw={"linewidth": 0.8},
                   label=f"{n} players" + (", tokens 2/1" if tokens == "2/1" else ""))
            for x_, y_, e_ in zip(xs, ys, es, strict=True):
                if y_ == 0 and e_ == 0:  # exactly none: the bar would not show
                    ax.plot([x_], [0], marker="o", markersize=2.5, color=colours[n])
            if fair:
                ax.hlines(1 / n, -0.5, len(VARIANTS) - 0.5, colors=colours[n], linestyles=":", linewidth=1)
        ax.axhline(0, color="black", linewidth=0.6)
        ax.set_xticks(range(len(VARIANTS)))
        ax.set_xticklabels(["no variant" if v == "none" else v for v in VARIANTS])
        ax.set_title(title, fontsize=10)
        ax.set_ylabel(ylabel, fontsize=8)
        ax.tick_params(labelsize=8)

    def cell(mix: str, key: str) -> Any:
        def get(n: int, v: str, tokens: str) -> Any:
            c = cells.get(cell_name(n, v, tokens, mix))
            return None if c is None else c[key]
        return get

    def pair(key: str) -> Any:
        def get(n: int, v: str, tokens: str) -> Any:
            p = paired.get(f"{n}p {v} {tokens}")
            return None if p is None else p[key]
        return get

    fig, axes = plt.subplots(2, 3, figsize=(15, 8.4))
    bars(axes[0][0], cell("cutthroat", "seat_win_share"), "the cutthroat's share of wins (dotted: a fair share)",
         "share of wins", fair=True)
    bars(axes[0][1], pair("win_share_gain"), "what cutting throats gains: win share against\n"
         "a greedy bot in the same seat, same tiles", "difference in share of wins")
    bars(axes[0][2], cell("cutthroat", "victims"), "others' followers trapped at the end\n(one cutthroat, the rest greedy)",
         "followers a game")
    bars(axes[1][0], pair("points_lost_by_others"), "points each other player loses to the cutthroat\n"
         "(paired with the all-greedy game)", "points a player")
    bars(axes[1][1], cell("greedy", "tunnels"), "the fun: tunnels built (all greedy)", "tunnels a game")
    bars(axes[1][2], cell("greedy", "tunnel_points"), "the fun: points scored by roads through tunnels\n"
         "completed in play (TU7, all greedy)", "points a game")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize=8, frameon=False)
    games = {c["games"] for c in cells.values()}
    fig.suptitle(f"Der Tunnel variant study: {'/'.join(str(g) for g in sorted(games))} games a cell, "
                 f"{len(cells)} cells; bars: means, whiskers: 95 % intervals; a dot: exactly none", fontsize=10)
    fig.tight_layout(rect=(0, 0.035, 1, 1))
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=90, metadata={"Software": None})


# ------------------------------------------------------------------------ the command


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per cell (configuration and mix)")
    ap.add_argument("--seed", type=int, default=20271127, help="game i of every cell uses seed + i")
    ap.add_argument("--players", default="2,3,4,5", help="player counts, a comma list")
    ap.add_argument("--workers", type=int, default=1, help="local worker processes")
    ap.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786) instead of local workers")
    ap.add_argument("--json", type=Path, help="write every game's figures here (large; output/ is not committed)")
    ap.add_argument("--summary", type=Path, help="write the figures of every cell here (JSON)")
    ap.add_argument("--from", dest="source", type=Path, help="read a summary instead of playing (to redraw)")
    ap.add_argument("--plot", type=Path, help="draw the pictures here (PNG; needs matplotlib, the plots extra)")
    ap.add_argument("--markdown", action="store_true", help="print the tables for docs/tunnel.md")
    args = ap.parse_args()
    if args.source:
        summary = json.loads(args.source.read_text())
    else:
        players = [int(p) for p in args.players.split(",")]
        cells = configs(players)
        total = len(cells) * len(MIXES) * args.games
        print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, load average "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; {total} games, {args.workers} worker(s)",
              file=sys.stderr, flush=True)
        runs: dict[str, list[dict[str, Any]]] = {}
        started = time.perf_counter()
        plan = list(units(cells, args.games, args.seed))
        for k, (unit, game) in enumerate(zip(plan, run_units(one_game, plan, workers=args.workers,
                                                              scheduler=args.scheduler), strict=True)):
            runs.setdefault(cell_name(unit.players, unit.variant, unit.tokens, unit.mix), []).append(game)
            if (k + 1) % (args.games * len(MIXES)) == 0:
                print(f"{unit.players}p {unit.variant} {unit.tokens}: {k + 1}/{total} games, "
                      f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        seconds = time.perf_counter() - started
        summary = summarise(runs)
        summary["run"] = {"games_per_cell": args.games, "seed": args.seed, "players": players,
                          "workers": args.workers, "seconds": round(seconds), "machine":
                          f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
                          "command": "benchmarks/tunnel_variants.py " + " ".join(sys.argv[1:])}
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(runs))
        if args.summary:
            args.summary.parent.mkdir(parents=True, exist_ok=True)
            args.summary.write_text(json.dumps(summary, indent=1) + "\n")
    for name, figures in summary["cells"].items():
        print(name, json.dumps({k: v["mean"] if isinstance(v, dict) else v for k, v in figures.items()}))
    for name, figures in summary["paired"].items():
        print(name, "paired", json.dumps(figures))
    if args.markdown:
        print(markdown(summary))
    if args.plot:
        plot(summary, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
