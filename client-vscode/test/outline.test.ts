import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { Outline, RecordInfo, historyNodes, memoryNodes, pendingNodes, profileNodes } from "../src/outline";

// Recorded answers of the real server on tests/workspaces/clean (paths under file:///work).
const recorded = JSON.parse(readFileSync("test/fixtures/server-answers.json", "utf-8")) as {
  outline: Outline;
  history: RecordInfo[];
};

test("profiles: pairs with their line count, categories, entries with state and last change", () => {
  const [user, project] = profileNodes(recorded.outline);
  assert.equal(user.label, "user-profile");
  assert.equal(user.description, "lines 13/50 · ≈91/1,500 tok");
  assert.equal(project.label, "project-profile");
  const [design, tech] = user.children ?? [];
  assert.deepEqual([design.label, design.description], ["审美与设计", "1 entry"]);
  const entry = tech.children?.[0];
  assert.equal(entry?.label, "偏好 React + Next.js 全栈开发");
  assert.equal(entry?.description, "PF-20260412-02 · 演进 · 2026-05-01");
  assert.equal(entry?.icon, "pass");
  assert.deepEqual(entry?.open, { uri: "file:///work/clean/home/.cursor/profile/user-profile.md", line: 6 });
  assert.equal(entry?.id, "PF-20260412-02");
  assert.equal((user.children ?? [])[2].description, "0 entries");
});

test("an entry's state decides its icon and, without an id, its description", () => {
  const outline: Outline = structuredClone(recorded.outline);
  const entry = outline.pairs[0].categories[0].entries[0];
  Object.assign(entry, { id: null, state: "unconfirmed", records: 0, last: null });
  const node = profileNodes(outline)[0].children?.[0].children?.[0];
  assert.deepEqual([node?.icon, node?.description, node?.id], ["circle-large-outline", "unconfirmed", undefined]);
  outline.pairs[0].findings = 2;
  assert.equal(profileNodes(outline)[0].description, "lines 13/50 · ≈91/1,500 tok · 2 findings");
  assert.equal(profileNodes(outline)[0].icon, "warning");
});

test("pending: each proposal with its change, kind and category, and where it is", () => {
  const [evolve, add] = pendingNodes(recorded.outline);
  assert.equal(evolve.label, "偏好 React + Next.js 全栈开发 → 偏好 React + Next.js，SSR 优先");
  assert.equal(evolve.description, "演进 · 技术偏好 · user");
  assert.equal(evolve.tooltip, "[演进][技术偏好] · user\n旧 OLD: 偏好 React + Next.js 全栈开发\n新 NEW: 偏好 React + Next.js，SSR 优先\n原始上下文: \"默认都做 SSR\"");
  assert.equal(add.description, "新增 · 技术栈与架构 · project");
  assert.equal(evolve.id, "PF-20260412-02");
  assert.equal(add.label, "所有时间存 UTC");
  assert.deepEqual(add.proposal, { uri: "file:///work/clean/repo/.cursor/profile/profile-pending.md", line: 7 });
});

test("a pivot is marked ⚠️ in its label and tooltip, with its source", () => {
  const outline: Outline = structuredClone(recorded.outline);
  Object.assign(outline.pending[0].proposals[0], { kind: "pivot", word: "转向", warning: true, source: "[框架讨论](chat-1)" });
  const [pivot] = pendingNodes(outline);
  assert.match(pivot.label, /^⚠️ 偏好 React/);
  assert.match(pivot.tooltip ?? "", /^\[转向\]\[技术偏好\] · user\n旧 OLD: .*\n新 NEW: .*\n⚠️ a change of direction.*\n原始上下文: .*\n来源对话: \[框架讨论\]\(chat-1\)$/);
  assert.match(pivot.accessibility ?? "", /^Proposal, 转向 in 技术偏好: .*, marked as a change of direction$/);
});

test("screen readers hear an entry's text and state, not its counts alone", () => {
  const entry = profileNodes(recorded.outline)[0].children?.[1].children?.[0];
  assert.equal(entry?.accessibility, "偏好 React + Next.js 全栈开发: confirmed, PF-20260412-02, 2 records, last change 演进 on 2026-05-01");
});

test("history: newest first as the server sends it, each opening its heading", () => {
  const nodes = historyNodes(recorded.history);
  assert.deepEqual(nodes.map((n) => n.description), [
    "2026-06-01 · 新增 · PF-20260601-01",
    "2026-05-02 · 删除 · PF-20260413-01",
    "2026-05-01 · 演进 · PF-20260412-02",
  ]);
  assert.equal(nodes[0].open?.line, 11);
});

test("agent memory: each folder with FACT.md's size against its bound and the journal", () => {
  const [folder] = memoryNodes(recorded.outline);
  assert.equal(folder.label, "repo/memory");
  const [fact, journal] = folder.children ?? [];
  assert.equal(fact.label, "FACT.md");
  assert.match(fact.description ?? "", /^\d+ \/ 16384 bytes$/);
  assert.equal(journal.label, "JOURNAL.jsonl");
});
