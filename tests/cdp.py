"""Headless Chromium driven over the DevTools protocol with the standard library only (a small
WebSocket client), for the browser tests of the docs (issue 31): no Playwright, no ChromeDriver.

    with Chromium(binary) as browser:
        browser.open("http://127.0.0.1:8000/rule.html")
        browser.wait("document.readyState == 'complete'")
        browser.js("1 + 1")  # -> 2

Chromium is started as the machine's own tests need it (as root, with no network but
loopback): ``--no-sandbox`` and no background networking, a fresh profile in a temporary
folder, and ``--remote-debugging-port=0`` (it prints the port it took).
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
from typing import Any


def find_chromium() -> str | None:
    return next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


class _Socket:
    """A client WebSocket (RFC 6455): text frames out (masked), text frames in."""

    def __init__(self, url: str, timeout: float) -> None:
        parts = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the browser closed the connection")
            reply += chunk
        head, self.buffer = reply.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))

    def send(self, text: str) -> None:
        data = text.encode()
        size = len(data)
        head = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else
                                bytes([0x80 | 126]) + struct.pack(">H", size) if size < 65536 else
                                bytes([0x80 | 127]) + struct.pack(">Q", size))
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("the browser closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def receive(self) -> str:
        message = b""
        while True:
            first, second = self._read(2)
            size = second & 0x7F
            if size == 126:
                size = struct.unpack(">H", self._read(2))[0]
            elif size == 127:
                size = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(size)
            if first & 0x0F == 0x8:
                raise ConnectionError("the browser closed the WebSocket")
            if first & 0x0F in (0x9, 0xA):  # ping, pong: not a message
                continue
            message += payload
            if first & 0x80:
                return message.decode()


class Chromium:
    """One headless Chromium with one page; ``requests`` lists every URL the page and its
    workers asked for."""

    def __init__(self, binary: str, timeout: float = 60) -> None:
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="cucu-chromium-")
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--hide-scrollbars", f"--user-data-dir={self.profile}", "--remote-debugging-port=0",
             "--window-size=1280,900", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.requests: list[str] = []
        self.console: list[str] = []
        self._id = 0
        try:
            self._connect()
        except BaseException:
            self.close()
            raise

    def _connect(self) -> None:
        assert self.process.stderr is not None
        deadline = time.monotonic() + self.timeout
        port = None
        while port is None and time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                raise RuntimeError("Chromium did not start")
            found = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            port = int(found.group(1)) if found else None
        if port is None:
            raise RuntimeError("Chromium did not say where it listens")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=self.timeout) as r:
            pages = [t for t in json.load(r) if t.get("type") == "page"]
        self.ws = _Socket(pages[0]["webSocketDebuggerUrl"], self.timeout)
        for domain in ("Page", "Runtime", "Network"):
            self.call(f"{domain}.enable")
        # the page's workers too (the page that rules runs Pyodide in one): each is held at its
        # start until its requests are watched as the page's are
        self.call("Target.setAutoAttach", autoAttach=True, waitForDebuggerOnStart=True, flatten=True)

    def _send(self, method: str, session: str | None = None, **params: Any) -> int:
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        return self._id

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        sent = self._send(method, **params)
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == sent and "sessionId" not in message:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._event(message)

    def _event(self, message: dict[str, Any]) -> None:
        params = message.get("params", {})
        if message.get("method") == "Target.attachedToTarget":  # a worker: watch it, then let it run
            session = params["sessionId"]
            self._send("Network.enable", session)
            self._send("Runtime.runIfWaitingForDebugger", session)
        elif message.get("method") == "Network.requestWillBeSent":
            self.requests.append(params["request"]["url"])
        elif message.get("method") == "Runtime.consoleAPICalled":
            self.console.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params["args"]))

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails'].get('exception', {})}")
        return result["result"].get("value")

    def wait(self, expression: str, timeout: float | None = None) -> Any:
        deadline = time.monotonic() + (timeout or self.timeout)
        while time.monotonic() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"not true after {timeout or self.timeout} s: {expression}")

    def open(self, url: str) -> None:
        self.call("Page.navigate", url="about:blank")
        self.call("Page.navigate", url=url)
        self.wait("document.readyState == 'complete' && location.href != 'about:blank'")

    def viewport(self, width: int, height: int, mobile: bool) -> None:
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=mobile)

    def type(self, text: str) -> None:
        """Text as the keyboard would insert it where the focus is (one input event)."""
        self.call("Input.insertText", text=text)

    def screenshot(self, path: str) -> None:
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Chromium":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
