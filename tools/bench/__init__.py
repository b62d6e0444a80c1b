"""Benchmarks: scripts that print figures (timings are never pass/fail tests)."""
