"""A Buraco match without a screen: the session, the table's words, the tutorial, the Pista."""
