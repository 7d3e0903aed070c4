/**
 * The notice's fields (DSA Art. 16(2), docs/law.md): the kind of illegality from the site's list,
 * the explanation, the reporter's name and email (optional for child sexual abuse material; a
 * signed-in reader's are filled in) and the good-faith statement. Checked on Send: each message
 * sits under its field (aria-describedby, aria-invalid) and focus goes to the first wrong field.
 * A refusal or a lost connection shows in an alert and keeps everything typed.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { usePostNoticeMutation, type NoticeBody, type NoticeTarget } from '../../../core/api/notices.ts';
import { toApiError } from '../../../core/api/errors.ts';
import { MAX_EXPLANATION, type Ground } from '../../../core/legal/types.ts';
import { isLoggedInUser, selectCurrentUser } from '../../../core/session/slice.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { Button } from '../Button.tsx';
import { LoginField } from '../LoginField.tsx';
import { groundLabel } from '../legal/legalText.ts';
import { useIntl, useT } from '../useIntl.ts';
import {
  contactOptional, firstInvalid, noticeFailure, REPORTER_EMAIL_MAX, REPORTER_NAME_MAX, validateNotice, waitText,
  type NoticeFailure, type NoticeField, type NoticeValues,
} from './noticeForm.ts';

export interface NoticeSent {
  reference: string;
  /** Where the receipt went; null: nowhere (an anonymous notice). */
  email: string | null;
}

export interface NoticeFormProps {
  target: NoticeTarget;
  kinds: Ground[];
  onCancel(): void;
  onSent(sent: NoticeSent): void;
}

export function NoticeForm({ target, kinds, onCancel, onSent }: NoticeFormProps) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const me = useAppSelector(selectCurrentUser);
  const user = isLoggedInUser(me) ? me : null;
  const [values, setValues] = useState<NoticeValues>(() => ({ kind: '', explanation: '', name: user?.name ?? '', email: user?.email ?? '', goodFaith: false }));
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<NoticeFailure | null>(null);
  const [send, { isLoading: busy }] = usePostNoticeMutation();
  const fields = useRef<Partial<Record<NoticeField, HTMLElement | null>>>({});

  const errors = attempted ? validateNotice(values) : {};
  const optional = contactOptional(values.kind);
  const update = <K extends keyof NoticeValues>(field: K, value: NoticeValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const errorId = (field: NoticeField) => `${id}-${field}-error`;
  const invalid = (field: NoticeField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const message = (field: NoticeField) =>
    errors[field] ? (
      <p id={errorId(field)} className="vf-error">
        {t(errors[field])}
      </p>
    ) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFailure(null);
    const wrong = firstInvalid(validateNotice(values));
    if (wrong) {
      fields.current[wrong]?.focus();
      return;
    }
    const name = values.name.trim();
    const email = values.email.trim();
    const body: NoticeBody = { target, kind: values.kind, explanation: values.explanation.trim(), good_faith: true };
    if (name) body.reporter_name = name;
    if (email) body.reporter_email = email;
    try {
      const receipt = await send(body).unwrap();
      // Without an email typed, the server uses a signed-in reader's own (docs/law.md "API").
      onSent({ reference: receipt.reference, email: email || user?.email || null });
    } catch (error) {
      setFailure(noticeFailure(toApiError(error), (seconds) => waitText(intl.formatNumber, seconds)));
    }
  };

  return (
    <form className="vf-form" noValidate onSubmit={submit}>
      {failure ? (
        <p className="vf-error vf-form__error" role="alert">
          {t(failure.key, failure.values)}
        </p>
      ) : null}
      <div className="vf-field">
        <label htmlFor={`${id}-kind`}>{t('base.notice.kindLabel')}</label>
        <select
          id={`${id}-kind`}
          ref={(el) => {
            fields.current.kind = el;
          }}
          name="kind"
          value={values.kind}
          onChange={(e) => update('kind', e.target.value)}
          {...invalid('kind')}
        >
          <option value="">{t('base.notice.kindChoose')}</option>
          {kinds.map((kind) => (
            <option key={kind.id} value={kind.id}>
              {groundLabel(t, 'illegal', kind.id, kind.label)}
            </option>
          ))}
        </select>
        {message('kind')}
      </div>
      <div className="vf-field">
        <label htmlFor={`${id}-explanation`}>{t('base.notice.explanation')}</label>
        <p id={`${id}-explanation-hint`} className="vf-notice__hint">
          {t('base.notice.explanationHint')}
        </p>
        <textarea
          id={`${id}-explanation`}
          ref={(el) => {
            fields.current.explanation = el;
          }}
          name="explanation"
          rows={5}
          maxLength={MAX_EXPLANATION}
          value={values.explanation}
          onChange={(e) => update('explanation', e.target.value)}
          aria-invalid={errors.explanation ? true : undefined}
          aria-describedby={[`${id}-explanation-hint`, errors.explanation ? errorId('explanation') : ''].filter(Boolean).join(' ')}
        />
        {message('explanation')}
      </div>
      {optional ? (
        <p className="vf-notice__hint" role="status">
          {t('base.notice.contactOptional')}
        </p>
      ) : null}
      <LoginField
        inputRef={(el) => {
          fields.current.name = el;
        }}
        name="name"
        label={t(optional ? 'base.notice.nameOptional' : 'base.notice.name')}
        autoComplete="name"
        maxLength={REPORTER_NAME_MAX}
        value={values.name}
        error={errors.name ? t(errors.name) : null}
        onChange={(e) => update('name', e.target.value)}
      />
      <LoginField
        inputRef={(el) => {
          fields.current.email = el;
        }}
        name="email"
        type="email"
        label={t(optional ? 'base.notice.emailOptional' : 'base.notice.email')}
        autoComplete="email"
        maxLength={REPORTER_EMAIL_MAX}
        value={values.email}
        error={errors.email ? t(errors.email) : null}
        onChange={(e) => update('email', e.target.value)}
      />
      <div className="vf-notice__check">
        <input
          id={`${id}-good-faith`}
          ref={(el) => {
            fields.current.goodFaith = el;
          }}
          type="checkbox"
          name="good_faith"
          checked={values.goodFaith}
          onChange={(e) => update('goodFaith', e.target.checked)}
          {...invalid('goodFaith')}
        />
        <label htmlFor={`${id}-good-faith`}>{t('base.notice.goodFaith')}</label>
        {message('goodFaith')}
      </div>
      <div className="vf-editor__footer">
        <Button variant="ghost" onClick={onCancel}>
          {t('base.editor.cancel')}
        </Button>
        <Button type="submit" variant="primary" busy={busy}>
          {t(busy ? 'base.notice.sending' : 'base.notice.send')}
        </Button>
      </div>
    </form>
  );
}
