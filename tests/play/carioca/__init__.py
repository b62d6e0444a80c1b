"""Tests of Carioca's match session."""
