/**
 * The post composer's formatting buttons (bold, italic, link, list, quote, image) above its
 * field. Each edits the text at the selection (markup.ts); Image opens a small form — alt text
 * and a file — that uploads through POST …/media and inserts the `![alt](media:uuid)` line.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { toApiError } from '../../core/api/errors.ts';
import { liveblogApi } from '../../core/api/liveblog.ts';
import { isBlankText } from '../../core/text/blankText.ts';
import { Button } from '../ui/Button.tsx';
import type { EditorHandle } from '../ui/Editor.tsx';
import { useT } from '../ui/useIntl.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { imageLine, insertLine, linkSelection, prefixLines, type TextEdit, wrapSelection } from './markup.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

export interface FormatToolbarProps {
  edit: EditorHandle;
  sectionUuid: string;
  containerUuid: string;
}

type Change = (text: string, start: number, end: number) => TextEdit;

export function FormatToolbar({ edit, sectionUuid, containerUuid }: FormatToolbarProps) {
  const t = useT();
  const [imageOpen, setImageOpen] = useState(false);
  const placeholder = t('conversations.liveblog.toolbar.placeholder');

  const apply = (change: Change) => {
    const field = edit.field.current;
    const start = field?.selectionStart ?? edit.text.length;
    const end = field?.selectionEnd ?? start;
    const { text, select } = change(edit.text, start, end);
    edit.replace(text, select);
  };

  const buttons: { id: string; run: Change }[] = [
    { id: 'bold', run: (text, s, e) => wrapSelection(text, s, e, '**', placeholder) },
    { id: 'italic', run: (text, s, e) => wrapSelection(text, s, e, '*', placeholder) },
    { id: 'link', run: (text, s, e) => linkSelection(text, s, e, t('conversations.liveblog.toolbar.linkText')) },
    { id: 'list', run: (text, s, e) => prefixLines(text, s, e, '- ') },
    { id: 'quote', run: (text, s, e) => prefixLines(text, s, e, '> ') },
  ];

  return (
    <>
      <div className="vf-format-toolbar" part="format-toolbar" role="group" aria-label={t('conversations.liveblog.toolbar.label')}>
        {buttons.map(({ id, run }) => (
          <Button key={id} variant="ghost" data-format={id} onClick={() => apply(run)}>
            {t(`conversations.liveblog.toolbar.${id}`)}
          </Button>
        ))}
        <Button variant="ghost" data-format="image" aria-expanded={imageOpen} onClick={() => setImageOpen((open) => !open)}>
          {t('conversations.liveblog.toolbar.image')}
        </Button>
      </div>
      {imageOpen ? (
        <ImageUpload
          sectionUuid={sectionUuid}
          containerUuid={containerUuid}
          onUploaded={(line) => {
            setImageOpen(false);
            apply((text, _s, e) => insertLine(text, e, line));
          }}
          onCancel={() => {
            setImageOpen(false);
            edit.field.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

interface ImageUploadProps {
  sectionUuid: string;
  containerUuid: string;
  onUploaded(line: string): void;
  onCancel(): void;
}

function ImageUpload({ sectionUuid, containerUuid, onUploaded, onCancel }: ImageUploadProps) {
  const t = useT();
  const ids = useId();
  const file = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useRunMutation();

  const upload = async () => {
    const chosen = file.current?.files?.[0];
    if (isBlankText(alt)) return setError(t('conversations.liveblog.image.altRequired'));
    if (!chosen) return setError(t('conversations.liveblog.image.fileRequired'));
    setError(null);
    try {
      const media = await run(liveblogApi.endpoints.uploadMedia.initiate({ sectionUuid, containerUuid, file: chosen }));
      onUploaded(imageLine(alt, media.media_uuid));
    } catch (failure) {
      setError(t(toApiError(failure).error_status === 0 ? 'base.error.network' : 'conversations.liveblog.image.error'));
    }
  };

  // Enter in the alt field uploads (it would otherwise publish the post: the field is in its form).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void upload();
  };

  return (
    <div className="vf-image-upload" part="image-upload" role="group" aria-label={t('conversations.liveblog.toolbar.image')}>
      <div className="vf-field">
        <label htmlFor={`${ids}-alt`}>{t('conversations.liveblog.image.alt')}</label>
        <input id={`${ids}-alt`} value={alt} autoFocus onChange={(event) => setAlt(event.currentTarget.value)} onKeyDown={onKeyDown} />
      </div>
      <div className="vf-field">
        <label htmlFor={`${ids}-file`}>{t('conversations.liveblog.image.file')}</label>
        <input id={`${ids}-file`} ref={file} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onKeyDown={onKeyDown} />
      </div>
      <ErrorAlert message={error} />
      <div className="vf-image-upload__actions">
        <Button variant="ghost" onClick={onCancel}>
          {t('base.editor.cancel')}
        </Button>
        <Button variant="primary" busy={busy} onClick={() => void upload()}>
          {t('conversations.liveblog.image.upload')}
        </Button>
      </div>
    </div>
  );
}
