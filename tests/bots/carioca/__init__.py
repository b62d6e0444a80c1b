"""Tests of Carioca's bots."""
