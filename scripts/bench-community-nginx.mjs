// nginx in front of two server instances for the community bench's scale-out run: Debian's nginx
// (NGINX_BIN, default /usr/sbin/nginx), a config written into a temp folder, run in the foreground
// as a child process on a loopback port, WebSocket upgrades passed through, the client's address in
// X-Forwarded-For (the instances run with TRUST_PROXY=1).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep, stoppable } from './bench-lib.mjs';

export const NGINX_BIN = process.env.NGINX_BIN || '/usr/sbin/nginx';

/** The config: one upstream of `ports`, keep-alive to them, upgrades for /api/realtime. */
export function nginxConfig({ port, upstreamPorts, dir }) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 32768; }
worker_rlimit_nofile 65536;
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream cofound {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 256;
  }
  server {
    listen 127.0.0.1:${port};
    location /api/realtime {
      proxy_pass http://cofound;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 3600s;
    }
    location / {
      proxy_pass http://cofound;
      proxy_http_version 1.1;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

/** Starts nginx on `port` in front of `upstreamPorts`; answers { pid, stop }. */
export async function startNginx({ port, upstreamPorts }) {
  if (!existsSync(NGINX_BIN))
    throw new Error(`${NGINX_BIN} is missing (apt-get install nginx, or set NGINX_BIN)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cofound-bench-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, d));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ port, upstreamPorts, dir }));
  const proc = spawn(NGINX_BIN, ['-c', conf, '-p', dir, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const { stop, exited } = stoppable(proc);
  for (let i = 0; i < 100; i++) {
    if (exited()) throw new Error(`nginx exited during start (code ${exited().code}); see ${dir}/error.log`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok)
        return {
          pid: proc.pid,
          dir,
          stop: async () => {
            await stop();
            rmSync(dir, { recursive: true, force: true });
          },
        };
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error('nginx did not answer /api/health within 10 s');
}
