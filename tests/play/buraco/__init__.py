"""Tests of Buraco's match session."""
