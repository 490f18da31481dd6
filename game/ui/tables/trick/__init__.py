"""The pieces the trick-taking tables (Rage, Crazy Lab) share: the card art, the drawing,
the hand input, the panels and the base table ``TrickTable``."""
