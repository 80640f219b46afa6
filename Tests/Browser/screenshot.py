"""Takes the screenshot of the DocC article *Inspecting a Screen*: the page of the shop's scripted
session at the moment the goods screen hears its first cart message, in headless Chromium.

    python3 Tests/Browser/screenshot.py shop.html Sources/BCKitInspector/BCKitInspector.docc/Resources/inspector-goods.png
"""

import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from recordings import read_recording
from test_inspector import CAP_SECONDS, start_browser

page, picture = sys.argv[1], sys.argv[2]
with open(page, encoding="utf-8") as file:
    lines = sorted(read_recording(file.read())[1:], key=lambda line: line["seq"])
moment = next(line["seq"] for line in lines
              if line["type"] == "dispatch" and line["owner"] == "GoodsDetail" and line["conversation"] == "CartConversation")
driver = start_browser()
try:
    driver.get("file://%s#t=%d" % (__import__("os").path.abspath(page), moment))
    WebDriverWait(driver, CAP_SECONDS).until(
        lambda driver: driver.find_element(By.TAG_NAME, "html").get_attribute("data-inspector") == "ready")
    driver.save_screenshot(picture)
finally:
    driver.quit()
print("moment %d -> %s" % (moment, picture))
