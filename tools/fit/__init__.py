"""Fitting scripts for the switched-off learned and threat models."""
