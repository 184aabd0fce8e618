// Finding the language server, in order: the setting, `pmem` on PATH, the Python extension's
// interpreter (when profile_memory is installed there), the private environment this extension
// installed. Pure: every look-up is passed in, so the order is unit-tested without VS Code.

export interface ServerCommand {
  command: string;
  args: string[];
  source: "setting" | "path" | "python-extension" | "private-venv";
}

export interface Lookups {
  setting: string[] | undefined;
  which(name: string): Promise<string | undefined>;
  pythonExtensionInterpreter(): Promise<string | undefined>;
  hasProfileMemory(python: string): Promise<boolean>;
  privateVenvPmem(): Promise<string | undefined>;
  log(message: string): void;
}

export async function resolveServerCommand(lookups: Lookups): Promise<ServerCommand | undefined> {
  const setting = (lookups.setting ?? []).filter((part) => part.trim() !== "");
  if (setting.length > 0) {
    lookups.log(`Using profileMemory.server.command: ${setting.join(" ")}`);
    return { command: setting[0], args: setting.slice(1), source: "setting" };
  }
  const pmem = await lookups.which("pmem");
  if (pmem) {
    lookups.log(`Using pmem on PATH: ${pmem}`);
    return { command: pmem, args: ["serve"], source: "path" };
  }
  lookups.log("pmem is not on PATH");
  const python = await lookups.pythonExtensionInterpreter();
  if (python && (await lookups.hasProfileMemory(python))) {
    lookups.log(`Using the Python extension's interpreter: ${python}`);
    return { command: python, args: ["-m", "profile_memory", "serve"], source: "python-extension" };
  }
  lookups.log(python ? `profile_memory is not installed for ${python}` : "No interpreter from the Python extension");
  const privatePmem = await lookups.privateVenvPmem();
  if (privatePmem) {
    lookups.log(`Using the server installed by this extension: ${privatePmem}`);
    return { command: privatePmem, args: ["serve"], source: "private-venv" };
  }
  lookups.log("No server found");
  return undefined;
}
