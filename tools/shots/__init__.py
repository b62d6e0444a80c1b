"""Screenshot scripts: every screen of a game drawn to PNGs to look at by eye."""
