"""Talking to the program under test: one request line out, one answer back, whatever it does.

The program is hostile until it has answered (issue 27, findings 7, 9, 10, 12):

* writing the request never blocks: the request goes out through a non-blocking pipe in the
  same wait that reads the answer and the error output, so a program that never reads its
  input cannot hang the runner, and ``timeout`` bounds the whole exchange;
* an answer is at most :data:`MAX_ANSWER_BYTES` bytes, in both modes: longer, and the program
  is ended and the vector failed; the answer is scanned for its newline once per byte read
  (linear time);
* of the error output only the last :data:`STDERR_TAIL_BYTES` bytes are ever held;
* each program runs in its own process group (a new session), and the whole group is ended
  when the program times out, misbehaves or is done, so its children never outlive the run
  (a child that starts a session of its own has left the group on purpose, and is not
  followed).

POSIX only (process groups, non-blocking pipes), like the rest of the runner's plumbing.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import subprocess
import time
from typing import Any, Optional, Sequence, Union

__all__ = ["Process", "MAX_ANSWER_BYTES", "STDERR_TAIL_BYTES"]

MAX_ANSWER_BYTES = 1 << 20  # 1 MiB: the largest vector's answer is under 1 KB
STDERR_TAIL_BYTES = 4096
_CHUNK = 65536
_GRACE = 2.0  # seconds a program gets to exit after its input is closed, before its group is killed


class _Tail:
    """The last :data:`STDERR_TAIL_BYTES` bytes of a stream, in bounded memory."""

    def __init__(self) -> None:
        self.data = b""

    def add(self, chunk: bytes) -> None:
        self.data = (self.data + chunk)[-STDERR_TAIL_BYTES:]

    def last_line(self) -> str:
        lines = self.data.decode("utf-8", "replace").strip().splitlines()
        return f"; its last error output: {lines[-1][:300]}" if lines else ""


class Process:
    """The program under test, one long-lived process speaking JSON Lines (or one process per
    vector); restarted after it exits, times out or answers out of bounds."""

    def __init__(self, command: Sequence[str], per_vector: bool, timeout: float):
        self.command = list(command)
        self.per_vector = per_vector
        self.timeout = timeout
        self.proc: Optional[subprocess.Popen[bytes]] = None
        self.pending = bytearray()  # bytes after the last answer's newline (long-lived mode)
        self.errors = _Tail()

    def ask(self, doc: dict[str, Any]) -> Any:
        """The program's answer to ``doc`` (parsed JSON), or a string saying why there is none."""
        request = (json.dumps(doc, ensure_ascii=False) + "\n").encode("utf-8")
        if self.proc is None or self.per_vector:
            try:
                self._start()
            except OSError as err:
                return f"cannot run the program: {err}"
        got = self._exchange(request)
        if self.per_vector and self.proc is not None:
            code = self._end(grace=_GRACE)
            if isinstance(got, bytes) and not got.strip():
                return f"no answer (exit code {code}){self.errors.last_line()}"
        if isinstance(got, str):
            return got
        return _json(got.decode("utf-8", "replace"))

    def close(self) -> None:
        self._end(grace=_GRACE)

    # ------------------------------------------------------------------ the process and its group

    def _start(self) -> None:
        self._end(grace=0)
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, start_new_session=True)
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            assert pipe is not None
            os.set_blocking(pipe.fileno(), False)
        self.pending = bytearray()
        self.errors = _Tail()

    def _end(self, grace: float) -> Optional[int]:
        """Close the program's input, give it ``grace`` seconds to exit, then end its whole
        process group (finding 12); its exit code, None if it had to be killed."""
        proc, self.proc = self.proc, None
        if proc is None:
            return None
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        with contextlib.suppress(OSError):
            proc.stdin.close()
        code: Optional[int] = None
        with contextlib.suppress(subprocess.TimeoutExpired):
            code = proc.wait(timeout=grace) if grace > 0 else proc.poll()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)  # the group outlives its leader while a child lives
        proc.wait()
        self._drain_errors(proc)
        proc.stdout.close()
        proc.stderr.close()
        return code

    def _drain_errors(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stderr is not None
        try:
            while chunk := os.read(proc.stderr.fileno(), _CHUNK):
                self.errors.add(chunk)
        except (BlockingIOError, OSError):
            pass

    def _stopped(self) -> str:
        code = self._end(grace=0.5)
        return f"the program stopped (exit code {code}){self.errors.last_line()}"

    # ------------------------------------------------------------------ one exchange

    def _exchange(self, request: bytes) -> Union[bytes, str]:
        """Send ``request`` and read the answer, all under one deadline (findings 7 and 10)."""
        proc = self.proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        deadline = time.monotonic() + self.timeout
        answer, self.pending = self.pending, bytearray()
        scanned, written = 0, 0
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdin.fileno(), selectors.EVENT_WRITE, "in")
            sel.register(proc.stdout.fileno(), selectors.EVENT_READ, "out")
            sel.register(proc.stderr.fileno(), selectors.EVENT_READ, "err")
            while True:
                if not self.per_vector and written >= len(request):  # an answer only once the request is out
                    newline = answer.find(b"\n", scanned)
                    if 0 <= newline <= MAX_ANSWER_BYTES:
                        self.pending = answer[newline + 1:]
                        return bytes(answer[:newline])
                    scanned = len(answer)
                if len(answer) > MAX_ANSWER_BYTES:
                    self._end(grace=0)
                    if written < len(request):
                        return f"the program wrote over {MAX_ANSWER_BYTES} bytes without reading its request"
                    return f"the answer is longer than {MAX_ANSWER_BYTES} bytes"
                left = deadline - time.monotonic()
                ready = sel.select(left) if left > 0 else []
                if not ready:
                    self._end(grace=0)
                    return f"no answer within {self.timeout:g} s"
                for key, _ in ready:
                    if key.data == "in":
                        written = self._write(sel, key.fd, request, written)
                    elif key.data == "err":
                        if not self._read_errors(key.fd):
                            sel.unregister(key.fd)
                    else:
                        chunk = _read(key.fd)
                        if chunk is None:
                            continue
                        if chunk == b"":
                            return bytes(answer) if self.per_vector else self._stopped()
                        answer += chunk

    def _write(self, sel: selectors.BaseSelector, fd: int, request: bytes, written: int) -> int:
        """Write what the pipe takes now; when all is written (or the program closed its input),
        stop waiting to write (per vector: close the input, the request is whole)."""
        try:
            written += os.write(fd, request[written:written + _CHUNK])
        except BlockingIOError:
            return written
        except OSError:  # the program closed its input: its answer or its exit says the rest
            written = len(request)
        if written >= len(request):
            sel.unregister(fd)
            if self.per_vector and self.proc is not None and self.proc.stdin is not None:
                self.proc.stdin.close()
        return written

    def _read_errors(self, fd: int) -> bool:
        chunk = _read(fd)
        if chunk:
            self.errors.add(chunk)
        return chunk != b""


def _read(fd: int) -> Optional[bytes]:
    """What the pipe holds now: b'' at its end, None when nothing is there yet."""
    try:
        return os.read(fd, _CHUNK)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        return f"the answer is not JSON ({err.msg}): {text[:200]!r}"
    except RecursionError:
        return "the answer is not JSON: nested too deeply"
