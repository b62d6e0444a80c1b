"""Tests of Carioca's table and screens."""
