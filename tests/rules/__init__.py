"""Tests of carioca_desktop/rules/: what both games share (cards, melds, rule sets)."""
