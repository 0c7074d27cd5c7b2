"""Headless Chromium for browser tests: Debian's /usr/bin/chromium driven by Playwright."""

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium keeps dialling out on this closed network.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def require_chromium():
    """Skip the calling test module, saying why, when the browser is missing; else Playwright's sync API."""
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium not installed at /usr/bin/chromium; .ci/run installs it", allow_module_level=True)
    return pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (pip install -r requirements-dev.txt)"
    )


def open_page(playwright, expect):
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    expect.set_options(timeout=15_000)
    return browser, context, page
