import type { AppState, Commands } from '../state/store';

/** How long an info message stays before it goes by itself (ms). */
const INFO_MS = 5000;

/**
 * The message strip: shows the store's message. An info message (a link opened, a file loaded, a link
 * shared) goes by itself after INFO_MS, at once on a tap on it, or as soon as the player touches anything
 * else on the page (read, then done with: on a phone it would otherwise lie over the ruling card the next
 * tap opens); an error stays until its OK, so its reason is read.
 */
export function attachMessages(host: HTMLElement, cmd: Pick<Commands, 'clearMessage'>, get: () => AppState) {
  let shown: AppState['message'] = null;
  let hideTimer = 0;
  host.addEventListener('click', () => {
    if (get().message?.kind === 'info') cmd.clearMessage();
  });
  // the player's next touch or click elsewhere (captured before the page's own handlers see it); a press on the
  // strip itself is its own click's to handle
  document.addEventListener(
    'pointerdown',
    (e) => {
      if (get().message?.kind === 'info' && !host.contains(e.target as Node)) cmd.clearMessage();
    },
    { capture: true },
  );
  return (s: AppState) => {
    if (s.message === shown) return;
    shown = s.message;
    clearTimeout(hideTimer);
    if (s.message?.kind === 'info') {
      const m = s.message;
      hideTimer = window.setTimeout(() => {
        if (get().message === m) cmd.clearMessage();
      }, INFO_MS);
    }
    if (!s.message) {
      host.removeAttribute('data-kind');
      host.textContent = '';
      return;
    }
    host.dataset.kind = s.message.kind;
    host.textContent = s.message.text;
    const close = document.createElement('button');
    close.textContent = 'OK';
    close.onclick = () => cmd.clearMessage();
    host.append(close);
  };
}
