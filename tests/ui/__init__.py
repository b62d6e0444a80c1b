"""Tests of the screens, drawn headless."""
