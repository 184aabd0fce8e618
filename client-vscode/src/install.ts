// Installing the bundled server: what to check in the interpreter first, and how to say why an
// install failed, in the notification itself. Pure.

import { l10n } from "./l10n";
import { Platform, newerPythonHint } from "./platform";

/** Run by the interpreter a user picked: its version, and whether it can make a venv. */
export const PROBE = [
  "-c",
  "import sys\ntry:\n import venv, ensurepip\n ok = 'venv'\nexcept ImportError:\n ok = 'no-venv'\nprint(sys.version_info[0], sys.version_info[1], ok)",
];

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  missing?: boolean; // the command could not be started at all (no such file)
}

/** Why this interpreter cannot host the server, or undefined when it can. */
export function interpreterProblem(python: string, probe: Ran, platform: Platform = process.platform): string | undefined {
  if (probe.missing) {
    return l10n.t("{0} was not found", python);
  }
  const match = /^(\d+) (\d+) (venv|no-venv)\s*$/.exec(probe.stdout.trim());
  if (probe.code !== 0 || !match) {
    return l10n.t("{0} is not a Python interpreter", python);
  }
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major < 3 || (major === 3 && minor < 10)) {
    return l10n.t("{0} is Python {1}.{2}; the server needs Python 3.10 or newer ({3})", python, major, minor, newerPythonHint(platform));
  }
  if (match[3] === "no-venv") {
    return platform === "linux"
      ? l10n.t("{0} has no venv module (on Debian or Ubuntu: sudo apt install python{1}.{2}-venv)", python, major, minor)
      : l10n.t("{0} has no venv module: install Python from python.org, which has it", python);
  }
  return undefined;
}

const NETWORK = /(Failed to establish a new connection|Temporary failure in name resolution|Network is unreachable|No matching distribution found|Could not fetch URL|ConnectionError|ReadTimeout)/;

/** Why `pip install` failed, in a sentence (the output has the rest). */
export function installProblem(result: Ran): string {
  const text = `${result.stdout}\n${result.stderr}`;
  if (NETWORK.test(text)) {
    return l10n.t("pip could not download the server's dependencies from PyPI: a network connection is needed");
  }
  if (/No space left on device/.test(text)) {
    return l10n.t("the disk is full");
  }
  const last = text.trim().split("\n").filter((line) => /error/i.test(line)).pop();
  return last ? last.trim().slice(0, 200) : l10n.t("pip exited with code {0}", result.code);
}
