"""Tests of settings, saves and statistics on disk."""
