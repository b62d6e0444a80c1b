"""Carioca: contracts, lay-down, the buy offer, the phase machine and scoring (RULES.md)."""
