import assert from "node:assert/strict";
import { test } from "node:test";

import { SERVER_KEYS, serverSettings } from "../src/settings";

test("settings map to the server's flat keys, empty ones left to the server's defaults", () => {
  const values: Record<string, unknown> = {
    userProfileDir: "",
    projectProfileDir: ".cursor/profile",
    memoryDirs: ["agents/a/memory"],
    limits: { "user-profile": 60 },
    severity: { PM011: "off" },
    language: "en",
    debounceMs: 0,
    "server.command": ["pmem", "serve"],
  };
  assert.deepEqual(serverSettings((key) => values[key]), {
    projectProfileDir: ".cursor/profile",
    memoryDirs: ["agents/a/memory"],
    limits: { "user-profile": 60 },
    severity: { PM011: "off" },
    language: "en",
    debounceMs: 0,
  });
});

test("every server key is declared in package.json with a description and a default", async () => {
  const manifest = JSON.parse((await import("node:fs")).readFileSync("package.json", "utf-8"));
  const properties = manifest.contributes.configuration.properties;
  for (const key of SERVER_KEYS) {
    const property = properties[`profileMemory.${key}`];
    assert.ok(property, key);
    assert.ok(property.description || property.markdownDescription, key);
    assert.ok("default" in property, key);
  }
});
