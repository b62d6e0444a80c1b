"""Tests of Carioca's rules engine."""
