#!/usr/bin/env node
// Runs an npm script's command under Node >= 22.12, which the Cloudflare toolchain needs (docs/decisions/001).
// Plain JavaScript on purpose: it must run on whatever Node a machine has (our CI machines ship Node 20).
// When the running Node is older, Node 24 is fetched once from the npm registry (package node-<os>-<cpu>)
// into .cache/node24, the same folder scripts/ensure-node.sh uses, and the command runs with it first on PATH,
// so every `node`, `npm`, `vite` or `wrangler` it starts is the new one.
//
// Usage in package.json: "dev": "node scripts/with-node.mjs 'npm run db:migrate:local && vite'"; arguments
// after the command (npm run dev -- --port 5180) are appended to it, shell-quoted.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [command, ...extra] = process.argv.slice(2);
if (!command) {
  console.error("with-node: no command given");
  process.exit(2);
}

const modern = () => {
  const [major, minor] = process.versions.node.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 12);
};

/** The folder holding a Node 24 `node` binary, fetched on first use. */
function node24Bin() {
  const dir = path.join(root, ".cache", "node24");
  const bin = path.join(dir, "package", "bin");
  if (existsSync(path.join(bin, "node"))) return bin;
  const os = { linux: "linux", darwin: "darwin" }[process.platform];
  const cpu = { x64: "x64", arm64: "arm64" }[process.arch];
  if (!os || !cpu)
    throw new Error(`no Node 24 package for ${process.platform}/${process.arch}; install Node 22.12 or newer`);
  console.error(
    `with-node: Node ${process.versions.node} is too old for this project; fetching Node 24 from the npm registry (once)`,
  );
  // Fetched into a folder of this process's own and moved into place in one rename: several scripts may start at
  // once on a new machine (.ci/run starts the typecheck beside the tests), and each must find a whole Node or none.
  const own = path.join(root, ".cache", `node24.${process.pid}.tmp`);
  rmSync(own, { recursive: true, force: true });
  mkdirSync(own, { recursive: true });
  try {
    execFileSync("npm", ["pack", `node-${os}-${cpu}@24`, "--silent"], {
      cwd: own,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const tarball = readdirSync(own).find((f) => f.endsWith(".tgz"));
    if (!tarball) throw new Error("npm pack left no tarball");
    execFileSync("tar", ["xzf", tarball], { cwd: own, stdio: "inherit" });
    mkdirSync(dir, { recursive: true });
    try {
      renameSync(path.join(own, "package"), path.join(dir, "package"));
    } catch (error) {
      // Another script moved its copy in first: use that one.
      if (!existsSync(path.join(bin, "node"))) throw error;
    }
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
  return bin;
}

const quote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
const line = [command, ...extra.map(quote)].join(" ");

let env = process.env;
if (!modern()) {
  try {
    env = { ...process.env, PATH: `${node24Bin()}${path.delimiter}${process.env.PATH ?? ""}` };
  } catch (error) {
    console.error(`with-node: ${error.message}`);
    process.exit(1);
  }
}

const child = spawn(line, { stdio: "inherit", shell: true, env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
