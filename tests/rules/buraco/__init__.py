"""Tests of Buraco's rules engine."""
