"""What the kit's page tests share: the default theme, the papers, and themes with
other token, card and cutting sizes (a Hypothesis strategy)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from sectionx.render.theme import default_theme

THEME = default_theme()
PAPERS = {name: THEME.paper(name) for name in ("a4", "letter", "a3")}

papers = st.sampled_from(sorted(PAPERS))


@st.composite
def themes(draw):
    """The default template with other token, card and cutting sizes."""
    return replace(
        THEME,
        prisoner=draw(st.floats(8, 20)),
        door=(draw(st.floats(10, 24)), draw(st.floats(5, 12))),
        card=draw(st.sampled_from([(63.0, 88.0), (57.0, 89.0), (59.0, 91.0), (56.0, 87.0), (70.0, 120.0), (64.0, 100.0)])),
        bleed=draw(st.floats(0, 5)),
        crop_gap=draw(st.floats(0, 3)),
        crop_length=draw(st.floats(2, 5)),
        crop_width=draw(st.floats(0.5, 1.5)),
        cut_line_width=draw(st.floats(0.2, 1.0)),
    )


offsets = st.tuples(st.floats(-4, 4), st.floats(-4, 4))
slow = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
