import assert from "node:assert/strict";
import { test } from "node:test";

import { interpreterProblem } from "../src/install";
import { commandCandidates, interpreterCommands, interpreterLabel, venvExecutable } from "../src/platform";

test("a virtual environment's pip and pmem: Scripts\\*.exe on Windows, bin/ on macOS and Linux", () => {
  assert.equal(venvExecutable("C:\\Users\\me\\AppData\\pm\\venv", "pip", "win32"), "C:\\Users\\me\\AppData\\pm\\venv\\Scripts\\pip.exe");
  assert.equal(venvExecutable("C:\\Users\\me\\AppData\\pm\\venv", "pmem", "win32"), "C:\\Users\\me\\AppData\\pm\\venv\\Scripts\\pmem.exe");
  assert.equal(venvExecutable("/Users/me/Library/pm/venv", "pip", "darwin"), "/Users/me/Library/pm/venv/bin/pip");
  assert.equal(venvExecutable("/home/me/.config/pm/venv", "pmem", "linux"), "/home/me/.config/pm/venv/bin/pmem");
});

test("which looks in each PATH folder, with each PATHEXT ending on Windows", () => {
  const env = { PATH: 'C:\\Python312\\Scripts;"C:\\Program Files\\pmem";;', PATHEXT: ".COM;.EXE;.CMD" };
  assert.deepEqual(commandCandidates("pmem", env, "win32"), [
    "C:\\Python312\\Scripts\\pmem.com",
    "C:\\Python312\\Scripts\\pmem.exe",
    "C:\\Python312\\Scripts\\pmem.cmd",
    "C:\\Program Files\\pmem\\pmem.com",
    "C:\\Program Files\\pmem\\pmem.exe",
    "C:\\Program Files\\pmem\\pmem.cmd",
  ]);
  assert.deepEqual(commandCandidates("py.exe", { Path: "C:\\Windows" }, "win32"), ["C:\\Windows\\py.exe"]);
  assert.deepEqual(commandCandidates("pmem", { PATH: "/opt/homebrew/bin:/usr/bin" }, "darwin"), ["/opt/homebrew/bin/pmem", "/usr/bin/pmem"]);
  assert.deepEqual(commandCandidates("pmem", {}, "linux"), []);
});

test("the interpreters offered: the py launcher and python on Windows, python3 elsewhere", () => {
  assert.deepEqual(interpreterCommands("win32").map(interpreterLabel), ["py -3", "python"]);
  assert.deepEqual(interpreterCommands("darwin").map(interpreterLabel), ["python3"]);
  assert.deepEqual(interpreterCommands("linux").map(interpreterLabel), ["python3"]);
});

test("an old Python says how to get a newer one, in the platform's words", () => {
  const old = { code: 0, stdout: "3 9 venv", stderr: "" };
  assert.match(interpreterProblem("/usr/bin/python3", old, "darwin") ?? "", /is Python 3\.9; the server needs Python 3\.10 or newer \(.*brew install python@3\.12.*python\.org/);
  assert.match(interpreterProblem("py -3", old, "win32") ?? "", /python\.org/);
  assert.match(interpreterProblem("python3", { code: 0, stdout: "3 12 no-venv", stderr: "" }, "darwin") ?? "", /no venv module: install Python from python\.org/);
});
