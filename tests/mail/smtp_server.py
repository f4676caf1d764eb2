"""An SMTP server for tests/api/mail.rs: aiosmtpd on 127.0.0.1:PORT, writing each message
it accepts into DIR as a file of its own (the envelope's recipients on the first line, then
the message as received), named in the order received. Prints "ready" once it listens.

    python3 tests/mail/smtp_server.py PORT DIR
"""

import itertools
import pathlib
import signal
import sys
import threading

from aiosmtpd.controller import Controller


class Keep:
    def __init__(self, into):
        self.into = pathlib.Path(into)
        self.numbers = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        number = next(self.numbers)
        text = "To: " + ", ".join(envelope.rcpt_tos) + "\n" + envelope.content.decode("utf-8", "replace")
        part = self.into / f".{number:05d}.part"
        part.write_text(text, encoding="utf-8")
        part.rename(self.into / f"{number:05d}.eml")
        return "250 Message accepted for delivery"


def main():
    port, into = int(sys.argv[1]), sys.argv[2]
    pathlib.Path(into).mkdir(parents=True, exist_ok=True)
    controller = Controller(Keep(into), hostname="127.0.0.1", port=port)
    controller.start()
    print("ready", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    controller.stop()


if __name__ == "__main__":
    main()
