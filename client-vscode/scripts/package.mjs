// Builds the .vsix: the server wheel (into server/), the bundled extension, then `vsce package`.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";

const python = process.env.PYTHON ?? "python3";
rmSync("server", { recursive: true, force: true });
mkdirSync("server");
execFileSync(python, ["-m", "pip", "wheel", "--no-deps", "--quiet", "-w", "server", ".."], { stdio: "inherit" });
console.log(`server wheel: ${readdirSync("server").join(", ")}`);
execFileSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
execFileSync("npx", ["vsce", "package", "--no-dependencies", "--out", "profile-memory.vsix"], { stdio: "inherit" });
