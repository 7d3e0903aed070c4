/**
 * A dialog's header (`.vf-dialog__header`): its title, which the dialog is labelled by, and a
 * Close button.
 */
import { Button } from './Button.tsx';
import { CloseIcon } from './CloseIcon.tsx';
import { useT } from './useIntl.ts';

export function DialogHeader({ title, titleId, onClose }: { title: string; titleId: string; onClose(): void }) {
  const t = useT();
  return (
    <div className="vf-dialog__header">
      <h2 id={titleId} className="vf-dialog__title">
        {title}
      </h2>
      <Button variant="ghost" aria-label={t('base.dialog.close')} onClick={onClose}>
        <CloseIcon />
      </Button>
    </div>
  );
}
