/** "Remove this …? This can't be undone." asked in place before a destructive action; focus starts on Cancel. */
import { useEffect, useRef } from 'react';
import { Button } from './Button.tsx';
import { useT } from './useIntl.ts';

export interface ConfirmInPlaceProps {
  question: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmInPlace({ question, confirmLabel, busy, onConfirm, onCancel }: ConfirmInPlaceProps) {
  const t = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className="vf-confirm" role="group" aria-label={question}>
      <p>{question}</p>
      <button ref={cancel} type="button" className="vf-button vf-button--ghost" onClick={onCancel}>
        {t('base.editor.cancel')}
      </button>
      <Button variant="primary" busy={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
