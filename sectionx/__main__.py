"""``python -m sectionx`` runs the command line."""

from .cli import main

main()
