/**
 * "Report illegal content" (DSA Art. 16, docs/law.md "Notices of illegal content"): a modal dialog
 * with what is reported (and a few words of it), the site's kinds of illegality
 * (`GET /legal/settings`; the defaults when that fails: the server checks the kind anyway), the
 * form, then a confirmation with the notice's reference and where the receipt went. A chunk of
 * its own with its endpoints and stylesheet, fetched the first time a reader opens it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useGetLegalSettingsQuery, type NoticeTarget } from '../../../core/api/notices.ts';
import { DEFAULT_ILLEGAL_KINDS } from '../../../core/legal/types.ts';
import { Button } from '../Button.tsx';
import { Skeleton } from '../Skeleton.tsx';
import { useT } from '../useIntl.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { NoticeForm, type NoticeSent } from './NoticeForm.tsx';
import noticeCss from './notice.css';
import { useModalDialog } from './useModalDialog.ts';

export interface NoticeDialogProps {
  target: NoticeTarget;
  /** What is reported, in words: "A comment by Ana". */
  subject: string;
  /** The start of its text, shown under the subject. */
  excerpt?: string;
  onClose(): void;
}

const EXCERPT_MAX = 160;
const shorten = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : flat;
};

function Confirmation({ sent, onClose }: { sent: NoticeSent; onClose(): void }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} className="vf-notice__done" tabIndex={-1} data-notice-state="sent">
      <p>{t('base.notice.sent')}</p>
      <p>
        {t('base.notice.reference')} <span className="vf-notice__reference">{sent.reference}</span>
      </p>
      <p>{sent.email ? t('base.notice.receipt', { email: sent.email }) : t('base.notice.keepReference')}</p>
      <div className="vf-editor__footer">
        <Button variant="primary" onClick={onClose}>
          {t('base.dialog.close')}
        </Button>
      </div>
    </div>
  );
}

export function NoticeDialog({ target, subject, excerpt, onClose }: NoticeDialogProps) {
  const t = useT();
  const id = useId();
  const { dialog, onKeyDown } = useModalDialog(noticeCss);
  const settings = useGetLegalSettingsQuery();
  const [sent, setSent] = useState<NoticeSent | null>(null);
  const kinds = settings.data?.illegal_kinds ?? (settings.isError ? [...DEFAULT_ILLEGAL_KINDS] : null);

  // Once the kinds are in, the first field takes focus from the close button showModal() gave it.
  const ready = kinds !== null;
  useEffect(() => {
    if (ready) dialog.current?.querySelector<HTMLSelectElement>('select[name="kind"]')?.focus();
  }, [ready, dialog]);

  const titleId = `${id}-title`;
  const introId = `${id}-intro`;
  const text = excerpt ? shorten(excerpt) : '';
  return (
    <DialogFrame dialog={dialog} onKeyDown={onKeyDown} title={t('base.notice.title')} titleId={titleId} describedBy={introId} onClose={onClose}>
      <p id={introId} className="vf-notice__intro">
        {t('base.notice.intro')}
      </p>
      <p className="vf-notice__subject">{subject}</p>
      {text ? <blockquote className="vf-notice__excerpt">{text}</blockquote> : null}
      {sent ? (
        <Confirmation sent={sent} onClose={onClose} />
      ) : kinds ? (
        <NoticeForm target={target} kinds={kinds} onCancel={onClose} onSent={setSent} />
      ) : (
        <Skeleton lines={6} label={t('base.loading')} />
      )}
    </DialogFrame>
  );
}
