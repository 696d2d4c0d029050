"""How the sandbox serves simcord's page: what it adds (the key help, the Skip to next deadline button, an icon), what
it mends (the conversation that jumped while a dropdown opened), and what it understands (a whole command line typed
and sent).

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
from bot.sandbox_live import SKIP_QUERY

# The page simcord serves is blank without the "#key" part of its address, and without a running
# sandbox. The key never reaches the server, so only the page can tell: the key help shows until the page
# shows the channel (simcord offers no hook for its page).
KEY_HELP_TEXT = (
    "<strong>Shelfie sandbox:</strong> this page needs the sandbox running and its whole address. "
    "Start it with <code>{start}</code> and open the address it prints after “Sandbox ready: open”, "
    "including the part after <code>#</code>: that is the page's key, new at every start."
)
PAGE_STYLE = (
    ".shelfie-key-help{position:fixed;z-index:100;left:12px;right:12px;bottom:12px;max-width:640px;"
    "margin:0 auto;padding:14px 16px;border-radius:8px;background:#5865f2;color:#fff;"
    "font:15px/1.45 system-ui,sans-serif}"
    "body:has(#channel-layout:not([hidden])) .shelfie-key-help,"
    "body:has(#preview-app[aria-busy=true]) .shelfie-key-help{display:none}"
    "#shelfie-clock:empty{display:none}"
    # On a phone the toolbar keeps its three rows: shorter labels for Refresh preview and the skip, and the clock's
    # note in the status row.
    "@media (max-width:760px){#refresh,#shelfie-skip{font-size:0}"
    '#refresh::after{content:"Refresh";font-size:12px}#shelfie-skip::after{content:"Skip \\23ED";font-size:12px}'
    "#shelfie-clock:not(:empty)+#action-status{flex:1 1 0}}"
)

# Turn deadlines come on the sandbox's clock, which runs on real time: a `turn_timeout:5m` turn is reminded after 2½
# minutes and expires after 5. The toolbar's button moves the clock to the bot's next deadline at once
# (bot.sandbox_live), and the text beside it says how far ahead of real time the clock then runs.
SKIP_BUTTON = (
    '<button id="shelfie-skip" class="toolbar-button" type="button" aria-label="Skip to next deadline" '
    'title="Move the sandbox\'s clock to the next turn or lobby deadline, which fires at once (a reminder, or the '
    'computer playing the expired turn); the clock then runs that far ahead of real time">'
    'Skip to next deadline</button>'
)
CLOCK_NOTE = ('<span id="shelfie-clock" class="toolbar-status" role="status" title="How far ahead of real time the '
              'skips have put the sandbox\'s clock"></span>')
SKIP_SCRIPT = """\
// Shelfie sandbox: the toolbar's "Skip to next deadline" (bot/sandbox_page.py, bot/sandbox_live.py).
const button = document.getElementById("shelfie-skip");
const clock = document.getElementById("shelfie-clock");
const key = window.location.hash.slice(1);
button.addEventListener("click", async () => {
  button.disabled = true;
  try {
    const response = await fetch("/api/action?%s=%s", { method: "POST", headers: { "X-Simcord-Capability": key } });
    const answer = await response.json();
    clock.textContent = answer.skipped ? answer.text : "no deadline to skip to";
  } catch {
    clock.textContent = "the sandbox did not answer";
  } finally {
    button.disabled = false;
  }
});
""" % SKIP_QUERY
ICON = (  # a shelf of books, so that the tab has an icon and the browser asks for no /favicon.ico (a 404)
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#5865f2"/>'
    '<rect x="3" y="3" width="2" height="9" fill="#fff"/><rect x="6" y="4" width="2" height="8" fill="#fee75c"/>'
    '<rect x="9" y="3" width="2" height="9" fill="#fff"/><rect x="11.5" y="5" width="2" height="7" fill="#57f287" '
    'transform="rotate(-12 12.5 12)"/><rect x="2" y="12" width="12" height="1.5" fill="#fff"/></svg>'
)
ADDED_FILES = {"/shelfie-sandbox.js": (SKIP_SCRIPT, "application/javascript"),
               "/shelfie-icon.svg": (ICON, "image/svg+xml")}
INDEX_ADDITIONS = (
    ("</head>", '<link rel="icon" href="/shelfie-icon.svg" type="image/svg+xml">\n  </head>'),
    ('<button id="refresh" ', SKIP_BUTTON + '\n        <button id="refresh" '),
    ('<span id="action-status" ', CLOCK_NOTE + '\n        <span id="action-status" '),
    ('<script type="module" src="/app.js"></script>',
     '<script type="module" src="/app.js"></script>\n    <script type="module" src="/shelfie-sandbox.js"></script>'),
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
    _add_files(server)
    _take_typed_commands(preview)


def _key_help(address: SandboxAddress) -> str:
    text = KEY_HELP_TEXT.format(start=start_command(address))
    return f'<style>{PAGE_STYLE}</style><p class="shelfie-key-help" role="alert">{text}</p>'


def _explain_missing_key(server: Any, address: SandboxAddress) -> None:
    """Serve the page with the key help, which its style hides while the page loads or shows the channel, and with
    `INDEX_ADDITIONS`. The page's policy allows styles from its own files only; the help's one style element is
    allowed by its hash, nothing else is loosened (the added script is one of the page's own files)."""
    index = server._index
    style_hash = base64.b64encode(hashlib.sha256(PAGE_STYLE.encode()).digest()).decode()

    async def index_with_key_help(request: Any) -> Any:
        response = await index(request)
        text = response.text.replace("</body>", _key_help(address) + "</body>", 1)
        for original, added in INDEX_ADDITIONS:
            text = text.replace(original, added, 1)
        response.text = text
        policy = response.headers["Content-Security-Policy"]
        response.headers["Content-Security-Policy"] = policy.replace(
            "style-src 'self'", f"style-src 'self' 'sha256-{style_hash}'", 1)
        return response

    server._index = index_with_key_help


def _mend(server: Any) -> None:
    """Serve the page's files with `MENDED_FILES` replaced, after checking that this simcord's files hold the text."""
    static_folder = Path(inspect.getfile(type(server))).with_name("static")
    for path, mends in {**MENDED_FILES, "/index.html": INDEX_ADDITIONS}.items():
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


def _add_files(server: Any) -> None:
    """Serve `ADDED_FILES` beside the page's own: routes the server makes for each of its `_STATIC_FILES` when it
    starts, answered here before simcord's handler looks for them in its folder."""
    from aiohttp import web

    server._STATIC_FILES = {**server._STATIC_FILES, **{path: path.lstrip("/") for path in ADDED_FILES}}
    static = server._static

    async def with_added_files(request: Any) -> Any:
        if request.path not in ADDED_FILES:
            return await static(request)
        if request.headers.get("Host", "") not in server._allowed_hosts():
            raise web.HTTPForbidden()
        text, content_type = ADDED_FILES[request.path]
        return web.Response(text=text, content_type=content_type, headers=server._SECURITY_HEADERS)

    server._static = with_added_files


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
