"""How the sandbox serves simcord's page: what it adds (the key help), what it mends (the conversation that jumped
while a dropdown opened), and what it understands (a whole command line typed and sent).

simcord has no option for its page, so this reaches into its preview: the server's index and static handlers (read
when the server starts) and the preview's action entry point. simcord is pinned in constraints.txt; the mended page
text is checked when the sandbox starts (a different simcord fails there, loudly), and
tests/bot/test_sandbox_browser.py drives the page in Chromium.
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.sandbox_hints import SandboxAddress, start_command

# The page simcord serves is blank without the "#key" part of its address, and without a running
# sandbox. The key never reaches the server, so only the page can tell: the key help shows until the page
# shows the channel (simcord offers no hook for its page).
KEY_HELP_TEXT = (
    "<strong>Shelfie sandbox:</strong> this page needs the sandbox running and its whole address. "
    "Start it with <code>{start}</code> and open the address it prints after “Sandbox ready: open”, "
    "including the part after <code>#</code>: that is the page's key, new at every start."
)
KEY_HELP_STYLE = (
    ".shelfie-key-help{position:fixed;z-index:100;left:12px;right:12px;bottom:12px;max-width:640px;"
    "margin:0 auto;padding:14px 16px;border-radius:8px;background:#5865f2;color:#fff;"
    "font:15px/1.45 system-ui,sans-serif}"
    "body:has(#channel-layout:not([hidden])) .shelfie-key-help,"
    "body:has(#preview-app[aria-busy=true]) .shelfie-key-help{display:none}"
)

# The page's conversation jumped back while a person was using it, so that a dropdown closed as it opened, by mouse or
# keyboard, unless the window was taller than the whole conversation:
# - When the page draws a message again (every message, each time a dropdown opens or closes), it empties the message
#   and fills it anew, its pictures loading afterwards. Meanwhile the conversation was shorter: the browser pulled the
#   scroll position up (scroll anchoring, or the end of a shorter conversation), the dropdown's message left the
#   window, and the page closed the dropdown it had just opened. The mended page keeps each message's height until it
#   is drawn again with its pictures.
# - After a change of "Viewing as" the page scrolls to its newest message and ignores scrolling until every picture is
#   drawn (seconds on a busy machine), then scrolls there again: the person who had scrolled down to the builder and
#   clicked its dropdown was taken back to the turn message. The mended page keeps the person's place from their first
#   wheel, touch, click or key in the conversation.
REDRAW = (
    "        record.pendingMedia = [];\n"
    "        renderMessage(\n"
    "          record.element,\n"
    "          message,\n"
    "          messageRenderOptions(snapshot, record.pendingMedia, message, true),\n"
    "        );\n"
)
REDRAW_KEEPING_HEIGHT = (
    "        record.pendingMedia = [];\n"
    "        const redrawn = record.element;\n"
    "        if (redrawn.isConnected) redrawn.style.minHeight = `${redrawn.offsetHeight}px`;\n"
    + REDRAW.split("record.pendingMedia = [];\n", 1)[1]
    + "        Promise.allSettled(record.pendingMedia).then(() => { redrawn.style.minHeight = \"\"; });\n"
)
SCROLL_WATCH = '  ui.newMessages.addEventListener("click", () => {\n'
SCROLL_WATCH_KEEPING_PLACE = (
    '  const keepPersonsPlace = () => {\n'
    '    if (state.scrollIntent?.policy === "target") state.scrollIntent = captureScrollIntent();\n'
    '  };\n'
    '  for (const kind of ["wheel", "touchstart", "pointerdown", "keydown"]) {\n'
    '    ui.timeline.addEventListener(kind, keepPersonsPlace, { passive: true });\n'
    '  }\n'
    + SCROLL_WATCH
)
MENDED_FILES = {"/timeline.js": ((REDRAW, REDRAW_KEEPING_HEIGHT), (SCROLL_WATCH, SCROLL_WATCH_KEEPING_PLACE))}


def serve_page(preview: Any, address: SandboxAddress) -> None:
    """Serve simcord's page with the key help and the mended conversation, and take typed command lines.

    Call before the preview is entered (its server reads its handlers when it starts)."""
    server = preview._server
    _explain_missing_key(server, address)
    _mend(server)
    _take_typed_commands(preview)


def _key_help(address: SandboxAddress) -> str:
    text = KEY_HELP_TEXT.format(start=start_command(address))
    return f'<style>{KEY_HELP_STYLE}</style><p class="shelfie-key-help" role="alert">{text}</p>'


def _explain_missing_key(server: Any, address: SandboxAddress) -> None:
    """Serve the page with the key help, which its style hides while the page loads or shows the channel. The page's
    policy allows styles from its own files only; the help's one style element is allowed by its hash, nothing else
    is loosened."""
    index = server._index
    style_hash = base64.b64encode(hashlib.sha256(KEY_HELP_STYLE.encode()).digest()).decode()

    async def index_with_key_help(request: Any) -> Any:
        response = await index(request)
        response.text = response.text.replace("</body>", _key_help(address) + "</body>", 1)
        policy = response.headers["Content-Security-Policy"]
        response.headers["Content-Security-Policy"] = policy.replace(
            "style-src 'self'", f"style-src 'self' 'sha256-{style_hash}'", 1)
        return response

    server._index = index_with_key_help


def _mend(server: Any) -> None:
    """Serve the page's files with `MENDED_FILES` replaced, after checking that this simcord's files hold the text."""
    static_folder = Path(inspect.getfile(type(server))).with_name("static")
    for path, mends in MENDED_FILES.items():
        text = (static_folder / path.lstrip("/")).read_text(encoding="utf-8")
        if any(text.count(original) != 1 for original, _ in mends):
            raise RuntimeError(f"simcord's page changed: {path} no longer holds the text the sandbox mends "
                               "(bot/sandbox_page.py; simcord is pinned in constraints.txt)")
    static = server._static

    async def mended_static(request: Any) -> Any:
        response = await static(request)
        for original, mended in MENDED_FILES.get(request.path, ()):
            response.text = response.text.replace(original, mended, 1)
        return response

    server._static = mended_static


def _take_typed_commands(preview: Any) -> None:
    """A message typed as a whole command line (`/shelfie new players:2`) runs that command, as Discord does once its
    suggestion is picked: the page sends such a line as a chat message."""
    act = preview._action

    async def action(context_id: str | None, body: Any) -> Any:
        if isinstance(body, Mapping) and body.get("kind") == "send_message":
            page = preview._pages.get(context_id)
            catalog = page.command_catalog.get("entries", []) if page is not None else []
            command = typed_command(body.get("content"), catalog)
            if command is not None:
                envelope = {key: value for key, value in body.items() if key not in ("content", "reply_to_id")}
                body = {**envelope, "kind": "run_command", **command}
        return await act(context_id, body)

    preview._action = action


def typed_command(line: Any, catalog: list[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The page's run_command fields for a typed line `/<command> [name:value ...]`, or None when the line is not one
    of `catalog`'s commands with its options (then it stays a chat message). A value runs to the next `name:` of the
    command's options; quotes around it are dropped."""
    if not isinstance(line, str) or not line.startswith("/"):
        return None
    words = line[1:].split()
    matching = [entry for entry in catalog if entry.get("path") and words[:len(entry["path"])] == entry["path"]]
    if not matching:
        return None
    entry = max(matching, key=lambda item: len(item["path"]))
    rest = " ".join(words[len(entry["path"]):])
    names = [option["name"] for option in entry.get("options", [])]
    options: dict[str, str] = {}
    if rest:
        if not names:
            return None
        before, *pairs = re.split(r"(?:^|\s+)(" + "|".join(map(re.escape, names)) + r"):", rest)
        if before.strip() or len(set(pairs[::2])) != len(pairs) // 2:
            return None
        options = {name: value.strip().strip('"') for name, value in zip(pairs[::2], pairs[1::2], strict=True)}
    return {"command_id": entry["commandId"], "path": entry["path"],
            "schema_fingerprint": entry["schemaFingerprint"], "options": options}
