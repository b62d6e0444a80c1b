"""Carioca's computer players (random to hard), the driver that runs them, and what they share."""
