import type { AppState, Commands } from '../state/store';

/** The message strip: shows the store's message; an info message goes by itself after 5 s. */
export function attachMessages(host: HTMLElement, cmd: Pick<Commands, 'clearMessage'>, get: () => AppState) {
  let shown: AppState['message'] = null;
  let hideTimer = 0;
  return (s: AppState) => {
    if (s.message === shown) return;
    shown = s.message;
    clearTimeout(hideTimer);
    if (s.message?.kind === 'info') {
      const m = s.message;
      hideTimer = window.setTimeout(() => {
        if (get().message === m) cmd.clearMessage();
      }, 5000);
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
