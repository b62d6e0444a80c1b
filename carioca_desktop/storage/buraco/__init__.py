"""Buraco's finished matches in the statistics: the record and the figures computed from it."""
