import assert from "node:assert/strict";
import { test } from "node:test";

import { MARKDOWN_WORDS, anchorNear, hintShown, hitItem, hitItems, limitFor, lineCount, profilePairName, statusText } from "../src/format";

const range = { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } };

test("a journal hit: its text, then time, kind, tags and file:line", () => {
  const item = hitItem({ kind: "journal", uri: "file:///w/memory/JOURNAL.jsonl", range, ts: "2026-06-02T08:30:00.000Z",
    tags: ["backend", "决策"], text: "后端选定 FastAPI" });
  assert.deepEqual([item.label, item.description, item.detail, item.alwaysShow],
    ["$(notebook)", "后端选定 FastAPI", "2026-06-02 08:30:00Z · journal · #backend #决策 · JOURNAL.jsonl:5", true]);
});

test("a log hit: its text, then date, kind, id and file:line", () => {
  const item = hitItem({ kind: "log", uri: "file:///w/user-profile-log.md", range, text: "偏好 React", id: "PF-20260412-01", date: "2026-04-12" });
  assert.deepEqual([item.label, item.description, item.detail], ["$(history)", "偏好 React", "2026-04-12 · log record PF-20260412-01 · user-profile-log.md:5"]);
});

test("rows keep the server's order and every hit: no label the filter could match or sort by", () => {
  const hits = ["2026-06-01", "2026-06-01", "2026-05-01", "2026-04-12"].map((date, n) => (
    { kind: "log" as const, uri: "file:///w/p-log.md", range, text: `SSR ${n}`, id: `PF-20260412-0${n}`, date }));
  const items = hitItems("SSR", hits);
  assert.deepEqual(items.map((item) => item.hit), hits);
  for (const item of items) {
    assert.match(item.label, /^\$\([a-z-]+\)$/); // an icon only: its text is empty to the filter
    assert.equal(item.alwaysShow, true);
  }
});

test("no hits: one row that says so", () => {
  const [row, ...rest] = hitItems("nothing-like-it", []);
  assert.deepEqual([row.description, row.hit, rest.length], ["No results for “nothing-like-it”", undefined, 0]);
});

test("compact profiles are recognised by name, logs are not", () => {
  assert.equal(profilePairName("/h/.cursor/profile/User-Profile.md"), "user-profile");
  assert.equal(profilePairName("/h/.cursor/profile/user-profile-log.md"), undefined);
  assert.equal(profilePairName("/h/README.md"), undefined);
});

test("line counts follow the server (a final newline adds none) and the status turns to a warning over the limit", () => {
  assert.equal(lineCount(""), 0);
  assert.equal(lineCount("a\nb\n"), 2);
  assert.equal(lineCount("a\r\nb"), 2);
  assert.equal(limitFor("project-profile", undefined), 30);
  assert.equal(limitFor("team-profile", { default: 40 }), 40);
  assert.deepEqual(statusText("project-profile", 33, 30), { text: "project-profile 33/30", over: true });
  assert.deepEqual(statusText("user-profile", 43, 50), { text: "user-profile 43/50", over: false });
});

test("inlay hints: on the cursor's lines only by default, on every line with `all`", () => {
  assert.equal(hintShown(6, undefined, [6]), true);
  assert.equal(hintShown(7, "current", [6]), false);
  assert.equal(hintShown(7, "current", undefined), false); // no editor shows the document
  assert.equal(hintShown(7, "all", []), true);
});

test("in Markdown an anchor id is one word; other words are Markdown's", () => {
  const words = (text: string) => [...text.matchAll(new RegExp(MARKDOWN_WORDS))].map((match) => match[0]);
  assert.deepEqual(words("- 偏好 React <!-- PF-20260412-02 --> 见 PF-20260601-01。"), ["偏好", "React", "PF-20260412-02", "见", "PF-20260601-01"]);
  assert.deepEqual(words("20260412 snake_case"), ["20260412", "snake_case"]);
});

test("Show History from the editor: the id under the cursor, else the line's, else the record's above", () => {
  const log = [
    "# User Profile Log",
    "",
    "### [PF-20260412-02] 2026-04-12 — 前端技术栈偏好",
    "- **操作**: 新增",
    "- **精简版**: 偏好 React（替代 PF-20260412-01）",
    "",
  ];
  assert.equal(anchorNear(log, 2, 8), "PF-20260412-02");
  assert.equal(anchorNear(log, 2, 0), "PF-20260412-02");
  assert.equal(anchorNear(log, 3, 4), "PF-20260412-02", "a field line: the record's id");
  assert.equal(anchorNear(log, 4, 30), "PF-20260412-01", "the id under the cursor wins");
  assert.equal(anchorNear(log, 5, 0), "PF-20260412-02");
  assert.equal(anchorNear(log, 0, 3), undefined, "the title is in no record");
  const profile = ["# User Profile", "", "## 技术偏好", "- 偏好 React 🙂 <!-- PF-20260412-02 -->", "- 偏好 Go"];
  assert.equal(anchorNear(profile, 3, 2), "PF-20260412-02", "the entry's anchor from anywhere on its line");
  assert.equal(anchorNear(profile, 4, 2), undefined, "an unconfirmed entry has no id");
  assert.equal(anchorNear(profile, 2, 0), undefined);
});
