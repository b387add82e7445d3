"""A screenshot of a page part way down, for screenshots.sh: chromium's
--screenshot flag draws a page scrolled by its address (`#part`) only in
part, so this drives chromium through chromedriver's WebDriver API, waits
until the page has drawn `selector`, lets the page scroll to its `#part`
and saves the window as a PNG.

    python3 docs/serve/webshot.py URL OUT.png WIDTH HEIGHT SELECTOR

Needs chromium and chromedriver (Debian: chromium chromium-driver) and
Python 3's standard library only.
"""

import base64
import json
import socket
import subprocess
import sys
import time
import urllib.request

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def call(port, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, method=method,
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)["value"]


def main():
    url, out, width, height, selector = sys.argv[1:6]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", f"--window-size={width},{height}"]}}}}
        session = call(port, "POST", "/session", caps)["sessionId"]
        try:
            # The window's inside exactly WIDTH × HEIGHT, as on the device
            # (a window holds less, and no less than 500 px wide).
            metrics = {"width": int(width), "height": int(height), "deviceScaleFactor": 1,
                       "mobile": int(width) < 600}
            call(port, "POST", f"/session/{session}/goog/cdp/execute",
                 {"cmd": "Emulation.setDeviceMetricsOverride", "params": metrics})
            call(port, "POST", f"/session/{session}/url", {"url": url})
            script = {"script": "return !!document.querySelector(arguments[0]);", "args": [selector]}
            for _ in range(300):
                if call(port, "POST", f"/session/{session}/execute/sync", script):
                    break
                time.sleep(0.05)
            time.sleep(1.0)  # the page's own scroll to its `#part`, then the paint
            png = call(port, "GET", f"/session/{session}/screenshot")
            with open(out, "wb") as f:
                f.write(base64.b64decode(png))
        finally:
            call(port, "DELETE", f"/session/{session}")
    finally:
        driver.kill()
        driver.wait()


if __name__ == "__main__":
    main()
