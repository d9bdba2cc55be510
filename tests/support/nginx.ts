import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A real load balancer in front of the shop's instances: Debian's nginx (`apt-get install nginx-light`),
 * started by the test with a configuration of its own in a temporary folder, round-robin over the
 * given upstreams. Each answer names the upstream that gave it (`X-Upstream`), so a test can see that
 * both instances served.
 */
export const NGINX = "/usr/sbin/nginx";

export function nginxUnavailable(): string | null {
  return existsSync(NGINX) ? null : `no ${NGINX} (apt-get install nginx-light)`;
}

export interface LoadBalancer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startNginx(port: number, upstreams: string[]): Promise<LoadBalancer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-nginx-"));
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, temp));
  // nginx's workers run as nobody when it is started as root: they must reach the temp folders.
  chmodSync(dir, 0o777);
  const servers = upstreams.map((u) => `    server ${new URL(u).host};`).join("\n");
  const conf = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream shop {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, conf);
  const child: ChildProcess = spawn(NGINX, ["-c", file, "-p", dir], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not answer within 10 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
