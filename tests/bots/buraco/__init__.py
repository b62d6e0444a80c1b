"""Tests of Buraco's bots."""
