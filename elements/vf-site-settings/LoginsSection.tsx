/**
 * The login methods configured for the site besides vf's own accounts (docs/login.md
 * "Configuring"), each with Turn off (its configuration is removed, asked first). Turning one on
 * takes its secrets, which stay with the login API (`PUT /sites/{uuid}/logins/{method}`).
 */
import { useId, useState } from 'react';
import { siteAdminApi, useSiteLoginsQuery } from '../../core/api/siteAdmin.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmInPlace } from '../ui/ConfirmInPlace.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { useT } from '../ui/useIntl.ts';
import { K, SectionFrame } from './SettingsSection.tsx';

function LoginMethod({ siteUuid, method }: { siteUuid: string; method: string }) {
  const t = useT();
  const online = useAppSelector(selectIsOnline);
  const [busy, run] = useRunMutation();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = useId();
  const name = t(`${K}.logins.method`, { method });
  const turnOff = async () => {
    setFailed(false);
    await run(siteAdminApi.endpoints.removeSiteLogin.initiate({ siteUuid, method })).catch(() => setFailed(true));
    setAsking(false);
  };
  return (
    <li className="vf-sset__login" part="login-method">
      <span id={`${id}-name`}>{name}</span>
      {asking ? (
        <ConfirmInPlace question={t(`${K}.logins.confirm`, { method: name })} confirmLabel={t(`${K}.logins.turnOff`)} busy={busy} onConfirm={() => void turnOff()} onCancel={() => setAsking(false)} />
      ) : (
        <Button disabled={!online} onClick={() => setAsking(true)} aria-describedby={`${id}-name`}>{t(`${K}.logins.turnOff`)}</Button>
      )}
      {failed ? <p className="vf-error" role="alert">{t(`${K}.logins.failed`)}</p> : null}
    </li>
  );
}

export function LoginsSection({ siteUuid }: { siteUuid: string }) {
  const t = useT();
  const query = useSiteLoginsQuery(siteUuid);
  const methods = query.currentData ? Object.keys(query.currentData) : null;
  let body;
  if (methods) {
    body = methods.length ? (
      <ul className="vf-sset__logins" part="login-methods">
        {methods.map((method) => <LoginMethod key={method} siteUuid={siteUuid} method={method} />)}
      </ul>
    ) : <p className="vf-sset__none">{t(`${K}.logins.none`)}</p>;
  } else if (query.isError) body = <ErrorState message={t(`${K}.logins.error`)} retryLabel={t(`${K}.retry`)} onRetry={() => void query.refetch()} />;
  else body = <div className="vf-sset__placeholder vf-sset__placeholder--logins"><Skeleton lines={4} label={t(`${K}.loading`)} /></div>;
  return <SectionFrame part="logins" title={t(`${K}.logins.title`)} intro={t(`${K}.logins.intro`)}>{body}</SectionFrame>;
}
