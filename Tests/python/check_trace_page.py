#!/usr/bin/env python3
"""The trace page (--trace=FILE.html) in a real browser: Debian's chromium, headless, driven by
Selenium through chromium-driver (nothing downloads a browser).

A piped session with a load and a failing expect writes its page; the check opens it, reads the
step list against the session's own lines, clicks a step and finds the changed paths highlighted,
steps on with ArrowDown, filters the tree with the search box, and follows "first failure". Then
a logged session turned into a page by vmrepl trace (full and diff states) against the session's
own page. Then outputs-repl (beside VMREPL): each output on the step of its request. Then explore --coverage's pages: the Coverage panel's state graph has a node per abstract state and an
arrow per transition of the coverage line, every phase of the users screen among the nodes; the
events never sent and the cases never reached are listed; past 50 states the rest are listed. Then
a session over 10,000 posts with 1,000 selections opens and steps; the time a step takes in the
page, and the time the coverage panel takes to open, are printed (measurements, not pass/fail
checks). Every wait is for a condition.

With ATTACHMENTS_DIR (what swift test --attachments-path saved), the pages failing ScriptTest and
ScreenTest tests attached are opened at their failures too.

usage: check_trace_page.py VMREPL [OUT_DIR [ATTACHMENTS_DIR]]
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
    # A session that failed opens on its first failure, not on its ready line.
    if selected(driver).get_attribute("data-failure") != "expect":
        fail(f"the page opened on {selected(driver).text!r}, not on the failed expect")
    # Its error reads as words first, not only as the line's escaped JSON.
    failed_reply = next(line for line in replies if line.get("code") == "expectation_failed")
    wait_for(driver, lambda d: d.find_element(By.ID, "reply").text.startswith(f"\u2717 expectation_failed: {failed_reply['message']}\n"), "the error's words first")

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
    # Each request numbered as --from=PAGE@N counts them; the ready line has none.
    numbers = [row.find_element(By.CSS_SELECTOR, ".number").text for row in rows]
    if numbers != [""] + [f"#{n}" for n in range(1, len(rows))]:
        fail(f"the steps are numbered {numbers}")
    failed = [row.find_element(By.CSS_SELECTOR, ".line").text for row in rows if row.get_attribute("data-failure") == "expect"]
    expected_failures = [str(line["line"]) for line in output if line.get("code") == "expectation_failed"]
    if failed != expected_failures:
        fail(f"failure markers on lines {failed}, the session failed on {expected_failures}")

    # The load's step holds its push, with the virtual time it came at.
    rows[2].click()
    wait_for(driver, lambda d: d.find_element(By.ID, "pushes").text.startswith("t=2s "), "the load's push at t=2s")
    pushed = [line for line in output if line.get("push") and line.get("line") == 2]
    shown = driver.find_element(By.ID, "pushes").text
    # Read as a person reads it: the screen and seq, not the line's escaped JSON.
    if shown != f"t=2s \u27f3 users state, seq {pushed[0]['seq']}":
        fail(f"the load's push is not the session's pushed line, shown readably: {shown!r}")

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


def check_outputs(driver, binary, folder):
    """outputs-repl (beside VMREPL): each output on the step of the request whose line it carries,
    shown as "→ NAME value", the payment's sent a second after its reply on the pay step, not the wait's."""
    outputs_repl = pathlib.Path(binary).parent / "outputs-repl"
    if not os.access(outputs_repl, os.X_OK):
        fail(f"no outputs-repl beside {binary} (swift build --build-tests builds it)")
    page = folder / "outputs.html"
    lines = ["use checkout", "event cancel", "event pay", "wait", "state"]
    output = run_session(str(outputs_repl), page, lines)
    sent = [line for line in output if line["type"] == "output"]
    if [(line["line"], line["name"]) for line in sent] != [(2, "onCancel"), (3, "onFinished")] or any("push" in line for line in sent):
        fail(f"outputs-repl sent {sent}")
    driver.get(page.as_uri())
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the outputs page to start")
    rows = driver.find_elements(By.CSS_SELECTOR, "#steps .step")
    expected = {"use checkout": "", "event cancel": "t=0s \u2192 onCancel {}", "event pay": 't=1s \u2192 onFinished {"id":7,"total":30}', "wait": "", "state": ""}
    for row in rows[1:]:
        command = row.find_element(By.CSS_SELECTOR, ".cmd").text
        row.click()
        wait_for(driver, lambda d: selected(d).get_attribute("data-index") == row.get_attribute("data-index"), f"the step {command!r} to be selected")
        box = driver.find_element(By.ID, "outputs-box")
        shown = driver.find_element(By.ID, "outputs").get_attribute("textContent") if box.is_displayed() else ""
        if shown != expected[command]:
            fail(f"the step {command!r} shows the outputs {shown!r}, not {expected[command]!r}")
        pushes = driver.find_element(By.ID, "pushes").get_attribute("textContent")
        if '"type":"output"' in pushes:
            fail(f"the step {command!r} lists an output among its pushes: {pushes!r}")
    if [row.find_element(By.CSS_SELECTOR, ".cmd").text for row in rows[1:]] != lines:
        fail("the outputs page's steps are not the session's lines")
    print("check_trace_page: outputs on the steps that caused them, one sent after its step's reply")


def check_exact_values(driver, binary, folder):
    """Integers past 2^53 shown as written; a state kept whole shows its patch's values."""
    page = folder / "exact.html"
    big = 9007199254740993  # 2^53 + 1: a double would show ...992
    run_session(binary, page, [f'{{"id":{big},"cmd":"use","screen":"foo"}}', 'mock text="x" sheetIsPresented=true'])
    driver.get(page.as_uri())
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the exact page to start")
    rows = driver.find_elements(By.CSS_SELECTOR, "#steps .step")
    rows[1].click()
    wait_for(driver, lambda d: f'"id":{big}' in d.find_element(By.ID, "reply").text, f"the id {big} shown exactly")
    rows[2].click()
    wait_for(driver, lambda d: d.find_element(By.ID, "patch").text.startswith("["), "the mock's patch")
    patch = json.loads(driver.find_element(By.ID, "patch").text)
    if sorted((op["op"], op["path"], op.get("value")) for op in patch) != [("replace", "/sheetIsPresented", True), ("replace", "/text", "x")]:
        fail(f"the mock's patch rows are {patch}, without the values replace set")
    print("check_trace_page: an id past 2^53 shown exactly; replace rows show their values")


def rows_shown(driver, page):
    """The step list of a page as text: line, command, type, failure marker."""
    driver.get(page.as_uri())
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", f"{page.name} to start")
    return [(row.find_element(By.CSS_SELECTOR, ".line").text, row.find_element(By.CSS_SELECTOR, ".cmd").get_attribute("textContent"),
             row.find_element(By.CSS_SELECTOR, ".type").text, row.get_attribute("data-failure"))
            for row in driver.find_elements(By.CSS_SELECTOR, "#steps .step")]


def last_tree(driver):
    """The state tree after the last step: each node's path and its text."""
    driver.find_elements(By.CSS_SELECTOR, "#steps .step")[-1].click()
    wait_for(driver, lambda d: selected(d).get_attribute("data-index") == d.find_elements(By.CSS_SELECTOR, "#steps .step")[-1].get_attribute("data-index"),
             "the last step to be selected")
    return [(node.get_attribute("data-path"), node.text.split("\n")[0]) for node in driver.find_elements(By.CSS_SELECTOR, "#tree .node")]


def check_log(driver, binary, folder):
    """vmrepl trace LOG: a session a driver logged (its requests and the lines that came back, with
    --states=diff too) becomes the page the session's own --trace wrote: the same steps, the same
    failure markers, the same state after the last step."""
    lines = ["use users", "load", "wait", 'expect users.phase == "failed"',
             'mock users.phase="failed" users.failure={"attempt":1,"message":"offline"}', '{"id":"last","cmd":"state"}']
    live = folder / "live.html"
    output = run_session(binary, live, lines)
    live_rows = rows_shown(driver, live)
    live_tree = last_tree(driver)
    for states in ("full", "diff"):
        result = subprocess.run([binary, f"--states={states}"], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=600)
        logged = [json.loads(line) for line in result.stdout.splitlines()]
        log = [json.dumps(logged[0])]
        for number, request in enumerate(lines, 1):
            log.append(request)
            log += [json.dumps(line) for line in logged if line.get("line") == number]
        path = folder / f"logged-{states}.jsonl"
        path.write_text("\n".join(log) + "\n")
        made = subprocess.run([binary, "trace", str(path)], capture_output=True, text=True, timeout=600)
        page = folder / f"logged-{states}.html"
        if made.returncode != 0 or not page.exists():
            fail(f"vmrepl trace {path.name} exited {made.returncode}: {made.stderr}")
        rows = rows_shown(driver, page)
        if rows != live_rows:
            fail(f"the page of the {states} log lists {rows}, the session's own page {live_rows}")
        tree = last_tree(driver)
        if tree != live_tree:
            fail(f"after the last step the {states} log's page shows {tree}, the session's own page {live_tree}")
    if len(output) != len(logged):
        fail("the logged session and the traced one wrote different numbers of lines")
    print(f"check_trace_page: vmrepl trace of a logged session (full and diff states): the same {len(live_rows)} steps and last state")


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


def check_attachments(driver, attachments):
    """The pages failing Swift tests attached (swift test --attachments-path): ScriptTest's bad.vmrepl
    marks its failed expect on the script's line 3; ScreenTest's marks the step that changed what
    the test did not state."""
    found = sorted(attachments.glob("*.html"))
    script = [path for path in found if "bad.vmrepl" in path.name]
    screen = [path for path in found if path.name.startswith("foo")]
    if not script or not screen:
        fail(f"no trace pages attached by the failing ScriptTest and ScreenTest in {attachments}: {[p.name for p in found]}")
    driver.get(script[0].as_uri())
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the attached script page to start")
    driver.find_element(By.ID, "first-failure").click()
    wait_for(driver, lambda d: selected(d).get_attribute("data-failure") == "expect", "first failure to select the failed expect")
    step = selected(driver)
    if not step.find_element(By.CSS_SELECTOR, ".line").text == "bad.vmrepl:3" or not step.find_element(By.CSS_SELECTOR, ".cmd").text.startswith("expect text =="):
        fail(f"the attached script page marks {step.text!r}, the script failed on line 3's expect")
    marked = set()
    for page in screen:
        driver.get(page.as_uri())
        wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "an attached screen page to start")
        driver.find_element(By.ID, "first-failure").click()
        wait_for(driver, lambda d: selected(d).get_attribute("data-failure") in ("expect", "error"), "first failure in an attached screen page")
        marked.add(selected(driver).find_element(By.CSS_SELECTOR, ".cmd").text)
    if "event hello" not in marked:
        fail(f"the attached screen pages mark {sorted(marked)}; the unstated change was at 'event hello'")
    print(f"check_trace_page: {len(script) + len(screen)} pages attached by failing Swift tests open at their failures")


def explore_coverage(binary, folder, name, setup, arguments):
    """Runs explore --coverage with --trace; the page and the coverage line."""
    script = folder / f"{name}.vmrepl"
    script.write_text(setup)
    page = folder / f"{name}.html"
    result = subprocess.run([binary, "explore", "--coverage", f"--trace={page}", *arguments, str(script)],
                            capture_output=True, text=True, timeout=600)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    if not lines or lines[-1].get("type") != "coverage" or not page.exists():
        fail(f"explore --coverage wrote no coverage line or no page: {result.stdout[-500:]} {result.stderr}")
    return page, lines[-1]


def open_coverage(driver, page):
    """Opens page and its Coverage panel from the header; how long the panel took to build and lay out, in ms."""
    driver.get(page.as_uri())
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", f"{page.name} to start")
    if driver.find_elements(By.CSS_SELECTOR, "main[hidden]"):
        fail("the steps are hidden before the coverage panel is opened")
    took = driver.execute_script("""
        const start = performance.now();
        document.getElementById('coverage-link').click();
        const svg = document.querySelector('#coverage-graph svg');
        if (svg) svg.getBBox();
        document.body.getBoundingClientRect();
        return performance.now() - start;
    """)
    wait_for(driver, lambda d: d.find_element(By.ID, "coverage").get_attribute("data-ready") == "true", "the coverage panel to open")
    if not driver.find_element(By.ID, "coverage").is_displayed() or driver.find_element(By.TAG_NAME, "main").is_displayed():
        fail("the coverage panel did not take the steps' place")
    return took


def state_key(state):
    return json.dumps(state, sort_keys=True)


def check_coverage(driver, binary, folder, out_dir):
    """explore --coverage's page: the state graph drawn from the coverage line, what was never sent or reached."""
    page, line = explore_coverage(binary, folder, "users-coverage", "use users\ninvariant users.attempt exists\n", ["--runs=20"])
    open_coverage(driver, page)
    nodes = driver.find_elements(By.CSS_SELECTOR, "#coverage-graph svg g.node")
    edges = driver.find_elements(By.CSS_SELECTOR, "#coverage-graph svg g.edge")
    if len(nodes) != len(line["states"]) or len(edges) != len(line["transitions"]):
        fail(f"the graph has {len(nodes)} nodes and {len(edges)} arrows; the coverage line {len(line['states'])} states, "
             f"{len(line['transitions'])} transitions")
    # Each node shows its state's values, in the line's order; each arrow joins the states its transition does.
    texts = [node.find_element(By.CSS_SELECTOR, "text").get_attribute("textContent") for node in nodes]
    index = {state_key(entry["state"]): number for number, entry in enumerate(line["states"])}
    for number, (text, entry) in enumerate(zip(texts, line["states"])):
        wanted = [f"{path} = {json.dumps(value)}" for path, value in entry["state"].items()]
        if not text.startswith(f"#{number}  \u00d7{entry['count']}") or not all(value in text for value in wanted):
            fail(f"node {number} reads {text!r}, its state is {entry}")
    drawn = [(edge.get_attribute("data-from"), edge.get_attribute("data-to")) for edge in edges]
    listed = [(str(index[state_key(t["from"])]), str(index[state_key(t["to"])])) for t in line["transitions"]]
    if drawn != listed:
        fail(f"the arrows join {drawn}, the transitions {listed}")
    phases = next(path for path in line["paths"] if path["path"] == "users.phase")["cases"]
    for phase in phases:
        if not any(f'users.phase = "{phase}"' in text for text in texts):
            fail(f"no node for users.phase {phase!r}: {texts}")
    rows = {row.get_attribute("data-event"): [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
            for row in driver.find_elements(By.CSS_SELECTOR, "#coverage-events tbody tr")}
    tally = line["events"]["loadTapped"]
    if rows.get("loadTapped", [None])[1:4] != [str(tally["tried"]), str(tally["sent"]), str(tally["refused"])]:
        fail(f"the events table shows {rows}, the line {line['events']}")
    reached = driver.find_element(By.CSS_SELECTOR, '#coverage-unreached li[data-path="users.phase"]').text
    if "every case reached" not in reached:
        fail(f"users.phase reached every case, the page says {reached!r}")
    driver.save_screenshot(str(out_dir / "trace-coverage.png"))
    driver.find_element(By.ID, "coverage-close").click()
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "main").is_displayed(), "Back to the steps to show the steps")

    # One step of one run: the events never tried are listed, why, and the phases never reached drawn dashed.
    page, line = explore_coverage(binary, folder, "posts-coverage", "use posts\n", ["--runs=1", "--steps=1"])
    open_coverage(driver, page)
    unsent = {item.get_attribute("data-event"): item.text for item in driver.find_elements(By.CSS_SELECTOR, "#coverage-unsent li[data-event]")}
    if not line["unsent"] or set(unsent) != {event["event"] for event in line["unsent"]}:
        fail(f"never sent listed: {unsent}; the line: {line['unsent']}")
    for event in line["unsent"]:
        if event["why"] not in unsent[event["event"]]:
            fail(f"{event['event']} is listed as {unsent[event['event']]!r}, the line says {event['why']}")
    unreached = next(path for path in line["paths"] if path["path"] == "posts.phase")["unreached"]
    ghosts = [g.get_attribute("textContent") for g in driver.find_elements(By.CSS_SELECTOR, "#coverage-graph svg g.unreached text")]
    if len(ghosts) != len(unreached) or not all(any(f'"{case}"' in ghost for ghost in ghosts) for case in unreached):
        fail(f"the cases never reached are drawn as {ghosts}, the line says {unreached}")
    item = driver.find_element(By.CSS_SELECTOR, '#coverage-unreached li[data-path="posts.phase"]').text
    if not all(case in item for case in unreached):
        fail(f"the cases never reached are listed as {item!r}, the line says {unreached}")
    print(f"check_trace_page: coverage graph ({len(nodes)} states, {len(edges)} transitions), never sent and never reached checked")

    # Timings: about 10 states, and past the 50 the graph draws.
    for name, setup, arguments in [
        ("attempts", "use users\n", ["--runs=40", "--steps=60", "--abstract=users.attempt"]),
        ("many", "use posts\n", ["--runs=100", "--steps=100", "--abstract=posts.phase,posts.attempt,selectedPostID,query"]),
    ]:
        page, line = explore_coverage(binary, folder, name, setup, arguments)
        took = open_coverage(driver, page)
        states, transitions = len(line["states"]), len(line["transitions"])
        nodes = len(driver.find_elements(By.CSS_SELECTOR, "#coverage-graph svg g.node"))
        edges = len(driver.find_elements(By.CSS_SELECTOR, "#coverage-graph svg g.edge"))
        undrawn = len(driver.find_elements(By.CSS_SELECTOR, "#coverage-undrawn li"))
        if states > 50:
            index = {state_key(entry["state"]): number for number, entry in enumerate(line["states"])}
            kept = [t for t in line["transitions"] if index[state_key(t["from"])] < 50 and index[state_key(t["to"])] < 50][:200]
            if nodes != 50 or edges != len(kept) or undrawn != states - 50 + transitions - len(kept):
                fail(f"{states} states, {transitions} transitions: {nodes} nodes, {edges} arrows and {undrawn} listed")
            if not driver.find_element(By.ID, "coverage-notice").is_displayed():
                fail("a graph that does not draw every state does not say so")
        elif (nodes, edges, undrawn) != (states, transitions, 0):
            fail(f"{states} states, {transitions} transitions: {nodes} nodes, {edges} arrows and {undrawn} listed")
        width = driver.execute_script("return document.querySelector('#coverage-graph svg').width.baseVal.value")
        print(f"check_trace_page: coverage of {states} states, {transitions} transitions: {nodes} nodes drawn, {width:.0f} px wide; "
              f"the panel opens in {took:.1f} ms; page {page.stat().st_size // 1024} KiB")


def step_timings(driver, binary, folder, count, selections):
    """A piped posts session of `count` posts and `selections` selections, opened in the page:
    checks it, then times stepping through it with the keyboard, each step until the browser has
    painted the next frame. Returns the median and slowest of 50 steps, jumping to the last step
    (all in ms) and the page's size in KiB."""
    posts = [{"id": i, "title": f"Post number {i}", "body": f"The body of post {i}, long enough to look like one."}
             for i in range(1, count + 1)]
    posts_file = folder / f"posts-{count}.json"
    posts_file.write_text(json.dumps(posts))
    env = dict(os.environ, VMREPL_POSTS_URL=posts_file.as_uri())
    page = folder / f"posts-{count}.html"
    lines = ["use posts", "load", "wait"] + [f"event select id={i % min(count, 100) + 1}" for i in range(selections)]
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
    # Each step from the key to the frame after it is painted (two animation frames: the first runs
    # before the paint, the second after it).
    script = """
        const done = arguments[arguments.length - 1];
        const painted = () => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        (async () => {
          const times = [];
          for (let i = 0; i < 50; i++) {
            const start = performance.now();
            document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true}));
            await painted();
            times.push(performance.now() - start);
          }
          const stepped = document.querySelector('.step.selected').dataset.index;
          const start = performance.now();
          document.querySelector('#steps .step:last-child').click();
          await painted();
          done({times: times.sort((a, b) => a - b), jump: performance.now() - start, stepped});
        })();
    """
    driver.set_script_timeout(60)
    timings = driver.execute_async_script(script)
    if timings["stepped"] != str(first_select + 50):
        fail(f"50 steps with the keyboard reached step {timings['stepped']}, not {first_select + 50}")
    wait_for(driver, lambda d: selected(d).get_attribute("data-index") == str(len(lines)), "the last step to be selected")
    times = timings["times"]
    return times[len(times) // 2], times[-1], timings["jump"], page.stat().st_size // 1024


def check_large(driver, binary, folder):
    count, selections = 10_000, 1_000
    median, slowest, jump, size = step_timings(driver, binary, folder, count, selections)
    print(f"check_trace_page: {count} posts, {selections} selections: a step takes {median:.1f} ms to the painted frame "
          f"(median of 50), the slowest {slowest:.1f} ms; jumping to the last step {jump:.1f} ms; page {size} KiB")


def check_wide_change(driver, binary, folder):
    """A step where every element of a 10,000-element list changed: the page builds a bounded tree
    (a chunk of the changed elements, then a row for the rest) and a bounded patch text, where it
    built every changed element (30,000 rows) and wrote the whole patch (750,000 characters)."""
    count = 10_000
    posts = [{"id": i, "title": f"Post {i}", "body": "b"} for i in range(1, count + 1)]
    posts_file = folder / "wide.json"
    posts_file.write_text(json.dumps(posts))
    renamed = [dict(post, title=f"Renamed {post['id']}") for post in posts]
    page = folder / "wide.html"
    run_session(binary, page, ["use posts", "load", "wait", "mock posts.value=" + json.dumps(renamed, separators=(",", ":"))],
                dict(os.environ, VMREPL_POSTS_URL=posts_file.as_uri()))
    driver.get(page.as_uri())
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the wide page to start")
    driver.find_elements(By.CSS_SELECTOR, "#steps .step")[-1].click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#tree .node.changed"), "the mock's changes to be marked")
    rows = len(driver.find_elements(By.CSS_SELECTOR, "#tree .node"))
    patch = driver.find_element(By.ID, "patch").get_attribute("textContent")
    if rows > 2_000:
        fail(f"a step that changed {count} elements built {rows} tree rows")
    if len(patch) > 50_000 or "more operations" not in patch:
        fail(f"a step that changed {count} elements wrote a patch of {len(patch)} characters without saying how many more")
    more = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "#tree .more")]
    if not any("changed" in text for text in more):
        fail(f"the changed elements past the first chunk are not counted in a row: {more}")
    print(f"check_trace_page: a step changing {count} elements: {rows} tree rows, a patch of {len(patch)} characters")


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
            check_log(driver, binary, folder)
            check_outputs(driver, binary, folder)
            check_exact_values(driver, binary, folder)
            check_explore(driver, binary, folder)
            check_coverage(driver, binary, folder, out_dir)
            check_large(driver, binary, folder)
            check_wide_change(driver, binary, folder)
            if len(sys.argv) > 3:
                check_attachments(driver, pathlib.Path(sys.argv[3]).resolve())
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
