import assert from "node:assert/strict";
import { test } from "node:test";

import { Lookups, resolveServerCommand } from "../src/serverCommand";

function lookups(overrides: Partial<Lookups>): Lookups {
  return {
    setting: [],
    which: async () => undefined,
    pythonExtensionInterpreter: async () => undefined,
    hasProfileMemory: async () => false,
    privateVenvPmem: async () => undefined,
    log: () => undefined,
    ...overrides,
  };
}

test("the setting wins over everything", async () => {
  const found = await resolveServerCommand(lookups({ setting: ["/opt/pmem", "serve", "-v"], which: async () => "/usr/bin/pmem" }));
  assert.deepEqual(found, { command: "/opt/pmem", args: ["serve", "-v"], source: "setting" });
});

test("an empty setting falls through to pmem on PATH", async () => {
  const found = await resolveServerCommand(lookups({ setting: ["  "], which: async (name) => (name === "pmem" ? "/usr/bin/pmem" : undefined) }));
  assert.deepEqual(found, { command: "/usr/bin/pmem", args: ["serve"], source: "path" });
});

test("then the Python extension's interpreter, only when profile_memory is installed there", async () => {
  const withModule = await resolveServerCommand(lookups({
    pythonExtensionInterpreter: async () => "/venv/bin/python",
    hasProfileMemory: async (python) => python === "/venv/bin/python",
  }));
  assert.deepEqual(withModule, { command: "/venv/bin/python", args: ["-m", "profile_memory", "serve"], source: "python-extension" });
  const without = await resolveServerCommand(lookups({
    pythonExtensionInterpreter: async () => "/venv/bin/python",
    privateVenvPmem: async () => "/storage/venv/bin/pmem",
  }));
  assert.deepEqual(without, { command: "/storage/venv/bin/pmem", args: ["serve"], source: "private-venv" });
});

test("nothing found says so in the log", async () => {
  const messages: string[] = [];
  assert.equal(await resolveServerCommand(lookups({ log: (m) => messages.push(m) })), undefined);
  assert.deepEqual(messages, ["pmem is not on PATH", "No interpreter from the Python extension", "No server found"]);
});
