import { spawn } from "node:child_process";

/** Runs a command with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      ...options,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", ...options.env },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

export const bin = (name) => `node_modules/.bin/${name}`;

/** `wrangler pages dev` arguments: the built site on 127.0.0.1:`port`, without the interactive key bindings. */
export const pagesDevArgs = (port) => [
  "pages",
  "dev",
  "./public",
  "--ip",
  "127.0.0.1",
  "--port",
  String(port),
  "--show-interactive-dev-session=false",
];
