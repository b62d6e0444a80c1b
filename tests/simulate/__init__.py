"""Tests of the bot tournaments."""
