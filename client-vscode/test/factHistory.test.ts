import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { Outline, changeText, memoryNodes } from "../src/outline";

// Recorded answers of the real server on tests/workspaces/clean (paths under file:///work).
const recorded = JSON.parse(readFileSync("test/fixtures/server-answers.json", "utf-8")) as { outline: Outline };

const change = {
  rev: "20261201T204012345Z-ab12cd34",
  ts: "2026-12-01T20:40:12.345Z",
  by: "mcp:cherry-studio",
  added: 1,
  removed: 3,
  uri: "file:///work/clean/repo/memory/.fact-history/20261201T204012345Z-ab12cd34.md",
};

test("agent memory: FACT.md's last change with what Show Diff and Restore need", () => {
  const outline: Outline = structuredClone(recorded.outline);
  const fact = outline.memory[0].fact;
  assert.ok(fact);
  fact.lastChange = change;
  const [, node] = memoryNodes(outline)[0].children ?? [];
  assert.equal(node.kind, "factChange");
  assert.equal(node.description, "2026-12-01 20:40 · by mcp:cherry-studio · +1 −3");
  assert.equal(node.icon, "diff-removed");
  assert.equal(node.open, undefined); // a click shows the diff, it does not open a file
  assert.deepEqual(node.change, {
    folder: outline.memory[0].folder,
    fact: fact.uri,
    version: change.uri,
    rev: change.rev,
  });
});

test("agent memory: no last change without a kept version", () => {
  const outline: Outline = structuredClone(recorded.outline);
  const kinds = (memoryNodes(outline)[0].children ?? []).map((n) => n.kind);
  assert.deepEqual(kinds, ["file", "file"]);
  const fact = outline.memory[0].fact;
  assert.ok(fact);
  fact.lastChange = null;
  assert.equal((memoryNodes(outline)[0].children ?? []).length, 2);
  assert.equal(changeText({ ...change, removed: 0, by: "outside" }), "2026-12-01 20:40 · by outside · +1 −0");
});
