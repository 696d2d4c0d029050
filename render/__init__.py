"""Pictures of the games as PNG bytes: one folder per game (render/<kind>/), whose package exports its PICTURES
(render.manifest: warm-up, gallery, bench samples, its own captions), found by engine.registry's KINDS.

render/ itself holds what every game's pictures share and names no game: fonts, the palette, text fitting and the
shared captions (render.text, `locale` selects the language), PNG encoding, the item icons, a seat's marker and
name. No discord.
"""
