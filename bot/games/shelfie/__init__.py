"""My Shelfie's Discord face: its command group, turn buttons, move builder and words."""

KIND = "shelfie"
"""Its kind in engine.registry, the first part of its custom ids."""
