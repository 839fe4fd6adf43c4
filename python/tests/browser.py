"""A headless Chromium driven through the DevTools protocol, for the tests that check what a
person sees: screenshots, clicks, the console and the network.

    with Browser() as browser:
        page = browser.open("file:///tmp/player.html")
        page.evaluate("document.title")
        png = page.screenshot()

Chromium is found as `chromium`, `chromium-browser` or `google-chrome` on PATH (Debian's
`apt install chromium`; `.ci/run` installs it). The protocol runs over a WebSocket
(websocket-client). Every console message, uncaught exception and network request the page
makes is kept (`Page.errors`, `Page.requests`).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from typing import Any, Dict, List, Optional

import websocket

from processes import end_process

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def find_chromium() -> Optional[str]:
    """The path of a Chromium executable, or None."""
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium process, with a fresh profile, closed on exit."""

    def __init__(self, width: int = 800, height: int = 900) -> None:
        path = find_chromium()
        if path is None:
            raise RuntimeError("no Chromium found (looked for " + ", ".join(CANDIDATES)
                               + "); install it, on Debian with `apt install chromium`")
        self.profile = tempfile.mkdtemp(prefix="anima-chromium-")
        self.process = subprocess.Popen(
            [path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--remote-debugging-port=0",
             f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 30
        while not (os.path.exists(port_file) and len(open(port_file).read().split()) >= 2):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError("Chromium did not start its DevTools endpoint within 30 s")
            time.sleep(0.05)
        port, path_part = open(port_file).read().split()[:2]
        self.socket = websocket.create_connection(f"ws://127.0.0.1:{port}{path_part}", timeout=30)
        self.next_id = 0
        self.events: List[Dict[str, Any]] = []

    def send(self, method: str, params: Optional[Dict[str, Any]] = None, session: Optional[str] = None) -> Any:
        """Calls a protocol method and returns its result; events that arrive meanwhile are kept."""
        self.next_id += 1
        message: Dict[str, Any] = {"id": self.next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def open(self, url: str) -> "Page":
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        for domain in ("Page", "Runtime", "Network", "Log"):
            page.send(f"{domain}.enable")
        page.navigate(url)
        return page

    def close(self) -> None:
        if getattr(self, "socket", None) is not None:
            self.socket.close()
        end_process(self.process, 10)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class Page:
    """A tab of the browser, attached through one protocol session."""

    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session

    def send(self, method: str, params: Optional[Dict[str, Any]] = None) -> Any:
        return self.browser.send(method, params, self.session)

    def navigate(self, url: str, timeout: float = 30.0) -> None:
        self.send("Page.navigate", {"url": url})
        deadline = time.monotonic() + timeout
        # loaded, and every player has unpacked its recording and started
        ready = ("document.readyState === 'complete' && "
                 "document.querySelectorAll('.anima-player:not([data-ready])').length === 0")
        while not self.evaluate(ready):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{url} did not finish loading (and its players starting) in {timeout} s")
            time.sleep(0.05)

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def click(self, selector: str) -> None:
        """A real mouse click (pressed and released) at the middle of the element."""
        box = self.evaluate(f"(function () {{ var r = document.querySelector({json.dumps(selector)})"
                            ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                                                   "clickCount": 1})

    def screenshot(self) -> bytes:
        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])

    def _events(self) -> List[Dict[str, Any]]:
        return [e for e in self.browser.events if e.get("sessionId") == self.session]

    @property
    def errors(self) -> List[str]:
        """Console errors, uncaught exceptions and error log entries of the page."""
        found = []
        for event in self._events():
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(str(params.get("exceptionDetails", {}).get("text")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                found.append(params["entry"].get("text", ""))
        return found

    @property
    def requests(self) -> List[str]:
        """The URLs of every request the page made, the page itself included."""
        return [e["params"]["request"]["url"] for e in self._events() if e.get("method") == "Network.requestWillBeSent"]
