import { Workbox } from 'workbox-window';

/**
 * Offline support (the production build only): registers the service worker vite-plugin-pwa
 * generates (vite.config.ts), which precaches every built file. A newer build installs in the
 * background and waits: the page says so and offers a reload, and only then does the new worker
 * take over, so a page never runs one build's code with another's chunks.
 */
export function registerOffline(host: HTMLElement): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('./sw.js');
  wb.addEventListener('waiting', () => {
    const bar = document.createElement('div');
    bar.id = 'update-ready';
    bar.setAttribute('role', 'status');
    bar.textContent = 'A new version of the app is ready. ';
    const reload = document.createElement('button');
    reload.textContent = 'Reload now (the table is kept)';
    reload.onclick = () => {
      wb.addEventListener('controlling', () => location.reload());
      wb.messageSkipWaiting();
    };
    bar.append(reload);
    host.append(bar);
  });
  wb.register().catch(() => { /* no offline copy: the app still works online */ });
}
