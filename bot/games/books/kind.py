"""Its kind in engine.registry: the first part of its custom ids and of its own catalog keys."""

KIND = "books"
