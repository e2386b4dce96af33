"""Seats and home nests, shared by both Target: Rats games: seat f plays the faction of home
nest NESTS[players][f] (2 players: the opposite corners H0 and H2; RULINGS, ours)."""

NESTS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
