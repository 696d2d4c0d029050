"""Each game's Discord face, one folder per game kind (`bot/games/<kind>/`), listed in `bot.games.registry`."""
