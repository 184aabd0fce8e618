import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { MCP_PROVIDER_ID, McpApi, McpSource, mcpLaunch, offerMcpServer } from "../src/mcp";
import type { ServerCommand } from "../src/serverCommand";

const venv: ServerCommand = { command: "/store/venv/bin/pmem", args: ["serve"], source: "private-venv" };
const python: ServerCommand = { command: "/usr/bin/python3", args: ["-m", "profile_memory", "serve"], source: "python-extension" };
const folder = { name: "项目 😀", path: "/work/项目 😀" };

test("pmem mcp comes from the same command as the language server", () => {
  assert.deepEqual(mcpLaunch(venv, folder, false), {
    label: "Profile Memory", command: "/store/venv/bin/pmem", args: ["mcp", "--project", "/work/项目 😀"], cwd: "/work/项目 😀",
  });
  assert.deepEqual(mcpLaunch(python, folder, true, " ~/profiles ")?.args, ["-m", "profile_memory", "mcp", "--project", "/work/项目 😀", "--user-dir", "~/profiles"]);
  assert.equal(mcpLaunch(python, folder, true)?.label, "Profile Memory (项目 😀)");
  const setting: ServerCommand = { command: "/opt/pmem", args: ["serve", "-v"], source: "setting" };
  assert.deepEqual(mcpLaunch(setting, folder, false)?.args, ["mcp", "--project", "/work/项目 😀"]);
  assert.equal(mcpLaunch({ command: "/opt/other-server", args: ["--stdio"], source: "setting" }, folder, false), undefined);
});

class Definition {
  cwd: unknown;
  constructor(public label: string, public command: string, public args?: string[], public env?: Record<string, string>, public version?: string) {}
}

function emitter() {
  return { event: "the event", fired: 0, fire() { this.fired += 1; }, dispose() {} };
}

function source(overrides: Partial<McpSource> = {}): McpSource & { logs: string[]; prepared: number } {
  const logs: string[] = [];
  const made = {
    server: async () => venv,
    folders: () => [folder],
    userDir: () => undefined,
    prepare: async () => { made.prepared += 1; return true; },
    version: "0.1.0",
    log: (message: string) => logs.push(message),
    logs,
    prepared: 0,
    ...overrides,
  };
  return made;
}

test("without the API (VS Code before 1.101) nothing is offered and nothing fails", () => {
  const given = source();
  assert.equal(offerMcpServer({ Uri: { file: (p) => p } }, given, emitter()), undefined);
  assert.equal(offerMcpServer({ lm: {}, Uri: { file: (p) => p } } as McpApi, given, emitter()), undefined);
  assert.match(given.logs.join("\n"), /no MCP server definition API/);
});

test("with the API, one stdio definition per workspace folder, prepared before it starts", async () => {
  const registered: { id: string; provider: any }[] = [];
  const api: McpApi = {
    lm: { registerMcpServerDefinitionProvider: (id, provider) => { registered.push({ id, provider }); return { dispose() {} }; } },
    McpStdioServerDefinition: Definition,
    Uri: { file: (p) => `file://${p}` },
  };
  const changes = emitter();
  const given = source({ folders: () => [folder, { name: "b", path: "/work/b" }] });
  const offer = offerMcpServer(api, given, changes);
  assert.ok(offer);
  assert.equal(registered[0].id, MCP_PROVIDER_ID);
  assert.equal(registered[0].provider.onDidChangeMcpServerDefinitions, "the event");
  assert.equal(registered[0].provider.onDidChangeServerDefinitions, "the event");
  const definitions = await registered[0].provider.provideMcpServerDefinitions();
  assert.deepEqual(definitions.map((d: Definition) => [d.label, d.command, d.args, d.cwd, d.version]), [
    ["Profile Memory (项目 😀)", "/store/venv/bin/pmem", ["mcp", "--project", "/work/项目 😀"], "file:///work/项目 😀", "0.1.0"],
    ["Profile Memory (b)", "/store/venv/bin/pmem", ["mcp", "--project", "/work/b"], "file:///work/b", "0.1.0"],
  ]);
  assert.equal(await registered[0].provider.resolveMcpServerDefinition(definitions[0]), definitions[0]);
  assert.equal(given.prepared, 1);
  offer.changed();
  assert.equal(changes.fired, 1);
});

test("no server found: nothing offered yet; a failed preparation does not start it", async () => {
  let provider: any;
  const api: McpApi = {
    lm: { registerMcpServerDefinitionProvider: (_id, given) => { provider = given; return { dispose() {} }; } },
    McpStdioServerDefinition: Definition,
    Uri: { file: (p) => p },
  };
  offerMcpServer(api, source({ server: async () => undefined }), emitter());
  assert.deepEqual(await provider.provideMcpServerDefinitions(), []);
  offerMcpServer(api, source({ prepare: async () => false }), emitter());
  const [definition] = await provider.provideMcpServerDefinitions();
  assert.equal(await provider.resolveMcpServerDefinition(definition), undefined);
});

test("package.json contributes the provider id the extension registers", () => {
  const manifest = JSON.parse(readFileSync("package.json", "utf-8"));
  assert.deepEqual(manifest.contributes.mcpServerDefinitionProviders.map((p: { id: string }) => p.id), [MCP_PROVIDER_ID]);
});
