/**
 * The profile view's email confirmation status (docs/accounts.md "Email verification"): on a site
 * with `enable_email_verification`, a reader whose address still awaits confirmation sees so, with
 * a button that mails a new link (`POST account/verify/resend`). The outcome is read out by a
 * polite live region that is always there; a failure (too many tries, offline) by an alert.
 */
import { useMemo, useState } from 'react';
import { useResendVerificationEmailMutation } from '../../core/api/account.ts';
import { toApiError } from '../../core/api/errors.ts';
import type { User } from '../../core/api/types.ts';
import { selectSettings } from '../../core/session/slice.ts';
import { resolveSiteSettings, type SiteSettings } from '../../core/settings/site.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';

/** The statuses the server mails a new link for (server/accounts/accountRoutes.ts). */
const AWAITING = new Set(['pending', 'pending_new']);

function awaitsEmailConfirmation(user: User, settings: Pick<SiteSettings, 'enable_email_verification'>): boolean {
  return settings.enable_email_verification && !user.social_login_provider && !!user.email && AWAITING.has(user.email_verification_status ?? 'none');
}

type Outcome = { kind: 'sent'; email: string } | { kind: 'not_needed' } | { kind: 'failed'; key: string } | null;

function failureOf(error: unknown): Outcome {
  const { error_status: status } = toApiError(error);
  if (status === 409) return { kind: 'not_needed' };
  if (status === 429) return { kind: 'failed', key: 'base.login.error.tooMany' };
  if (status === 0) return { kind: 'failed', key: 'base.error.network' };
  return { kind: 'failed', key: 'base.error.something_went_wrong' };
}

export function EmailVerificationNotice({ user }: { user: User }) {
  const t = useT();
  const stored = useAppSelector(selectSettings);
  const settings = useMemo(() => resolveSiteSettings(stored as Record<string, unknown> | null), [stored]);
  const [resend, { isLoading: busy }] = useResendVerificationEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const awaiting = awaitsEmailConfirmation(user, settings);
  // A 409 re-reads the reader (core/api/account.ts): once confirmed, only that answer stays.
  if (!awaiting && outcome?.kind !== 'not_needed') return null;

  const send = async () => {
    if (busy) return;
    setOutcome(null);
    try {
      await resend({ url: location.href }).unwrap();
      setOutcome({ kind: 'sent', email: user.email! });
    } catch (error) {
      setOutcome(failureOf(error));
    }
  };

  const status = outcome?.kind === 'sent' ? t('base.verifyNotice.sent', { email: outcome.email }) : outcome?.kind === 'not_needed' ? t('base.verifyNotice.notNeeded') : '';
  return (
    <div className="vf-verify-notice" part="email-verification">
      {awaiting && (
        <>
          <p>{t('base.verifyNotice.pending', { email: user.email })}</p>
          <Button busy={busy} onClick={() => void send()}>
            {t(busy ? 'base.verifyNotice.busy' : 'base.verifyNotice.resend')}
          </Button>
        </>
      )}
      <p className="vf-verify-notice__status" role="status">
        {status}
      </p>
      {outcome?.kind === 'failed' && (
        <p className="vf-tray__error" role="alert">
          {t(outcome.key)}
        </p>
      )}
    </div>
  );
}
