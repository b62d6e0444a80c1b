"""One module or package per screen; carioca/ and buraco/ hold each game's table, rules,
tutorial and sheets."""
