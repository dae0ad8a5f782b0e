// What the browser tests share: starting a server and reading its address, and launching
// Debian's Chromium as the brief for this project's tests says.
import { spawn } from 'node:child_process';

// Starts `command`; resolves to [child, address], the address made by `toAddress` from the
// first match of `pattern` in its output.
export function startServer(command, args, pattern, toAddress = (m) => m) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const read = (d) => {
      out += d;
      const m = out.match(pattern);
      if (m) resolve([child, toAddress(m[1])]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${out}`)));
  });
}

// Serves folder `dir` with a plain static file server (no rings process): [child, address].
export function startStaticServer(dir) {
  return startServer('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, '0'],
    /port (\d+)/, (port) => `http://127.0.0.1:${port}`);
}

export async function launch(chromium, profile, options = {}) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    ...options,
  });
  context.setDefaultTimeout(15000);
  return context;
}
