/**
 * The tray's settings view for a signed-in reader: their email notifications (docs/notifications.md
 * "Email"; core/mail/types.ts). "How often" is a radio group (immediately, hourly digest, daily
 * digest, never) and "Email me about" a checkbox per category, set aside while the answer is never;
 * nothing is sent until Save, whose result a polite status ("Saved.") or an alert reads out. What
 * shows is the server's answer (core/api/mailPreferences.ts). A reader whose address is not
 * confirmed is told mails go only to a confirmed one, with the profile's resend control. States:
 * loading (a placeholder the form's size), error (Try again), offline (the form disabled, saying
 * why). Its own chunk, with its own constructed sheet (no `<style>` a strict CSP would refuse).
 */
import { useId, useState, type FormEvent } from 'react';
import { toApiError } from '../../core/api/errors.ts';
import { useMailPreferencesQuery, useUpdateMailPreferencesMutation } from '../../core/api/mailPreferences.ts';
import type { User } from '../../core/api/types.ts';
import { MAIL_CATEGORIES, MAIL_FREQUENCIES, type MailCategories, type MailFrequency, type MailPreferences } from '../../core/mail/types.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { OfflineNotice } from '../ui/OfflineNotice.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useAdoptedSheet } from '../ui/useAdoptedSheet.ts';
import { useT } from '../ui/useIntl.ts';
import emailSettingsCss from './emailSettings.css';
import { EmailVerificationNotice } from './EmailVerificationNotice.tsx';
import { useAutoClear } from './useAutoClear.ts';

/** The server mails confirmed addresses only (docs/notifications.md "Email"). */
function awaitsConfirmation(user: User): boolean {
  return !!user.email && user.email_verification_status !== 'approved';
}

export function EmailSettings({ user }: { user: User }) {
  const t = useT();
  const titleId = `${useId()}-email`;
  const styles = useAdoptedSheet(emailSettingsCss);
  const online = useAppSelector(selectIsOnline);
  // Read each time the view shows: a one-click unsubscribe in a mail changes them elsewhere.
  const preferences = useMailPreferencesQuery(user.uuid, { refetchOnMountOrArgChange: true });

  let body;
  if (preferences.data) {
    body = <PreferencesForm user={user} saved={preferences.data} />;
  } else if (preferences.isError && online) {
    body = <ErrorState message={t('base.emailSettings.loadError')} retryLabel={t('base.emailSettings.retry')} onRetry={() => void preferences.refetch()} />;
  } else if (online) {
    body = (
      <div className="vf-email-settings__placeholder">
        <Skeleton lines={8} label={t('base.loading')} />
      </div>
    );
  }

  return (
    <section ref={styles} className="vf-email-settings" part="email-settings" aria-labelledby={titleId}>
      <h3 id={titleId} className="vf-email-settings__title">
        {t('base.emailSettings.heading')}
      </h3>
      <OfflineNotice text={t('base.emailSettings.offline')} className="vf-email-settings__offline" />
      {awaitsConfirmation(user) && (
        <div className="vf-email-settings__unconfirmed" part="email-unconfirmed">
          <p>{t('base.emailSettings.unconfirmed')}</p>
          <EmailVerificationNotice user={user} />
        </div>
      )}
      {body}
    </section>
  );
}

interface PreferencesFormProps {
  user: User;
  /** The server's answer; the form starts from it again whenever a new one arrives. */
  saved: MailPreferences;
}

function PreferencesForm({ user, saved }: PreferencesFormProps) {
  const t = useT();
  const id = useId();
  const online = useAppSelector(selectIsOnline);
  const [frequency, setFrequency] = useState<MailFrequency>(saved.email_notice_frequency);
  const [categories, setCategories] = useState<MailCategories>(saved.categories);
  const [update, updating] = useUpdateMailPreferencesMutation();
  const [status, setStatus] = useAutoClear();
  const [error, setError] = useState<string | null>(null);
  // A new answer (saved, or read again) is what the form shows; the focus stays where it is.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setFrequency(saved.email_notice_frequency);
    setCategories(saved.categories);
  }
  const off = frequency === 'off';

  const changed = () => {
    setStatus(null);
    setError(null);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!online || updating.isLoading) return;
    changed();
    try {
      await update({ userUuid: user.uuid, change: { email_notice_frequency: frequency, categories } }).unwrap();
      setStatus(t('base.emailSettings.saved'));
    } catch (caught) {
      setError(t(toApiError(caught).error_status === 0 ? 'base.error.network' : 'base.emailSettings.saveFailed'));
    }
  };

  return (
    <form className="vf-email-settings__form" part="email-settings-form" noValidate onSubmit={(event) => void save(event)}>
      <fieldset className="vf-email-settings__group" part="email-frequency" disabled={!online}>
        <legend>{t('base.emailSettings.frequency.legend')}</legend>
        {MAIL_FREQUENCIES.map((value) => (
          <label key={value} className="vf-email-settings__choice">
            <input
              type="radio"
              name={`${id}-frequency`}
              value={value}
              checked={frequency === value}
              onChange={() => {
                setFrequency(value);
                changed();
              }}
            />
            {t(`base.emailSettings.frequency.${value}`)}
          </label>
        ))}
      </fieldset>
      <fieldset
        className="vf-email-settings__group"
        part="email-categories"
        disabled={!online || off}
        aria-describedby={off ? `${id}-off` : undefined}
      >
        <legend>{t('base.emailSettings.categories.legend')}</legend>
        {MAIL_CATEGORIES.map((category) => (
          <label key={category} className="vf-email-settings__choice">
            <input
              type="checkbox"
              name={category}
              checked={categories[category]}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setCategories((before) => ({ ...before, [category]: on }));
                changed();
              }}
            />
            {t(`base.emailSettings.category.${category}`)}
          </label>
        ))}
        {off && (
          <p id={`${id}-off`} className="vf-email-settings__hint">
            {t('base.emailSettings.categories.off')}
          </p>
        )}
      </fieldset>
      <div className="vf-email-settings__actions">
        <Button type="submit" variant="primary" busy={updating.isLoading} disabled={!online}>
          {t('base.emailSettings.save')}
        </Button>
        <p className="vf-email-settings__status" role="status">
          {status}
        </p>
      </div>
      <ErrorAlert message={error} />
    </form>
  );
}
