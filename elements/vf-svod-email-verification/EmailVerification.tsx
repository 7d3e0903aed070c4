/**
 * The email-verification modal opened by a mailed link (`?vtype=emailverification&vtoken=…`):
 * it confirms the address at once, showing progress, then the outcome; a signed-in reader's
 * record in the store is updated. A refused link says so; a failed call offers a retry.
 */
import { useEffect, useRef } from 'react';
import { useVerifyEmailMutation } from '../../core/api/account.ts';
import { AccountModal } from '../ui/AccountModal.tsx';
import { Button } from '../ui/Button.tsx';
import { isRefusedLink, loginFailure } from '../ui/loginErrors.ts';
import { useT } from '../ui/useIntl.ts';

export interface EmailVerificationProps {
  vtoken?: string;
}

export function EmailVerification({ vtoken }: EmailVerificationProps) {
  const t = useT();
  if (!vtoken) return null;
  return <AccountModal title={t('base.verify.title')}>{(close) => <Confirmation token={vtoken} close={close} />}</AccountModal>;
}

function Confirmation({ token, close }: { token: string; close(): void }) {
  const t = useT();
  const [verify, state] = useVerifyEmailMutation();
  const outcome = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    void verify({ token });
  }, [verify, token]);
  const settled = state.isSuccess || state.isError;
  useEffect(() => {
    if (settled) outcome.current?.focus();
  }, [settled]);

  if (!settled) {
    return (
      <p className="vf-form" role="status" aria-busy="true">
        {t('base.verify.busy')}
      </p>
    );
  }
  const refused = state.isError && isRefusedLink(state.error);
  const message = state.isSuccess ? 'base.verify.done' : refused ? 'base.verify.expired' : (loginFailure(state.error).form ?? 'base.error.something_went_wrong');
  return (
    <div className="vf-form">
      <p ref={outcome} className={state.isError ? 'vf-error' : undefined} role={state.isError ? 'alert' : 'status'} tabIndex={-1}>
        {t(message)}
      </p>
      {state.isError && !refused ? (
        <Button variant="primary" onClick={() => void verify({ token })}>
          {t('base.verify.retry')}
        </Button>
      ) : null}
      <Button variant={state.isError && !refused ? 'secondary' : 'primary'} onClick={close}>
        {t('base.dialog.close')}
      </Button>
    </div>
  );
}
