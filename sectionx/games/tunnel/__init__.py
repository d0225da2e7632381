"""Der Tunnel: Carcassonne with the tunnel mini-expansion (``game: tunnel``)."""
