"""Computer players: the bot levels every game shares; a package per game (carioca/, buraco/)."""
