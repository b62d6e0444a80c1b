"""Tests of the rule-vector runner."""
