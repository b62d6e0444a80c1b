"""Tests of Buraco's table and screens."""
