"""Localized slash-command names and descriptions for Discord's command picker."""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n.catalog import DEFAULT_LANGUAGE, catalog, language_of


def command_key(context: app_commands.TranslationContextTypes, string: app_commands.locale_str) -> str:
    """The catalog key of a command-tree string.

    Keys follow the tree, so nobody has to name them by hand:
    ``cmd.shelfie.take.name``, ``cmd.shelfie.take.description``,
    ``cmd.shelfie.take.tiles.name`` (an option), ``choice.<value>``.
    ``locale_str("...", key="...")`` overrides the derived key.
    """
    explicit = string.extras.get("key")
    if explicit:
        return str(explicit)
    where, data = context.location, context.data
    if isinstance(data, (app_commands.Command, app_commands.Group, app_commands.ContextMenu)):
        if where in (Where.command_name, Where.group_name):
            return f"cmd.{data.qualified_name.replace(' ', '.')}.name"
        if where in (Where.command_description, Where.group_description):
            return f"cmd.{data.qualified_name.replace(' ', '.')}.description"
    if where in (Where.parameter_name, Where.parameter_description) and isinstance(data, app_commands.Parameter):
        suffix = "name" if where is Where.parameter_name else "description"
        return f"cmd.{data.command.qualified_name.replace(' ', '.')}.{data.name}.{suffix}"
    if where is Where.choice_name and isinstance(data, app_commands.Choice):
        return f"choice.{data.value}"
    return string.message


class ShelfieTranslator(app_commands.Translator):
    """Feeds the .po catalogs to discord.py's command localization (used when commands are synced)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        if language == DEFAULT_LANGUAGE:
            return None
        return catalog(language).get(command_key(context, string))
