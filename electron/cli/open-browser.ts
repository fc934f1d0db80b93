// Opens a file or URL in the user's default browser, detached (the CLI does not wait for it), never failing the CLI.
import { spawn } from 'node:child_process';

export function openInBrowser(target: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [target]]
      : process.platform === 'win32'
        ? // Not `cmd /c start`: cmd would split a URL at its `&`s.
          ['rundll32', ['url.dll,FileProtocolHandler', target]]
        : ['xdg-open', [target]];
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
}
