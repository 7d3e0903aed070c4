/** "?": the queue's keys in a modal dialog (Escape or Close shuts it, the focus returns). */
import { useEffect, useRef } from 'react';
import { DialogHeader } from '../ui/DialogHeader.tsx';
import { useT } from '../ui/useIntl.ts';
import { KEYS } from './keys.ts';

const K = 'page_settings.moderationQueue';

/** `keys`: the tab's own keys and the message key of each (the content queues' by default). */
export function KeysDialog({ onClose, keys = KEYS.map(([key, name]) => [key, `${K}.keys.${name}`] as const) }: { onClose(): void; keys?: ReadonlyArray<readonly [string, string]> }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="vf-dialog" part="keys-dialog" aria-labelledby="vf-mq-keys-title" onClose={onClose}>
      <DialogHeader title={t(`${K}.keys.title`)} titleId="vf-mq-keys-title" onClose={onClose} />
      <dl className="vf-dialog__body vf-mq__keys">
        {keys.map(([key, message]) => (
          <div key={key}>
            <dt><kbd>{key}</kbd></dt>
            <dd>{t(message)}</dd>
          </div>
        ))}
      </dl>
    </dialog>
  );
}
