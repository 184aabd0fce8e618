// Bundles the extension into dist/extension.js (one file; `vscode` is provided by the editor).
// With --tests, also bundles test/*.test.ts into out-test/ for node's test runner.
import { build } from "esbuild";
import { readdirSync } from "node:fs";

await build({
  entryPoints: ["src/extension.ts"],
  bundle: true,
  outfile: "dist/extension.js",
  format: "cjs",
  platform: "node",
  target: "node18",
  external: ["vscode"],
  sourcemap: true,
  logLevel: "warning",
});

if (process.argv.includes("--tests")) {
  await build({
    entryPoints: readdirSync("test").filter((name) => name.endsWith(".test.ts")).map((name) => `test/${name}`),
    bundle: true,
    outdir: "out-test",
    format: "cjs",
    platform: "node",
    target: "node18",
    external: ["vscode"],
    logLevel: "warning",
  });
}
