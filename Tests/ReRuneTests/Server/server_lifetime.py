"""How the ReRuneTests servers end (shared by ota_test_server.py and ota_fault_server.py).

A server must never outlive the test process that started it: it exits when its standard input
closes (PythonServer closes it to stop the server) and also when its parent is gone, since the pipe
can stay open when another child of the test process inherited it.
"""

import os
import sys
import threading
import time


def _watch_parent(parent):
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def _watch_stdin():
    try:
        while sys.stdin.buffer.read(1024):
            pass
    finally:
        os._exit(0)


def exit_with_test_process():
    """Starts the watchers (daemon threads); the process exits when either fires."""
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    threading.Thread(target=_watch_stdin, daemon=True).start()
