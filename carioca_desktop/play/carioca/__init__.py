"""A Carioca match without a screen: the session, the buy offer, the tutorial, the Pista."""
