// The TypeScript SDK's client (npm @modelcontextprotocol/sdk) against `pmem mcp`, for
// tests/mcp/test_typescript_sdk.py. Reads one JSON argument: the folder holding the SDK's
// node_modules (`sdk`), how to start the server (`command`, `args`, `cwd`, `env`), the scenario
// (`scenario`) and its inputs; prints one JSON object of what it saw.
import { createRequire } from "node:module";
import { renameSync, writeFileSync } from "node:fs";

const input = JSON.parse(process.argv[2]);
const require = createRequire(`${input.sdk}/`);
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const {
  LoggingMessageNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} = require("@modelcontextprotocol/sdk/types.js");

const heard = [];
let wake = () => {};
function hear(entry) {
  heard.push(entry);
  wake();
}
/** Wait for a notification the predicate accepts (the Python side bounds the whole run). */
async function next(predicate) {
  for (;;) {
    const found = heard.findIndex(predicate);
    if (found >= 0) return heard.splice(found, 1)[0];
    await new Promise((resolve) => { wake = resolve; });
  }
}
/** Write as pmem and Cherry do: whole, by an atomic rename. */
function replace(path, text) {
  writeFileSync(`${path}.part`, text);
  renameSync(`${path}.part`, path);
}

const client = new Client({ name: "ts-sdk-client", version: "1.0" }, { capabilities: {} });
client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => hear({ updated: n.params.uri }));
client.setNotificationHandler(ResourceListChangedNotificationSchema, () => hear({ listChanged: true }));
client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => hear({ log: n.params }));
const transport = new StdioClientTransport({
  command: input.command, args: input.args, cwd: input.cwd, env: input.env, stderr: "inherit",
});
await client.connect(transport);
const seen = {
  protocol: transport._protocolVersion ?? null,
  capabilities: client.getServerCapabilities(),
  tools: (await client.listTools()).tools.map((t) => t.name),
};

if (input.scenario === "live") {
  seen.prompts = (await client.listPrompts()).prompts.map((p) => p.name);
  const end = await client.getPrompt({ name: "end_conversation", arguments: {} });
  seen.endConversation = end.messages[0].content.text;
  const review = await client.getPrompt({ name: "review_pending", arguments: {} });
  seen.reviewPending = review.messages[0].content.text;
  await client.listResources();
  await client.subscribeResource({ uri: "pmem://facts" });
  await client.setLoggingLevel("info");
  replace(input.fact, "# Long-term knowledge\n\n- 来自 TypeScript 🙂\n");
  seen.log = (await next((e) => e.log && e.log.data === "pmem://facts changed on disk")).log;
  seen.updated = (await next((e) => e.updated)).updated;
  seen.facts = (await client.readResource({ uri: "pmem://facts" })).contents[0].text;
  await client.unsubscribeResource({ uri: "pmem://facts" });
  writeFileSync(input.newPair, "# Team\n");
  seen.listChanged = (await next((e) => e.listChanged)).listChanged;
  seen.updatedAfterUnsubscribe = heard.some((e) => e.updated === "pmem://facts");
} else if (input.scenario === "delete") {
  const result = await client.callTool({ name: "profile_delete", arguments: { id: input.id } });
  seen.status = result.structuredContent?.status ?? null;
  seen.message = result.structuredContent?.message ?? result.content?.[0]?.text ?? null;
} else if (input.scenario === "errors") {
  const listed = (await client.listTools()).tools;
  seen.closed = Object.fromEntries(listed.map((t) => [t.name, t.inputSchema.additionalProperties]));
  seen.indented = listed.filter((t) => /\n\s+\S/.test(t.description ?? "")).map((t) => t.name);
  const answer = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    return { isError: result.isError ?? false, text: result.content?.[0]?.text ?? "" };
  };
  seen.tagForTags = await answer("memory", { action: "append", text: "来自 TypeScript", tag: "ts" });
  seen.misspelt = await answer("propose", { scope: "user", kind: "add", categroy: "技术偏好", text: "偏好 Go" });
  seen.wrongType = await answer("memory", { action: "append", text: "x", tags: "ts" });
  seen.unknownId = await answer("profile_delete", { id: input.id });
}
await client.close();
process.stdout.write(JSON.stringify(seen));
