#!/usr/bin/env python3
"""The trace page (--trace=FILE.html) in a real browser: Debian's chromium, headless, driven by
Selenium through chromium-driver (nothing downloads a browser).

A piped session with a load and a failing expect writes its page; the check opens it, reads the
step list against the session's own lines, clicks a step and finds the changed paths highlighted,
steps on with ArrowDown, filters the tree with the search box, and follows "first failure". Then
a session over 10,000 posts with 1,000 selections opens and steps; the time a step takes in the
page is printed (a measurement, not a pass/fail check). Every wait is for a condition.

usage: check_trace_page.py VMREPL [OUT_DIR]
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
WAIT = 30


def fail(message):
    sys.exit("check_trace_page: " + message)


def run_session(binary, page, lines, env=None):
    """Runs a piped session with --trace=page; its protocol lines, parsed."""
    result = subprocess.run(
        [binary, f"--trace={page}", "--max-line-bytes=16777216"], input="\n".join(lines) + "\n",
        capture_output=True, text=True, timeout=600, env=env)
    if not page.exists():
        fail(f"no page at {page}; stderr: {result.stderr}")
    return [json.loads(line) for line in result.stdout.splitlines()]


def browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        fail("chromium and chromium-driver are needed (make setup installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def selected(driver):
    return driver.find_element(By.CSS_SELECTOR, ".step.selected")


def wait_for(driver, condition, what):
    try:
        return WebDriverWait(driver, WAIT).until(lambda d: condition(d))
    except Exception as error:  # a timeout names what was waited for
        fail(f"waited {WAIT}s for {what}: {type(error).__name__}")


def check_small(driver, binary, folder, out_dir):
    page = folder / "users.html"
    lines = [
        "use users",
        "load",
        "wait",
        'expect users.phase == "failed"',
        'mock users.phase="failed" users.failure={"attempt":1,"message":"offline"}',
        '{"id":"last","cmd":"state"}',
    ]
    output = run_session(binary, page, lines)
    replies = [line for line in output if not line.get("push")]
    driver.get(page.as_uri())
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the page to start")

    # The step list: one row per reply, in order, with the session's own line numbers and types.
    rows = driver.find_elements(By.CSS_SELECTOR, "#steps .step")
    if len(rows) != len(replies):
        fail(f"{len(rows)} steps listed, the session replied {len(replies)} times")
    for row, reply in zip(rows, replies):
        line = row.find_element(By.CSS_SELECTOR, ".line").text
        if line != str(reply.get("line", "")):
            fail(f"a step shows line {line!r}, its reply has {reply.get('line')}")
        if not row.find_element(By.CSS_SELECTOR, ".type").text.startswith(reply["type"]):
            fail(f"step at line {line} shows {row.find_element(By.CSS_SELECTOR, '.type').text!r}, the reply is {reply['type']}")
    commands = [row.find_element(By.CSS_SELECTOR, ".cmd").text for row in rows[1:]]
    if commands != lines:
        fail(f"the steps' commands are {commands}, the session's lines {lines}")
    failed = [row.find_element(By.CSS_SELECTOR, ".line").text for row in rows if row.get_attribute("data-failure") == "expect"]
    expected_failures = [str(line["line"]) for line in output if line.get("code") == "expectation_failed"]
    if failed != expected_failures:
        fail(f"failure markers on lines {failed}, the session failed on {expected_failures}")

    # The load's step holds its push, with the virtual time it came at.
    rows[2].click()
    wait_for(driver, lambda d: d.find_element(By.ID, "pushes").text.startswith("t=2s "), "the load's push at t=2s")
    pushed = [line for line in output if line.get("push") and line.get("line") == 2]
    if json.loads(driver.find_element(By.ID, "pushes").text.split(" ", 1)[1]).get("seq") != pushed[0]["seq"]:
        fail("the load's push is not the session's pushed line")

    # Clicking the mock's step highlights exactly the paths its state line changed.
    mock_row = rows[lines.index(lines[4]) + 1]
    mock_row.click()
    wait_for(driver, lambda d: selected(d).get_attribute("data-index") == mock_row.get_attribute("data-index"), "the mock step to be selected")
    highlighted = {node.get_attribute("data-path") for node in driver.find_elements(By.CSS_SELECTOR, "#tree .node.changed")}
    if highlighted != {"/users/phase", "/users/failure"}:
        fail(f"after the mock, highlighted paths are {sorted(highlighted)}")
    driver.save_screenshot(str(out_dir / "trace-page.png"))

    # ArrowDown steps to the next request, the state whose reply carries the id.
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_DOWN)
    wait_for(driver, lambda d: selected(d).find_element(By.CSS_SELECTOR, ".cmd").text == lines[5], "ArrowDown to select the next step")
    wait_for(driver, lambda d: '"id":"last"' in d.find_element(By.ID, "reply").text, "the reply of the selected step")
    if driver.find_elements(By.CSS_SELECTOR, "#tree .node.changed"):
        fail("a step that changed nothing highlights paths")

    # The search box keeps the matching paths and their ancestors only.
    search = driver.find_element(By.ID, "search")
    search.send_keys("offline")
    wait_for(driver, lambda d: [n.get_attribute("data-path") for n in d.find_elements(By.CSS_SELECTOR, "#tree .node.match")] == ["/users/failure/message"],
             "the search to match users.failure.message")
    shown = {node.get_attribute("data-path") for node in driver.find_elements(By.CSS_SELECTOR, "#tree .node")}
    if shown != {"", "/users", "/users/failure", "/users/failure/message"}:
        fail(f"the filtered tree shows {sorted(shown)}")
    search.clear()
    search.send_keys(Keys.ESCAPE)
    driver.execute_script("document.getElementById('search').dispatchEvent(new Event('input'))")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#tree .node")) > 4, "the cleared search to show the whole tree")

    # "First failure" selects the failed expect.
    driver.find_element(By.ID, "first-failure").click()
    wait_for(driver, lambda d: selected(d).get_attribute("data-failure") == "expect", "first failure to select the failed expect")
    if selected(driver).find_element(By.CSS_SELECTOR, ".cmd").text != lines[3]:
        fail("first failure selected another step than the failed expect")
    print(f"check_trace_page: {len(rows)} steps, highlight, ArrowDown, search and first failure checked")


def check_explore(driver, binary, folder):
    """explore's page: the counterexample's run, the break marked, first failure one click away."""
    setup = folder / "setup.vmrepl"
    setup.write_text('use foo\ninvariant text != "\U0001F622"\n')
    page = folder / "explore.html"
    result = subprocess.run([binary, "explore", f"--trace={page}", str(setup)], capture_output=True, text=True, timeout=600)
    counterexample = json.loads(result.stdout.splitlines()[-1])
    if counterexample["type"] != "counterexample" or not page.exists():
        fail(f"explore found no counterexample or wrote no page: {result.stdout} {result.stderr}")
    driver.get(page.as_uri())
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the explore page to start")
    driver.find_element(By.ID, "first-failure").click()
    wait_for(driver, lambda d: selected(d).get_attribute("data-failure") == "invariant", "first failure to select the broken invariant")
    if selected(driver).find_element(By.CSS_SELECTOR, ".cmd").text != counterexample["steps"][-1]:
        fail(f"the broken invariant is marked on {selected(driver).text!r}, the counterexample's last step is {counterexample['steps'][-1]!r}")
    if {n.get_attribute("data-path") for n in driver.find_elements(By.CSS_SELECTOR, "#tree .node.changed")} != {"/text"}:
        fail("the breaking step does not highlight text")
    print("check_trace_page: explore's counterexample run and its broken invariant checked")


def check_large(driver, binary, folder):
    count, selections = 10_000, 1_000
    posts = [{"id": i, "title": f"Post number {i}", "body": f"The body of post {i}, long enough to look like one."}
             for i in range(1, count + 1)]
    posts_file = folder / "posts.json"
    posts_file.write_text(json.dumps(posts))
    env = dict(os.environ, VMREPL_POSTS_URL=posts_file.as_uri())
    page = folder / "posts.html"
    lines = ["use posts", "load", "wait"] + [f"event select id={i % 100 + 1}" for i in range(selections)]
    run_session(binary, page, lines, env)
    driver.get(page.as_uri())
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the large page to start")
    listed = len(driver.find_elements(By.CSS_SELECTOR, "#steps .step"))
    if listed != len(lines) + 1:
        fail(f"the large trace lists {listed} steps, not {len(lines) + 1}")
    first_select = len(["ready", "use", "load", "wait"]) + 1
    driver.find_element(By.CSS_SELECTOR, f'#steps .step[data-index="{first_select}"]').click()
    wait_for(driver, lambda d: [n.get_attribute("data-path") for n in d.find_elements(By.CSS_SELECTOR, "#tree .node.changed")] == ["/selectedPostID"],
             "a selection to highlight selectedPostID")
    # Time a step in the page (the script's work; printed, not checked).
    timings = driver.execute_script("""
        const times = [];
        for (let i = 0; i < 50; i++) {
          const start = performance.now();
          document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true}));
          times.push(performance.now() - start);
        }
        const last = performance.now();
        document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true}));
        return {times: times.sort((a, b) => a - b), jump: performance.now() - last};
    """)
    wait_for(driver, lambda d: selected(d).get_attribute("data-index") == str(first_select + 51), "50 steps with the keyboard")
    jump_start = driver.execute_script("""
        const start = performance.now();
        document.querySelector('#steps .step:last-child').click();
        return performance.now() - start;
    """)
    wait_for(driver, lambda d: selected(d).get_attribute("data-index") == str(len(lines)), "the last step to be selected")
    median = timings["times"][len(timings["times"]) // 2]
    print(f"check_trace_page: {count} posts, {selections} selections: a step takes {median:.1f} ms (median of 50), "
          f"the slowest {timings['times'][-1]:.1f} ms; jumping to the last step {jump_start:.1f} ms; page {page.stat().st_size // 1024} KiB")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    out_dir = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / ".build"
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="vmrepl-trace-") as name:
        folder = pathlib.Path(name)
        driver = browser()
        try:
            check_small(driver, binary, folder, out_dir)
            check_explore(driver, binary, folder)
            check_large(driver, binary, folder)
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
