"""Rules only. Nothing in this package imports pygame."""
