"""End to end: a real LSP client (pytest-lsp) drives ``python -m symbolic serve`` over stdio."""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")
from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# generous: a 2-core machine shared by several jobs can take seconds per check
WAIT_S = 90.0

TEX = r"""\documentclass{article}
\begin{document}
A true one:
\begin{equation}
(a+b)^2 = a^2 + 2ab + b^2
\end{equation}
A false one:
\begin{equation}
(a+b)^2 = a^2 + b^2
\end{equation}
\end{document}
"""
TRUE_ROW, FALSE_ROW = 4, 8     # 0-based rows of the two claims


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "symbolic", "serve"],
                                              server_env=_env()))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        initialization_options={"stepcheck": {"showProved": "none", "debounce": 0.0}}))
    yield
    await lsp_client.shutdown_session()


async def _until(client: LanguageClient, uri: str, predicate, timeout: float = WAIT_S):
    """The document's diagnostics once ``predicate`` holds for them (fails after ``timeout``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        found = client.diagnostics.get(uri)
        if found is not None and predicate(found):
            return found
        remaining = deadline - loop.time()
        if remaining <= 0:
            raise AssertionError(f"diagnostics never matched; last: {found}")
        try:
            await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS),
                                   remaining)
        except asyncio.TimeoutError:
            pass


def _open(client: LanguageClient, uri: str, text: str) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="latex", version=1, text=text)))


def _replace_row(client: LanguageClient, uri: str, row: int, old: str, new: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(row, 0), types.Position(row, len(old))), text=new)]))


def _errors(diagnostics):
    return [d for d in diagnostics if d.severity == types.DiagnosticSeverity.Error]


@pytest.mark.asyncio
async def test_false_display_is_an_error_on_its_line_and_clears_when_corrected(client):
    uri = "file:///tmp/stepcheck-test/two.tex"
    _open(client, uri, TEX)
    found = await _until(client, uri, lambda d: len(_errors(d)) == 1)
    (error,) = _errors(found)
    assert error.range.start.line == FALSE_ROW
    assert "refuted" in error.message and "counterexample" in error.message
    assert all(d.range.start.line != TRUE_ROW for d in found)   # proved shows nothing here

    _replace_row(client, uri, FALSE_ROW, "(a+b)^2 = a^2 + b^2", "(a+b)^2 = a^2 + 2ab + b^2", 2)
    assert not await _until(client, uri, lambda d: len(d) == 0)
    # the error went at once (its text is gone); the new text's own result comes after
    hover = await _hover_when_known(client, uri, FALSE_ROW)
    assert "**proved**" in hover.contents.value and "2ab" in hover.contents.value
    assert not client.diagnostics[uri]


async def _hover_when_known(client: LanguageClient, uri: str, row: int):
    """The hover of ``row`` once the server has a result there (fails after ``WAIT_S``)."""
    for _ in range(int(WAIT_S * 10)):
        hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(row, 3))), WAIT_S)
        if hover is not None:
            return hover
        await asyncio.sleep(0.1)
    raise AssertionError(f"no result on row {row}")


@pytest.mark.asyncio
async def test_hover_shows_verdict_and_evidence(client):
    uri = "file:///tmp/stepcheck-test/hover.tex"
    _open(client, uri, TEX)
    await _until(client, uri, lambda d: len(_errors(d)) == 1)
    hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(FALSE_ROW, 3))), WAIT_S)
    assert hover is not None
    assert "**refuted**" in hover.contents.value and "counterexample (certified)" in hover.contents.value
    # the proved display's result is known too, though it shows no diagnostic
    for _ in range(int(WAIT_S * 10)):
        hover = await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(TRUE_ROW, 3)))
        if hover is not None:
            break
        await asyncio.sleep(0.1)
    assert hover is not None and "**proved**" in hover.contents.value


@pytest.mark.asyncio
async def test_code_action_inserts_counterexample_below_the_display(client):
    uri = "file:///tmp/stepcheck-test/action.tex"
    _open(client, uri, TEX)
    found = await _until(client, uri, lambda d: len(_errors(d)) == 1)
    actions = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri),
        types.Range(types.Position(FALSE_ROW, 0), types.Position(FALSE_ROW, 0)),
        types.CodeActionContext(diagnostics=_errors(found)))), WAIT_S)
    assert actions and len(actions) == 1
    (edit,) = actions[0].edit.changes[uri]
    assert edit.range.start.line == FALSE_ROW + 2          # after \end{equation}
    assert edit.new_text.startswith("% stepcheck: counterexample (certified)")
    assert "a = " in edit.new_text and "b = " in edit.new_text
    # no action on the proved display
    none = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri),
        types.Range(types.Position(TRUE_ROW, 0), types.Position(TRUE_ROW, 0)),
        types.CodeActionContext(diagnostics=[])))
    assert not none


@pytest.mark.asyncio
async def test_comment_line_assumption_applies_to_the_file(client):
    uri = "file:///tmp/stepcheck-test/assume.tex"
    text = "% stepcheck: assume x > 0\n\\begin{equation}\n\\sqrt{x^2} = x\n\\end{equation}\n"
    _open(client, uri, text)
    hover = None
    for _ in range(int(WAIT_S * 10)):
        hover = await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(2, 1)))
        if hover is not None:
            break
        await asyncio.sleep(0.1)
    assert hover is not None and "refuted" not in hover.contents.value
    assert not _errors(client.diagnostics.get(uri, []))


@pytest.mark.asyncio
async def test_hostile_displays_do_not_stop_the_server(client):
    uri = "file:///tmp/stepcheck-test/hostile.tex"
    hostile = ("\\begin{equation}\n9^{9^{9^9}} = 1\n\\end{equation}\n"
               "\\begin{equation}\n" + "{" * 10_000 + "x" + "}" * 10_000 + " = x\n\\end{equation}\n")
    _open(client, uri, hostile)
    # a normal document opened after it is still checked and answered
    other = "file:///tmp/stepcheck-test/after.tex"
    _open(client, other, TEX)
    found = await _until(client, other, lambda d: len(_errors(d)) == 1)
    assert _errors(found)[0].range.start.line == FALSE_ROW
    hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(other), types.Position(FALSE_ROW, 0))), WAIT_S)
    assert hover is not None and "refuted" in hover.contents.value
    # and the hostile ones end as warnings (timeout or unreadable), never as proved or refuted
    bad = await _until(client, uri, lambda d: len(d) == 2, timeout=WAIT_S * 2)
    assert all(d.severity == types.DiagnosticSeverity.Warning for d in bad), bad


# ----------------------------------------------------------------------------- in-process parts

def test_comment_lines_and_settings_make_the_file_options():
    from symbolic.server import Settings, ShowProved, file_options
    settings = Settings.from_client({"stepcheck": {"assume": ["y > 0"], "strict": True,
                                                   "showProved": "hint", "timeout": "soon"}})
    assert settings.assume == ("y > 0",) and settings.strict
    assert settings.show_proved is ShowProved.HINT and settings.timeout_s == 30.0   # bad type ignored
    text = ("% stepcheck: assume x > 0\n<!-- stepcheck: assume n \\in \\mathbb{Z}_{>0} -->\n"
            "% stepcheck: imaginary-unit on\n% stepcheck: strict off\n% an ordinary comment\n")
    options = file_options(text, settings)
    assert options.assume == ("y > 0", "x > 0", "n \\in \\mathbb{Z}_{>0}")
    assert options.imaginary_unit and not options.strict


def test_the_end_of_a_display_is_found_for_the_comment():
    from symbolic.server import display_end
    lines = TEX.splitlines()
    assert display_end(lines, FALSE_ROW + 1, markdown=False) == FALSE_ROW + 1
    assert display_end(["$$", "a = b", "$$"], 1, markdown=False) == 2
    assert display_end(["```math", "a = b", "```"], 2, markdown=True) == 2


def test_the_cache_key_ignores_the_line_but_not_the_text_or_assumptions():
    from symbolic.commands.chain import Item
    from symbolic.config import CheckConfig
    from symbolic.server import FileOptions, cache_key
    options, config = FileOptions((), False, False), CheckConfig()
    key = cache_key(Item("a = b", "u", 3), options, config)
    assert key == cache_key(Item("a = b", "u", 30), options, config)
    assert key != cache_key(Item("a = c", "u", 3), options, config)
    assert key != cache_key(Item("a = b", "u", 3), FileOptions(("a > 0",), False, False), config)
    assert key != cache_key(Item("a = b", "u", 3), options, config.but(imaginary_unit=True))
