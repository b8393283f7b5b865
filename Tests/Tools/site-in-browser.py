#!/usr/bin/env python3
"""Opens every page of a static site jotter wrote in headless Chromium and reports, as
JSON on standard output, what a test asserts on: each page's console errors and failed
requests, the elements, attributes and links it holds, its days and entries, and the
shaded days of its calendars; links whose file or anchor does not exist; and
screenshots of the pages named with --screenshot, saved in --out.

Chromium is driven through its DevTools protocol over a pipe (--remote-debugging-pipe:
it reads commands on fd 3 and writes replies and events on fd 4, each a JSON text
ended by a NUL byte), so nothing but Python's standard library and the browser is
needed. Every wait is for a reply or an event (Page.loadEventFired), never for time.

usage: site-in-browser.py SITE_FOLDER --out FOLDER [--screenshot PAGE]... [--chromium PATH]
"""

import argparse
import base64
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

# The elements jotter's pages are made of: anything else on a page was made from text.
KNOWN_ELEMENTS = {
    "html", "head", "meta", "title", "link", "body", "nav", "main", "a", "h1", "h2", "h3", "p",
    "section", "ul", "li", "time", "div", "span", "table", "thead", "tbody", "tr", "th", "td",
    "svg", "rect", "text", "polyline", "line", "circle",
}

# Runs in each page once it has loaded; returns what the page holds as a JSON text.
INSPECT_PAGE = """
(() => {
  const known = new Set(%s);
  const page = {
    title: document.title,
    scripts: document.getElementsByTagName("script").length,
    styleSheets: document.styleSheets.length,
    unknownElements: [], handlers: [], scriptURLs: [], links: [], ids: [], days: {}, fields: [],
    shadedDays: document.querySelectorAll("svg.heatmap rect:not(.l0)").length,
    heatmapDays: document.querySelectorAll("svg.heatmap rect").length,
  };
  for (const element of document.getElementsByTagName("*")) {
    if (!known.has(element.localName)) page.unknownElements.push(element.localName);
    for (const attribute of element.attributes) {
      if (attribute.name.toLowerCase().startsWith("on")) page.handlers.push(element.localName + " " + attribute.name);
      if (/^\\s*(javascript|data|vbscript):/i.test(attribute.value) && !(element.localName === "link" && attribute.value === "data:,"))
        page.scriptURLs.push(element.localName + " " + attribute.name);
    }
    if (element.id) page.ids.push(element.id);
  }
  for (const link of document.querySelectorAll("a")) {
    page.links.push(new URL(link.getAttribute("href"), document.baseURI).href);
  }
  for (const day of document.querySelectorAll("section.day")) {
    page.days[day.id] = [...day.querySelectorAll(".text")].map(text => text.textContent.slice(0, 300));
  }
  for (const row of document.querySelectorAll("table.fields tr")) {
    page.fields.push([row.querySelector("th").textContent, row.querySelector("td").textContent]);
  }
  return JSON.stringify(page);
})()
""" % json.dumps(sorted(KNOWN_ELEMENTS))


class Browser:
    """Chromium, headless, with a DevTools session on one page."""

    def __init__(self, chromium, profile):
        commands_read, self.commands = os.pipe()
        self.replies, replies_write = os.pipe()
        # The ends Chromium gets are moved above 9 first, so that putting them at fds 3
        # and 4 (which bash does) never closes one with the other.
        commands_read = self._moved_high(commands_read)
        replies_write = self._moved_high(replies_write)
        script = 'exec "$0" "$@" 3<&%d 4>&%d %d<&- %d>&-' % (commands_read, replies_write, commands_read, replies_write)
        self.process = subprocess.Popen(
            ["/bin/bash", "-c", script, chromium, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--user-data-dir=" + profile, "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--window-size=1100,900",
             "about:blank"],
            pass_fds=(commands_read, replies_write), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_read)
        os.close(replies_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    @staticmethod
    def _moved_high(descriptor):
        moved = fcntl.fcntl(descriptor, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(descriptor)
        return moved

    def _receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.replies, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self.commands, data):]
        while True:
            reply = self._receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply["result"]
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method):
        """The events received up to and including the first `method` event."""
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == method:
                    taken, self.events = self.events[:index + 1], self.events[index + 1:]
                    return taken
            self.events.append(self._receive())

    def open_page_session(self):
        targets = self.send("Target.getTargets", session=False)["targetInfos"]
        page = next(target for target in targets if target["type"] == "page")
        self.session = self.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.send(domain + ".enable")

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except RuntimeError:
            pass
        self.process.wait()
        os.close(self.commands)
        os.close(self.replies)


def problems_in(events):
    """The console errors and failed requests among a page's events."""
    errors, failed = [], []
    for event in events:
        params = event.get("params", {})
        method = event["method"]
        if method == "Runtime.exceptionThrown":
            errors.append(params["exceptionDetails"].get("text", "exception"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            errors.append(" ".join(str(argument.get("value", "")) for argument in params.get("args", [])))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            errors.append(params["entry"].get("text", ""))
        elif method == "Network.loadingFailed":
            failed.append(params.get("errorText", "") + " " + params.get("requestId", ""))
    return errors, failed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("--out", required=True)
    parser.add_argument("--screenshot", action="append", default=[])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    arguments = parser.parse_args()

    site = os.path.realpath(arguments.site)
    pages = sorted(name for name in os.listdir(site) if name.endswith(".html"))
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    browser = Browser(arguments.chromium, profile)
    report = {"pages": {}, "brokenLinks": [], "screenshots": []}
    try:
        browser.open_page_session()
        for name in pages:
            url = "file://" + urllib.request.pathname2url(os.path.join(site, name))
            navigation = browser.send("Page.navigate", {"url": url})
            events = browser.wait_for("Page.loadEventFired")
            value = browser.send("Runtime.evaluate", {"expression": INSPECT_PAGE, "returnByValue": True})
            page = json.loads(value["result"]["value"])
            page["consoleErrors"], page["failedRequests"] = problems_in(events)
            # What came after the load event and before the page was read.
            later_errors, later_failures = problems_in(browser.events)
            browser.events = []
            page["consoleErrors"] += later_errors
            page["failedRequests"] += later_failures
            if "errorText" in navigation:
                page["consoleErrors"].append("navigation: " + navigation["errorText"])
            if name in arguments.screenshot:
                metrics = browser.send("Page.getLayoutMetrics")["cssContentSize"]
                shot = browser.send("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                    "clip": {"x": 0, "y": 0, "width": min(metrics["width"], 1100),
                             "height": min(metrics["height"], 2400), "scale": 1}})
                path = os.path.join(arguments.out, name.replace(".html", ".png"))
                with open(path, "wb") as file:
                    file.write(base64.b64decode(shot["data"]))
                report["screenshots"].append(path)
            report["pages"][name] = page
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)

    for name, page in report["pages"].items():
        for link in page["links"]:
            parts = urllib.parse.urlsplit(link)
            target = os.path.basename(urllib.request.url2pathname(parts.path))
            inside = parts.scheme == "file" and os.path.dirname(urllib.request.url2pathname(parts.path)) == site
            if not inside or target not in report["pages"] or (
                    parts.fragment and parts.fragment not in report["pages"][target]["ids"]):
                report["brokenLinks"].append(name + " -> " + link)
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
