/**
 * One button per social provider the site enables (`authprovider_social_providers`), shown in the
 * login dialog. A click runs the popup flow (core/session/socialLogin.ts); the clicked button is
 * busy while the popup is open, and a failure is shown in words, translated.
 */
import { useState } from 'react';
import type { User } from '../../core/api/types.ts';
import { toApiError } from '../../core/api/errors.ts';
import { loginApi } from '../../core/global-api/login.ts';
import { enabledSocialProviders, LOGIN_NOT_ENABLED, type SocialLoginType } from '../../core/settings/site.ts';
import { ANOTHER_FLOW, POPUP_BLOCKED, POPUP_CLOSED } from '../../core/session/socialLogin.ts';
import { selectSettings } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from './Button.tsx';
import { loginFailure } from './loginErrors.ts';
import { useT } from './useIntl.ts';

export interface SocialButtonsProps {
  onSuccess?(user: User, isNew: boolean): void;
}

const FLOW_ERRORS: Record<string, string> = {
  [POPUP_CLOSED]: 'base.social.error.closed',
  [ANOTHER_FLOW]: 'base.social.error.another',
  [POPUP_BLOCKED]: 'base.social.error.blocked',
  [LOGIN_NOT_ENABLED]: 'base.social.error.notEnabled',
};

/** The message key for a failed social login. */
export function socialFailureKey(error: unknown): string {
  const apiError = toApiError(error);
  const known = FLOW_ERRORS[apiError.message];
  if (known) return known;
  if (apiError.api_code || apiError.error_status === 0) return loginFailure(apiError).form ?? 'base.social.error.failed';
  return 'base.social.error.failed';
}

export function SocialButtons({ onSuccess }: SocialButtonsProps) {
  const t = useT();
  const settings = useAppSelector(selectSettings);
  const [busy, setBusy] = useState<SocialLoginType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const providers = settings ? enabledSocialProviders(settings) : [];
  if (providers.length === 0) return null;

  const start = async (type: SocialLoginType) => {
    setBusy(type);
    setError(null);
    try {
      const result = await loginApi.social(type);
      onSuccess?.(result.user, result.is_new);
    } catch (failure) {
      // A newer flow replaced this one: that flow owns the busy state and the outcome.
      if (toApiError(failure).message === ANOTHER_FLOW) return;
      setError(socialFailureKey(failure));
    }
    setBusy((current) => (current === type ? null : current));
  };

  return (
    <div className="vf-form" role="group" aria-label={t('base.social.group')} part="social-logins">
      {error ? (
        <p className="vf-error vf-form__error" role="alert">
          {t(error)}
        </p>
      ) : null}
      {providers.map((type) => (
        // The messages name the provider's brand from its type (an ICU select).
        <Button key={type} busy={busy === type} data-provider={type} onClick={() => void start(type)}>
          {t(busy === type ? 'base.social.busy' : 'base.social.button', { provider: type })}
        </Button>
      ))}
    </div>
  );
}
