"""Takes the screenshots of the DocC article *Inspecting a Screen* in headless Chromium, from the
pages .ci/browser.sh makes (the shop's scripted session, and it compared with its variant):

- inspector-goods.png: the session at the moment the goods screen hears its first cart message;
- inspector-time.png: the time view, zoomed 64 times on the tap that sent that message;
- inspector-compare.png: the comparison page at its first difference.

    python3 Tests/Browser/screenshot.py shop.html compare.html Sources/BCKitInspector/BCKitInspector.docc/Resources
"""

import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from recordings import read_recording
from test_inspector import CAP_SECONDS, start_browser

shop, compare, folder = sys.argv[1], sys.argv[2], sys.argv[3]
with open(shop, encoding="utf-8") as file:
    lines = sorted(read_recording(file.read())[1:], key=lambda line: line["seq"])
message = next(line for line in lines
               if line["type"] == "dispatch" and line["owner"] == "GoodsDetail" and line["conversation"] == "CartConversation")
moment = message["seq"]
tap = message["parent"]


def ready(driver):
    WebDriverWait(driver, CAP_SECONDS).until(
        lambda driver: driver.find_element(By.TAG_NAME, "html").get_attribute("data-inspector") == "ready")


driver = start_browser(1400, 860)
try:
    driver.get("file://%s#t=%d" % (os.path.abspath(shop), moment))
    ready(driver)
    driver.save_screenshot(os.path.join(folder, "inspector-goods.png"))
    driver.get("about:blank")
    driver.get("file://%s#t=%d" % (os.path.abspath(shop), tap))
    ready(driver)
    driver.find_element(By.ID, "tab-time").click()
    for _ in range(6):
        driver.find_element(By.ID, "zoom-in").click()
    driver.save_screenshot(os.path.join(folder, "inspector-time.png"))
    driver.get("file://%s" % os.path.abspath(compare))
    ready(driver)
    driver.save_screenshot(os.path.join(folder, "inspector-compare.png"))
finally:
    driver.quit()
print("moments %d and %d; screenshots in %s" % (moment, tap, folder))
