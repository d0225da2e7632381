"""Games other than Section X, one subpackage each (issue 13: the house for several games).

Today only Breakout's referee lives here (:mod:`sectionx.games.breakout`); Section X's
modules are still at the top of the package.  The registry, the shared modules that
name no game and the file formats of the other games are issue 13's next steps.
"""
