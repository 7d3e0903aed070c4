/**
 * "Appeal this decision" from the author's own restricted item (docs/law.md "Appeals"; DSA Art.
 * 20): the statement of reasons about the item with its appeal form (elements/ui/legal/
 * StatementPanel.tsx) in a modal dialog, with the same keyboard rules as the notice form. A chunk
 * of its own, fetched when first opened.
 */
import { useId } from 'react';
import { useT } from '../useIntl.ts';
import { StatementPanel } from '../legal/StatementPanel.tsx';
import { DialogFrame } from './DialogFrame.tsx';
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
    <DialogFrame dialog={dialog} onKeyDown={onKeyDown} title={t('base.notice.appealEntry')} titleId={titleId} onClose={onClose}>
      <StatementPanel contentUuid={contentUuid} onClose={onClose} headingLevel={3} />
    </DialogFrame>
  );
}
