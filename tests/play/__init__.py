"""Tests of playing without a screen: sessions, autosave, resuming."""
