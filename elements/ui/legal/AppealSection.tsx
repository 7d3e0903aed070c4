/**
 * A statement's appeal (docs/law.md "Appeals"; DSA Art. 20): once made, its state — waiting,
 * upheld or reversed — with the moderator's answer (and, on a site with one moderator, that the
 * one who decided also decided the appeal); before, for the reader the decision restricted, the
 * form (a text, Send) while the decision stands and the six months run, or that they have passed.
 * The text is kept as a draft until it is sent; once sent, the focus moves to its state.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { toApiError } from '../../../core/api/errors.ts';
import { useSendAppealMutation } from '../../../core/api/statements.ts';
import { MAX_APPEAL_TEXT, type Statement } from '../../../core/legal/types.ts';
import { selectIsOnline } from '../../../core/network/slice.ts';
import { selectCurrentUser } from '../../../core/session/slice.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { Editor } from '../Editor.tsx';
import { useNow } from '../useNow.ts';
import { useT } from '../useIntl.ts';

export interface AppealSectionProps {
  statement: Statement;
  headingLevel: 3 | 4 | 5;
  /** Says a result in the panel's polite live region. */
  onAnnounce(message: string): void;
}

export function AppealSection({ statement, headingLevel, onAnnounce }: AppealSectionProps) {
  const t = useT();
  const id = useId();
  const user = useAppSelector(selectCurrentUser);
  const online = useAppSelector(selectIsOnline);
  const now = Math.max(useNow(), Date.now());
  const [send, sending] = useSendAppealMutation();
  const [error, setError] = useState<string | null>(null);
  const stateHeading = useRef<HTMLHeadingElement>(null);
  const sentHere = useRef(false);
  const { appeal } = statement;
  const Heading = `h${headingLevel}` as 'h4';
  const headingId = `${id}-appeal`;

  // The form goes once the appeal is in: the focus follows to what replaced it.
  useEffect(() => {
    if (!appeal || !sentHere.current) return;
    sentHere.current = false;
    stateHeading.current?.focus();
  }, [appeal]);

  if (appeal) {
    return (
      <section className="vf-statement__appeal" part="appeal" aria-labelledby={headingId}>
        <Heading ref={stateHeading} id={headingId} className="vf-statement__subtitle" tabIndex={-1}>
          {t('base.legal.appeal.yours')}
        </Heading>
        <p data-field="appeal-state">{t(`base.legal.appeal.state.${appeal.state}`, { date: appeal.date_created })}</p>
        {appeal.explanation && (
          <>
            <p className="vf-statement__muted">{t('base.legal.appeal.answer')}</p>
            <blockquote className="vf-statement__excerpt">{appeal.explanation}</blockquote>
          </>
        )}
        {appeal.single_moderator && appeal.state !== 'open' && <p className="vf-statement__muted">{t('base.legal.appeal.singleModerator')}</p>}
      </section>
    );
  }

  // The reader the decision restricted appeals it; a moderator reading it does not.
  const restrictedReader = !statement.item.author_uuid || statement.item.author_uuid === user?.uuid;
  if (!restrictedReader || statement.state === 'reversed') return null;
  if (now > statement.appeal_until) return <p className="vf-statement__muted">{t('base.legal.appeal.closed')}</p>;

  const submit = async (text: string): Promise<boolean> => {
    if (!online) {
      setError(t('base.legal.appeal.offline'));
      return false;
    }
    setError(null);
    try {
      sentHere.current = true;
      await send({ statementUuid: statement.uuid, text }).unwrap();
      onAnnounce(t('base.legal.appeal.sent'));
      return true;
    } catch (caught) {
      sentHere.current = false;
      const status = toApiError(caught).error_status;
      setError(t(status === 0 ? 'base.error.network' : status === 409 ? 'base.legal.appeal.alreadyOpen' : 'base.legal.appeal.failed'));
      return false;
    }
  };

  return (
    <section className="vf-statement__appeal" part="appeal" aria-labelledby={headingId}>
      <Heading id={headingId} className="vf-statement__subtitle">
        {t('base.legal.appeal.heading')}
      </Heading>
      <p>{t('base.legal.appeal.intro')}</p>
      <Editor
        draftKey={`appeal:${statement.uuid}`}
        label={t('base.legal.appeal.text')}
        submitLabel={t('base.legal.appeal.send')}
        maxLength={MAX_APPEAL_TEXT}
        busy={sending.isLoading}
        error={error}
        onSubmit={submit}
        part="appeal-form"
      />
    </section>
  );
}
