"""Section X's drawings: its art, board, diagrams, components, kit, deck and book."""
