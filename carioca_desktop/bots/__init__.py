"""Computer players, a package per game (carioca/, buraco/); their levels are in games.py."""
