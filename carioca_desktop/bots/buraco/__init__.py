"""Buraco's computer players (BURACO.md), their reading of melds and plans, and their driver."""
