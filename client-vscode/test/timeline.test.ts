import assert from "node:assert/strict";
import { test } from "node:test";

import { openLink, timelineHtml } from "../src/timeline";

const records = [
  { id: "PF-20260412-02", date: "2026-04-12", operation: "新增", title: "前端技术栈偏好", uri: "file:///w/user%20x/user-profile-log.md", line: 13, pair: "user-profile",
    fields: { summary: "偏好 React", context: "\"用 React <吧>\" 🙂" }, labels: { summary: "精简版", context: "原始上下文" } },
  { id: "PF-20260412-02", date: "2026-05-01", operation: "演进", title: "前端技术栈偏好（演进）", uri: "file:///w/user%20x/user-profile-log.md", line: 20, pair: "user-profile" },
];

test("each record in order, its fields under the log's names, escaped, with links that open its line", () => {
  const html = timelineHtml("PF-20260412-02", records, "vscode-resource:");
  assert.ok(html.indexOf("2026-04-12 · 新增") < html.indexOf("2026-05-01 · 演进"));
  assert.match(html, /<dt>精简版<\/dt><dd>偏好 React<\/dd>/);
  assert.match(html, /<dt>原始上下文<\/dt><dd>&quot;用 React &lt;吧&gt;&quot; 🙂<\/dd>/);
  assert.ok(html.includes(`href="${openLink("file:///w/user%20x/user-profile-log.md", 13)}"`));
  assert.ok(html.includes(">user-profile-log.md:14</a>"));
  assert.deepEqual(JSON.parse(decodeURIComponent(openLink("file:///w/a.md", 3).split("?")[1])), ["file:///w/a.md", 3]);
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/); // no script runs
});

test("an id without records says so", () => {
  assert.match(timelineHtml("PF-20990101-01", [], "x"), /No log record of this id\./);
});
