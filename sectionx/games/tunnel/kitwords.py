"""Every word Der Tunnel's print-and-play kit prints, in one place (issue 28).

The kit (:mod:`.kit`) spells nothing of its own: its checklist, its tile sheet and
its rules sheet take a :class:`KitWords` and print what it says, so that a
translation (German comes with the manual) is one more instance of this class,
e.g. ``GERMAN = KitWords(rules_title="Der Tunnel", setup="Vorbereitung", ...)``,
and mypy checks that it gives every field.  :data:`ENGLISH` is this edition's.

The rules sheet restates the expansion in sectionx's own words, in the order of
the publisher's rules (set-up, laying tokens, when a tunnel is finished, scoring;
TP2), then the clarifications its notes give, the token counts (TU8: the
publisher's 3/2 and the magazine's 2/1) and the four variants against the
cutthroat token (TV1-TV4) as a checklist.  Players' words only: no ruling ids,
option names or file names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KitWords:
    """The kit's words.  A pair ``(bold, plain)`` is a paragraph that starts with a
    bold lead-in; ``{n}``-style fields are filled with :meth:`str.format`."""

    # ------------------------------------------------------------------ the checklist
    kit_title: str = "Der Tunnel – print-and-play kit"
    you_need: str = "You need"
    needs: tuple[str, ...] = (
        "your own copy of the base game: this kit is the expansion alone",
        ("card your printer takes (250–300 g/m²); for tiles as thick as bought ones, paper, a glue stick and "
        "1–1.5 mm board"),
        "a craft knife and a metal ruler, or a paper trimmer (tiles); scissors (tokens)",
        "if you like, square sleeves with opaque backs for every tile of the game (see the tile sheet)",
    )
    duplex_what: str = "the tile sheet (tiles and tokens)"
    making: str = "Making the pieces"
    makings: tuple[str, ...] = (
        ("Before cutting, lay a tile of your base game on the 45 mm square of the tile sheet: it must cover it "
        "exactly. If not, print again at actual size."),
        ("Tiles: cut the block of tiles out along its outer crop marks, then straight through it from each mark to "
        "the mark facing it. For thick tiles, glue the fronts and the backs to either side of the board first."),
        "Tokens: cut round each circle; the colour printed past it forgives a cut a little off.",
    )
    cut_title: str = "Cutting the tile sheet"
    cut_steps: tuple[str, ...] = (
        "Lay a tile of your base game on the calibration square: it must cover it exactly.",
        ("Cut the four outer lines of the tile block (solid), each from its crop mark straight to the mark facing it: "
        "the block comes free."),
        ("Cut along the lines between the columns and the rows (dashed), again mark to mark through the whole block; "
        "the narrow strips between the tiles fall away, and each tile keeps its printed edge."),
        "Cut each token out round its circle.",
    )
    cut_first: str = "outer lines first"
    cut_then: str = "then between the tiles"
    section_rules: str = "Rules sheet"
    section_rules_advice: str = "single-sided; keep it with your base game's rules"
    section_tiles: str = "Tunnel tiles (4), a spare set (4), tunnel tokens (12) and spares (6)"
    section_tiles_advice: str = ("long-edge duplex on card; tiles: cut the block out, then mark to mark; tokens: "
                                 "round their circles")
    section_calibration: str = "Duplex calibration"
    section_calibration_advice: str = "print first, long-edge duplex"

    # ------------------------------------------------------------------ the tile sheet
    sheet_title: str = "Der Tunnel – tiles and tokens"
    sheet_intro: str = ("The four tunnel tiles, 45 mm as the base game's, and a spare set; the twelve tunnel tokens, six "
                        "sets of two told apart by colour, symbol and letter, and a spare of each set. Print this page "
                        "and the next long-edge duplex: the next holds the plain tile backs and the token backs.")
    tiles_caption: str = "The four tunnel tiles"
    spares_caption: str = "A spare set"
    tokens_caption: str = "Tunnel tokens, {d:g} mm"
    spare: str = "spare"
    square_title: str = "Calibration square, {size:g} mm"
    square_inside: str = "lay a base-game tile here"
    square_text: str = ("A tile of your base game covers this square exactly. If it does not, print again at 100 % / "
                        "actual size, not fit to page.")
    sleeves: tuple[str, str] = (
        "Sleeves hide the difference. ",
        ("No home print matches a bought tile exactly (its colour, its card, its edges), so a printed tunnel tile could "
        "be spotted in the stack. In square sleeves with opaque backs, printed and bought tiles look and feel alike: "
        "sleeve every tile of the game."))
    thick: tuple[str, str] = (
        "Tiles as thick as bought ones. ",
        ("Print this page and the next single-sided, glue them to either side of 1–1.5 mm board with the backs lined "
        "up against the light, then cut. The tile backs are plain, so a millimetre off does not show."))
    backs_title: str = "Der Tunnel – backs of the tiles and tokens"
    backs_intro: str = ("The back of the previous page, mirrored for long-edge duplex. The tile backs are plain, to "
                        "match the base game's as closely as a home printer can.")
    backs_note: str = "Print long-edge duplex: this page is the back of the one before{shift}."
    shifted: str = ", shifted {dx:+.1f} / {dy:+.1f} mm"

    # ------------------------------------------------------------------ the rules sheet
    rules_title: str = "Der Tunnel"
    rules_subtitle: str = ("A mini-expansion for Carcassonne by Christwart Conrad (Spielbox 6/2009): four land tiles "
                           "and twelve tunnel tokens. All rules of the base game apply, with these additions.")
    openings: str = "{n} openings"
    figure_caption: str = "Ten tunnel openings in all: at most five tunnels can be built."
    figure_tunnel: str = ("The two tokens of one set (here red, A) join two openings: the roads become one road, "
                          "running on underground (dashed).")
    setup: tuple[str, str] = (
        "Set-up. ",
        ("Shuffle the four tunnel tiles into the base game's tiles. Each player takes the tunnel tokens of their own "
        "colour; the other sets are shared out as the table shows. A set is two tokens of one colour and letter."))
    laying: tuple[str, str] = (
        "Laying a token. ",
        ("During your turn you may lay one of your tunnel tokens on any tunnel opening that no token claims yet: on the "
        "tile you have just placed, or anywhere else on the board. Placing a follower is unchanged, and you may place a "
        "follower and lay a token in the same turn."))
    finished: tuple[str, str] = (
        "When is a tunnel finished? ",
        ("While no token claims an opening, the road leading into it is broken off: it is not complete. It stays "
        "incomplete while one token of a set lies on the board. Only when the second token of the same set is laid on "
        "another unclaimed opening, on the same tile or another, are the two openings joined: the tunnel is finished "
        "and the road runs on underground as one road. It is not complete at the tunnel's exit; it is completed in "
        "the usual way, for example at a crossing. A token's colour matters only for the pairing: the tunnel is open to "
        "everyone, any player's followers may stand on a road through it, and the majority is counted as usual. A road "
        "may go underground several times."))
    scoring: tuple[str, str] = (
        "Scoring. ",
        ("Only the visible parts of a completed road score: 1 point per tile; the tunnel itself adds nothing. Tokens "
        "stay where they lie after scoring, so at most five tunnels can be built."))
    clarifications_title: str = "Clarifications"
    clarifications: tuple[str, ...] = (
        "One token per turn at most.",
        ("Follower and token in either order. The follower rule is judged when the follower is placed: if your token "
        "first joins the new tile's road to a road that already holds a follower, no follower may go on that road this "
        "turn; the other way round, both are allowed."),
        "A token may go on the tile just placed or on any other tile with an unclaimed opening.",
        "Tokens never come back, not even when their road is scored.",
        "Only visible tiles score, and a tile holding both openings of one tunnel counts once.",
        "A road completed by a token scores at the end of that turn, with everything else the turn completed.",
        "A token is no follower: it never counts for the majority and never stops a follower being placed.",
        "At the end of the game a road with an unclaimed or half-claimed opening is incomplete and scores as one.",
    )
    counts_title: str = "Tunnel tokens for each player"
    counts_head: tuple[str, str, str] = ("Players", "Usual count", "Magazine's count")
    #: A cell of the table (the kit counts the sets as the referee deals them, TU8).
    one_set: str = "1 set ({tokens} tokens)"
    sets_each: str = "{sets} sets ({tokens} tokens)"
    #: Player counts that hold the same sets, in one row: "4 or 5".
    either: str = "{a} or {b}"
    counts_note: str = ("Tick the count you play. The usual count is the publisher's; the magazine printed the other. "
                        "Each player takes the set of their own colour first; the extra sets, in colours no one plays, "
                        "are dealt one at a time in seat order, taking the colours in the order red, green, blue, "
                        "yellow, black, grey. The letters A to F follow the same order.")
    variants_title: str = "Variants against the cutthroat token"
    variants_intro: str = ("A player can claim an opening with one token and never lay its partner, so that the road "
                           "can never be completed and every follower on it is trapped to the end. Four remedies have "
                           "been proposed. Each is off unless you tick it; they combine.")
    variants: tuple[tuple[str, str], ...] = (
        ("1 Own follower. ",
         ("You may lay a token only on an opening whose road holds at least one of your followers (one you placed "
         "earlier in the same turn counts).")),
        ("2 Steal the partner. ",
         ("If a player laid the first token of a set and, on a later turn of theirs, did not lay its partner although "
         "an opening was free for it, any other player with a follower on that first token's road may lay the partner, "
         "in the owner's colour, as their token for the turn.")),
        ("3 Pairs at once, common tokens. ",
         ("The tokens belong to no one: they are a common supply of six pairs, and laying tokens means laying both "
         "tokens of one pair at once, on two unclaimed openings.")),
        ("4 No blocking. ",
         "The first token of a set may not go on an opening whose road holds another player's follower."),
    )
    trademark: str = ("Carcassonne is a trademark of its publisher. sectionx restates the expansion's rules in its own "
                      "words and draws the tiles in its own art, for players who own the base game.")


#: This edition's words.
ENGLISH = KitWords()

__all__ = ["ENGLISH", "KitWords"]
