"""Tests of the lay-down solver."""
