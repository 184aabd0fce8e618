// The extension's MCP server for VS Code's agent mode: the same pmem it starts for the language
// server, as `pmem mcp --project FOLDER` for each workspace folder, offered through the MCP server
// definition provider API (VS Code 1.101+). An editor without that API gets no MCP server and no
// error. Pure: the editor's API is passed in, so the offer is unit-tested without VS Code.

import type { ServerCommand } from "./serverCommand";

export const MCP_PROVIDER_ID = "profileMemory.mcp";

export interface McpLaunch {
  label: string;
  command: string;
  args: string[];
  cwd: string;
}

export interface Folder {
  name: string;
  path: string;
}

/** `pmem mcp` for one folder, from the language server's command: what precedes `serve` (the
 * interpreter and `-m profile_memory`, or pmem itself), then `mcp`. None when the command has no
 * `serve` (a setting that starts something else: nothing to derive from it). */
export function mcpLaunch(server: ServerCommand, folder: Folder, many: boolean, userDir?: string): McpLaunch | undefined {
  const serve = server.args.lastIndexOf("serve");
  if (serve < 0) {
    return undefined;
  }
  const args = [...server.args.slice(0, serve), "mcp", "--project", folder.path];
  if (userDir?.trim()) {
    args.push("--user-dir", userDir.trim());
  }
  const label = many ? `Profile Memory (${folder.name})` : "Profile Memory";
  return { label, command: server.command, args, cwd: folder.path };
}

/** The parts of VS Code's API the offer uses (`any` where @types/vscode predates them). */
export interface McpApi {
  lm?: { registerMcpServerDefinitionProvider?: (id: string, provider: unknown) => { dispose(): unknown } };
  McpStdioServerDefinition?: new (label: string, command: string, args?: string[], env?: Record<string, string>, version?: string) => any;
  Uri: { file(path: string): unknown };
}

export interface McpSource {
  server(): Promise<ServerCommand | undefined>;
  folders(): Folder[];
  userDir(): string | undefined;
  /** Before VS Code starts the server: make sure it can (the private environment gets the extra). */
  prepare(server: ServerCommand): Promise<boolean>;
  version: string;
  log(message: string): void;
}

export interface McpOffer {
  /** Tell VS Code the servers changed (a folder added, the server installed, a setting). */
  changed(): void;
  dispose(): void;
}

/** Register the provider where the API exists; undefined (and a log line) where it does not. */
export function offerMcpServer(api: McpApi, source: McpSource, onChange: { event: unknown; fire(): void; dispose(): void }): McpOffer | undefined {
  const register = api.lm?.registerMcpServerDefinitionProvider;
  const Definition = api.McpStdioServerDefinition;
  if (typeof register !== "function" || typeof Definition !== "function") {
    source.log("This editor has no MCP server definition API (VS Code 1.101+): the MCP server is not offered; see `pmem mcp config --client vscode`");
    return undefined;
  }
  const launches = new Map<string, McpLaunch>();
  let found: ServerCommand | undefined;
  const provider = {
    onDidChangeMcpServerDefinitions: onChange.event,
    onDidChangeServerDefinitions: onChange.event, // its name in VS Code 1.100's proposal of the API
    provideMcpServerDefinitions: async () => {
      found = await source.server();
      const folders = source.folders();
      const definitions = [];
      launches.clear();
      for (const folder of folders) {
        const launch = found && mcpLaunch(found, folder, folders.length > 1, source.userDir());
        if (!launch) {
          continue;
        }
        const definition = new Definition(launch.label, launch.command, launch.args, {}, source.version);
        definition.cwd = api.Uri.file(launch.cwd);
        launches.set(launch.label, launch);
        definitions.push(definition);
      }
      source.log(found
        ? `Offered to VS Code's agent mode: ${[...launches.values()].map((l) => `${l.command} ${l.args.join(" ")}`).join("; ") || "nothing (no workspace folder, or profileMemory.server.command has no `serve`)"}`
        : "No pmem found: the MCP server is offered once the language server is installed");
      return definitions;
    },
    resolveMcpServerDefinition: async (definition: { label: string }) => {
      if (found && launches.has(definition.label) && !(await source.prepare(found))) {
        return undefined; // VS Code then does not start it; the log says why
      }
      return definition;
    },
  };
  const registration = register(MCP_PROVIDER_ID, provider);
  source.log("Registered the MCP server definition provider");
  return {
    changed: () => onChange.fire(),
    dispose: () => {
      registration.dispose();
      onChange.dispose();
    },
  };
}
