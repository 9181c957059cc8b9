import { Workbox } from 'workbox-window';

/**
 * Offline support (the production build only): registers the service worker vite-plugin-pwa
 * generates (vite.config.ts), which precaches every built file. A newer build installs in the
 * background and waits: the page says so and offers a reload, and only then does the new worker
 * take over, so a page never runs one build's code with another's chunks. If the player takes
 * the new version in another tab, this tab (still running the old code) says so and offers the
 * same reload: its next chunk would come from the new build's precache, which no longer holds
 * the old build's files (e2e/update.spec.ts).
 */
export function registerOffline(host: HTMLElement): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('./sw.js');
  let reloading = false;
  const bar = (kind: 'waiting' | 'elsewhere', text: string) => {
    document.getElementById('update-ready')?.remove();
    const el = document.createElement('div');
    el.id = 'update-ready';
    el.dataset.kind = kind;
    el.setAttribute('role', 'status');
    el.textContent = text;
    const reload = document.createElement('button');
    reload.textContent = 'Reload now (the table is kept)';
    reload.onclick = () => {
      reloading = true;
      if (kind === 'elsewhere') {
        location.reload();
        return;
      }
      wb.addEventListener('controlling', () => location.reload());
      wb.messageSkipWaiting();
    };
    el.append(reload);
    host.append(el);
  };
  wb.addEventListener('waiting', () => bar('waiting', 'A new version of the app is ready. '));
  // a page that was already controlled sees its worker replaced: another tab took the new version
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !hadController) return;
    bar('elsewhere', 'The app was updated in another tab; this tab still runs the version it opened with. ');
  });
  wb.register().catch(() => {
    /* no offline copy: the app still works online */
  });
}
