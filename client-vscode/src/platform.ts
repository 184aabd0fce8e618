// Where things live on each operating system: a virtual environment's pip and pmem (`bin/` on
// Linux and macOS, `Scripts\*.exe` on Windows), the names a command may have on PATH (PATHEXT on
// Windows), and the Python interpreters to offer for the install (the `py` launcher on Windows).
// Pure: the platform is a parameter, so the logic of every platform is unit-tested on any.

import * as path from "path";

import { l10n } from "./l10n";

export type Platform = "win32" | "darwin" | "linux" | string;

/** A command with the arguments that always come first (`py -3`). */
export interface Interpreter {
  command: string;
  args: string[];
}

function paths(platform: Platform): path.PlatformPath {
  return platform === "win32" ? path.win32 : path.posix;
}

/** The path of an executable a virtual environment installs (`pip`, `pmem`, `python`). */
export function venvExecutable(venv: string, name: string, platform: Platform): string {
  return platform === "win32" ? path.win32.join(venv, "Scripts", `${name}.exe`) : path.posix.join(venv, "bin", name);
}

/** Every path `which(name)` tries, in order: each PATH folder, and on Windows each PATHEXT ending. */
export function commandCandidates(name: string, env: Record<string, string | undefined>, platform: Platform): string[] {
  const win = platform === "win32";
  const search = (win ? env.PATH ?? env.Path : env.PATH) ?? "";
  const folders = search.split(win ? ";" : ":").filter((folder) => folder.trim() !== "");
  const endings = win ? (env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean).map((e) => e.toLowerCase()) : [""];
  const names = win && /\.[a-z0-9]+$/i.test(name) ? [name] : endings.map((ending) => `${name}${ending}`);
  return folders.flatMap((folder) => names.map((file) => paths(platform).join(folder.replace(/^"(.*)"$/, "$1"), file)));
}

/** The interpreters to try for the install, as commands to look up on PATH: Windows has the `py`
 * launcher (`py -3` picks the newest Python 3) and `python`; elsewhere `python3`. */
export function interpreterCommands(platform: Platform): Interpreter[] {
  return platform === "win32"
    ? [{ command: "py", args: ["-3"] }, { command: "python", args: [] }]
    : [{ command: "python3", args: [] }];
}

/** How an interpreter reads in a list and in messages. */
export function interpreterLabel(interpreter: Interpreter): string {
  return [interpreter.command, ...interpreter.args].join(" ");
}

/** How to get a Python new enough where the one found is too old. */
export function newerPythonHint(platform: Platform): string {
  if (platform === "darwin") {
    return l10n.t("macOS's own python3 is 3.9: install a newer one with `brew install python@3.12` or from python.org, then choose it here");
  }
  if (platform === "win32") {
    return l10n.t("install Python 3.10 or newer from python.org (with the py launcher), then choose it here");
  }
  return l10n.t("install python3.10 or newer with your package manager (or from python.org), then choose it here");
}
