"""Playing a match without a screen: the session (seats, bots, autosave), hot-seat privacy,
the tutorial's script, the Pista's advice and the words the table says. No pygame here: the
table scene (ui/scenes/carioca/) draws what these modules decide."""
