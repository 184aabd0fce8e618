import assert from "node:assert/strict";
import { test } from "node:test";

import { hitItem, limitFor, lineCount, profilePairName, statusText } from "../src/format";

const range = { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } };

test("a journal hit shows time, tags and file:line", () => {
  const item = hitItem({ kind: "journal", uri: "file:///w/memory/JOURNAL.jsonl", range, ts: "2026-06-02T08:30:00.000Z",
    tags: ["backend", "决策"], text: "后端选定 FastAPI" });
  assert.equal(item.label, "$(notebook) 后端选定 FastAPI");
  assert.equal(item.description, "2026-06-02 08:30:00Z · #backend #决策");
  assert.equal(item.detail, "JOURNAL.jsonl:5");
});

test("a log hit shows its id", () => {
  const item = hitItem({ kind: "log", uri: "file:///w/user-profile-log.md", range, text: "偏好 React", id: "PF-20260412-01" });
  assert.deepEqual([item.label, item.description, item.detail], ["$(history) 偏好 React", "PF-20260412-01", "user-profile-log.md:5"]);
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
