"""Buraco, the second game on the Carioca engine (BURACO.md): rule set, melds, game."""
