"""Carioca package."""
