"""Pictures of the games as PNG bytes: one folder per game (render/shelfie/, render/dice/).

render/ itself holds what every game's pictures share: fonts, the palette, text fitting and captions
(render.text, `locale` selects the language), PNG encoding and the item icons. No discord.
"""
