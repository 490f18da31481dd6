"""Screens: menu, game choice, setup, settings, table, final results."""
