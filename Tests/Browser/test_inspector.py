"""BCKit Inspector in headless Chromium: the page made from the console shop's scripted session,
driven through Selenium and chromium-driver, then generated recordings for the size figures.

Run by .ci/browser.sh, which builds the page first:
    INSPECTOR_PAGE=shop.html python3 Tests/Browser/test_inspector.py
"""

import json
import os
import sys
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from recordings import generated, page_with, read_recording

# Only against hangs: no test asserts a timing.
CAP_SECONDS = 10


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,900", "--disable-background-networking"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(CAP_SECONDS)
    return driver


class ShopPageTests(unittest.TestCase):
    """The page of the shop's scripted session."""

    @classmethod
    def setUpClass(cls):
        cls.path = os.path.abspath(os.environ["INSPECTOR_PAGE"])
        with open(cls.path, encoding="utf-8") as page:
            cls.html = page.read()
        cls.lines = read_recording(cls.html)[1:]
        cls.url = "file://" + cls.path
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def open(self, hash=""):
        # A new document each time: a hash change alone would not reload the page.
        self.driver.get("about:blank")
        self.driver.get(self.url + hash)
        WebDriverWait(self.driver, CAP_SECONDS).until(
            lambda driver: driver.find_element(By.TAG_NAME, "html").get_attribute("data-inspector") != "loading")
        self.assertEqual(self.attribute("data-inspector"), "ready", self.driver.find_element(By.ID, "error").text)

    def attribute(self, name):
        return self.driver.find_element(By.TAG_NAME, "html").get_attribute(name)

    def first(self, predicate):
        return next(line for line in sorted(self.lines, key=lambda line: line["seq"]) if predicate(line))

    def tree_state(self, owner):
        """The state shown for an owner in the tree, or None when it is not there."""
        for element in self.driver.find_elements(By.CSS_SELECTOR, "#tree li.owner"):
            label = element.find_element(By.CSS_SELECTOR, ":scope > .label").text
            if label == owner:
                return element.find_element(By.CSS_SELECTOR, ":scope > .state").text
        return None

    def controller_states(self):
        return {element.get_attribute("data-name"): element.find_element(By.CSS_SELECTOR, ".state").text
                for element in self.driver.find_elements(By.CSS_SELECTOR, "#tree li.ctl")}

    def visible_rows(self):
        return [row for row in self.driver.find_elements(By.CSS_SELECTOR, "#timeline .row") if row.is_displayed()]

    def test_the_page_says_it_is_ready_with_its_dispatch_count(self):
        self.open()
        dispatches = [line for line in self.lines if line["type"] == "dispatch"]
        self.assertGreater(len(dispatches), 20)
        self.assertEqual(self.attribute("data-dispatches"), str(len(dispatches)))

    def test_the_tree_shows_each_moment_as_it_was(self):
        attached = self.first(lambda line: line["type"] == "owner" and line["owner"] == "GoodsDetail")
        self.open("#t=%d" % attached["seq"])
        self.assertEqual(self.tree_state("GoodsDetail"), "initial")
        self.assertEqual(self.tree_state("Home"), "loaded")
        self.assertEqual(self.controller_states().get("PriceController"), "initial")
        appeared = self.first(lambda line: line["type"] == "owner" and line["owner"] == "GoodsDetail"
                              and line["state"] == "appeared")
        self.open("#t=%d" % appeared["seq"])
        self.assertEqual(self.tree_state("GoodsDetail"), "appeared")
        self.assertEqual(self.controller_states().get("PriceController"), "appeared")
        before = self.first(lambda line: True)
        self.open("#t=%d" % before["seq"])
        self.assertIsNone(self.tree_state("GoodsDetail"))

    def test_the_conversation_and_unhandled_filters_show_only_their_dispatches(self):
        self.open()
        conversation = "CartConversation"
        expected = sorted(line["seq"] for line in self.lines
                          if line["type"] == "dispatch" and line["conversation"] == conversation)
        self.assertTrue(expected)
        Select(self.driver.find_element(By.ID, "by-conversation")).select_by_value(conversation)
        shown = sorted(int(row.get_attribute("data-seq")) for row in self.visible_rows())
        self.assertEqual(shown, expected)
        Select(self.driver.find_element(By.ID, "by-conversation")).select_by_value("")
        self.driver.find_element(By.ID, "unhandled-only").click()
        unhandled = sorted(line["seq"] for line in self.lines if line.get("unhandled"))
        shown = sorted(int(row.get_attribute("data-seq")) for row in self.visible_rows())
        self.assertEqual(shown, unhandled)

    def test_the_controller_filter_keeps_what_it_sends_or_hears(self):
        self.open()
        name = "CartBadgeController"
        Select(self.driver.find_element(By.ID, "by-controller")).select_by_value(name)
        rows = self.visible_rows()
        self.assertTrue(rows)
        for row in rows:
            line = next(line for line in self.lines if line["seq"] == int(row.get_attribute("data-seq")))
            names = [line.get("sender"), line.get("subject"), line.get("controller")]
            names += [receiver["name"] for receiver in line.get("receivers", [])]
            self.assertIn(name, names)

    def test_selecting_a_dispatch_highlights_its_sender_and_receivers(self):
        dispatch = self.first(lambda line: line["type"] == "dispatch" and line["kind"] == "send"
                              and line["sender"] and line["owner"] == "GoodsDetail" and line["receivers"])
        self.open()
        row = self.driver.find_element(By.CSS_SELECTOR, '#timeline .row[data-seq="%d"]' % dispatch["seq"])
        row.click()
        self.assertIn("selected", row.get_attribute("class"))
        senders = [element.get_attribute("data-name") for element in self.driver.find_elements(By.CSS_SELECTOR, "#tree .sender")]
        self.assertEqual(senders, [dispatch["sender"]])
        handled = {element.get_attribute("data-name") for element in self.driver.find_elements(By.CSS_SELECTOR, "#tree .handled")}
        self.assertEqual(handled, {receiver["name"] for receiver in dispatch["receivers"] if receiver["handled"]})
        details = self.driver.find_element(By.ID, "selection").text
        self.assertIn("handled by", details)
        self.assertIn(dispatch["receivers"][0]["name"], details)
        self.assertEqual(self.driver.execute_script("return location.hash"), "#t=%d" % dispatch["seq"])

    def test_a_deep_link_opens_that_moment_and_stepping_moves_it(self):
        ordered = sorted(line["seq"] for line in self.lines)
        middle = ordered[len(ordered) // 2]
        self.open("#t=%d" % middle)
        self.assertEqual(self.driver.find_element(By.ID, "slider").get_attribute("value"), str(middle))
        selected = self.driver.find_element(By.CSS_SELECTOR, "#timeline .row.selected")
        self.assertEqual(selected.get_attribute("data-seq"), str(middle))
        self.driver.find_element(By.ID, "next").click()
        following = ordered[ordered.index(middle) + 1]
        self.assertEqual(self.driver.execute_script("return location.hash"), "#t=%d" % following)
        self.driver.find_element(By.ID, "prev").click()
        self.assertEqual(self.driver.execute_script("return location.hash"), "#t=%d" % middle)

    def test_the_graph_is_drawn_inline(self):
        self.open()
        edges = self.driver.find_elements(By.CSS_SELECTOR, "#graph svg .edge")
        nodes = [node.get_attribute("data-name") for node in self.driver.find_elements(By.CSS_SELECTOR, "#graph svg .node")]
        self.assertTrue(edges)
        self.assertIn("CartBadgeController", nodes)

    def test_no_console_errors_and_no_network_request(self):
        self.open("#t=3")
        self.driver.find_element(By.ID, "next").click()
        errors = [entry for entry in self.driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
        self.assertEqual(errors, [])
        requests = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                url = message["params"]["request"]["url"]
                if url.split("#")[0] not in (self.url, "about:blank"):
                    requests.append(url)
        self.assertEqual(requests, [])


class SizeFigures(unittest.TestCase):
    """Render and filter times and bytes per dispatch at three sizes: reported, never asserted
    (only the cap guards against a hang)."""

    def test_generated_recordings_render_and_filter(self):
        with open(os.environ["INSPECTOR_PAGE"], encoding="utf-8") as page:
            template = page.read()
        driver = start_browser()
        rows = []
        try:
            with tempfile.TemporaryDirectory() as folder:
                for size in (100, 1000, 10000):
                    path = os.path.join(folder, "generated-%d.html" % size)
                    lines = generated(size)
                    with open(path, "w", encoding="utf-8") as page:
                        page.write(page_with(template, lines))
                    driver.get("file://" + path)
                    WebDriverWait(driver, CAP_SECONDS).until(
                        lambda driver: driver.find_element(By.TAG_NAME, "html").get_attribute("data-inspector") == "ready")
                    html = driver.find_element(By.TAG_NAME, "html")
                    self.assertEqual(html.get_attribute("data-dispatches"), str(size))
                    # Set in the page rather than through Selenium's clicks, so the figure is the
                    # page's own work; the wall time around it is only checked against the cap.
                    started = time.perf_counter()
                    driver.execute_script(
                        'const select = document.getElementById("by-conversation");'
                        'select.value = "Conversation03";'
                        'select.dispatchEvent(new Event("change"));')
                    filter_ms = float(html.get_attribute("data-filter-ms"))
                    self.assertLess(time.perf_counter() - started, CAP_SECONDS)
                    shown = driver.execute_script(
                        'return [...document.querySelectorAll("#timeline .row.dispatch")]'
                        '.filter((row) => !row.classList.contains("hidden")).length')
                    expected = sum(1 for line in lines if line.get("conversation") == "Conversation03")
                    self.assertEqual(shown, expected)
                    bytes = os.path.getsize(path)
                    rows.append((size, html.get_attribute("data-render-ms"), html.get_attribute("data-ready-ms"),
                                 "%.1f" % filter_ms, bytes, bytes // size))
        finally:
            driver.quit()
        report = ["| dispatches | script to ready (ms) | navigation to ready (ms) | filter (ms) | page bytes | bytes per dispatch |",
                  "| ---: | ---: | ---: | ---: | ---: | ---: |"]
        report += ["| %d | %s | %s | %s | %d | %d |" % row for row in rows]
        print("\n" + "\n".join(report), file=sys.stderr)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors)
    print("%d passed, %d failed" % (result.testsRun - failed, failed))
    sys.exit(1 if failed or not result.wasSuccessful() else 0)
