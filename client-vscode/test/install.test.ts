import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";

import { PROBE, installProblem, interpreterProblem } from "../src/install";

const ok = (stdout: string) => ({ code: 0, stdout, stderr: "" });

test("an interpreter that can host the server", () => {
  assert.equal(interpreterProblem("/usr/bin/python3", ok("3 11 venv\n")), undefined);
});

test("each reason an interpreter cannot, said plainly", () => {
  assert.equal(interpreterProblem("/nope/python", { code: 1, stdout: "", stderr: "", missing: true }), "/nope/python was not found");
  assert.equal(interpreterProblem("/bin/ls", { code: 2, stdout: "", stderr: "ls: invalid option" }), "/bin/ls is not a Python interpreter");
  assert.match(interpreterProblem("python3.8", ok("3 8 venv"), "linux") ?? "", /^python3\.8 is Python 3\.8; the server needs Python 3\.10 or newer \(install python3\.10 or newer/);
  assert.match(interpreterProblem("python3", ok("3 11 no-venv"), "linux") ?? "", /no venv module \(on Debian or Ubuntu: sudo apt install python3\.11-venv\)/);
});

test("the probe itself runs on this machine's Python", () => {
  const printed = execFileSync("python3", PROBE, { encoding: "utf-8" });
  assert.match(printed, /^3 \d+ (venv|no-venv)\n$/);
});

test("why pip failed: no network, a full disk, else its last error line", () => {
  assert.equal(
    installProblem({ code: 1, stdout: "", stderr: "WARNING: Retrying ... Failed to establish a new connection: [Errno -3] Temporary failure in name resolution\nERROR: No matching distribution found for pygls" }),
    "pip could not download the server's dependencies from PyPI: a network connection is needed",
  );
  assert.equal(installProblem({ code: 1, stdout: "", stderr: "OSError: [Errno 28] No space left on device" }), "the disk is full");
  assert.equal(installProblem({ code: 1, stdout: "", stderr: "ERROR: Package requires a different Python: 3.8.10 not in '>=3.10'" }),
    "ERROR: Package requires a different Python: 3.8.10 not in '>=3.10'");
  assert.equal(installProblem({ code: 3, stdout: "", stderr: "" }), "pip exited with code 3");
});
