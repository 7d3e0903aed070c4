/**
 * "Appeal this decision" from the author's own restricted item (docs/law.md "Appeals"; DSA Art.
 * 20): the statement of reasons about the item with its appeal form (elements/ui/legal/
 * StatementPanel.tsx) in a modal dialog, with the same keyboard rules as the notice form. A chunk
 * of its own, fetched when first opened.
 */
import { useId } from 'react';
import { Button } from '../Button.tsx';
import { CloseIcon } from '../CloseIcon.tsx';
import { useT } from '../useIntl.ts';
import { StatementPanel } from '../legal/StatementPanel.tsx';
import noticeCss from './notice.css';
import { useModalDialog } from './useModalDialog.ts';

export interface AppealDialogProps {
  contentUuid: string;
  onClose(): void;
}

export function AppealDialog({ contentUuid, onClose }: AppealDialogProps) {
  const t = useT();
  const titleId = `${useId()}-title`;
  const { dialog, onKeyDown } = useModalDialog(noticeCss);
  return (
    <dialog ref={dialog} className="vf-dialog vf-notice-dialog" aria-labelledby={titleId} onKeyDown={onKeyDown} onClose={onClose}>
      <div className="vf-dialog__header">
        <h2 id={titleId} className="vf-dialog__title">
          {t('base.notice.appealEntry')}
        </h2>
        <Button variant="ghost" aria-label={t('base.dialog.close')} onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <div className="vf-dialog__body">
        <StatementPanel contentUuid={contentUuid} onClose={onClose} headingLevel={3} />
      </div>
    </dialog>
  );
}
